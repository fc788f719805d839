// Who last changed a record, from its newest audit entry (only for operators who may read
// the audit log; the answer is undefined otherwise).
import { backend } from "../../providers/backend";
import { findResource } from "../../resources";
import { decodeKey } from "../../schema/names";

export interface Actor {
  id?: string;
  email?: string;
}

export async function lastActor(table: string, recordId: string): Promise<Actor | undefined> {
  const def = findResource(table);
  if (!def) return undefined;
  // The record's newest entry in Opsdesk's audit log (shown to who may show the table).
  const key = decodeKey(recordId, def.keyColumns ?? [def.idColumn ?? "id"]) ?? {};
  const context = { resource: table, operation: "read" as const, describe: findResource };
  const [entry] = await backend
    .history(def.table ?? { schema: "public", name: def.name }, key, 1, null, context)
    .catch(() => []);
  return entry ? { id: entry.actor_id ?? undefined, email: entry.actor_email ?? undefined } : undefined;
}
