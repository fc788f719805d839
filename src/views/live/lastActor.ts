// Who last changed a record, from its newest audit entry (only for operators who may read
// the audit log; the answer is undefined otherwise).
import type { DataProvider } from "@refinedev/core";

export interface Actor {
  id?: string;
  email?: string;
}

export async function lastActor(data: DataProvider, table: string, recordId: string): Promise<Actor | undefined> {
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
