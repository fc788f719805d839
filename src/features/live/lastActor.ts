// Who last changed a record, from its newest audit entry (only for operators who may read
// the audit log; the answer is undefined otherwise).
import type { DataProvider } from "@refinedev/core";
import { backend } from "../../providers/backend";
import { findResource } from "../../resources";
import { decodeKey } from "../../schema/names";

export interface Actor {
  id?: string;
  email?: string;
}

export async function lastActor(data: DataProvider, table: string, recordId: string): Promise<Actor | undefined> {
  const def = findResource(table);
  if (def?.table) {
    // A table generated from the live schema: the project's opsdesk audit log.
    const key = decodeKey(recordId, def.keyColumns ?? [def.idColumn ?? "id"]) ?? {};
    const context = { resource: table, operation: "read" as const, describe: findResource };
    const [entry] = await backend.history(def.table, key, 1, null, context).catch(() => []);
    return entry ? { id: entry.actor_id ?? undefined, email: entry.actor_email ?? undefined } : undefined;
  }
  try {
    const { data: rows } = await data.getList<{ actor_id: string | null; actor_email: string | null }>({
      resource: "audit_log",
      pagination: { currentPage: 1, pageSize: 1, mode: "server" },
      sorters: [{ field: "at", order: "desc" }],
      filters: [
        { field: "table_name", operator: "eq", value: table },
        { field: "record_id", operator: "eq", value: recordId },
      ],
      meta: { select: "actor_id,actor_email" },
    });
    const row = rows[0];
    return row ? { id: row.actor_id ?? undefined, email: row.actor_email ?? undefined } : undefined;
  } catch {
    return undefined;
  }
}
