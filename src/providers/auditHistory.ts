// The entries of Opsdesk's audit log that the project's database files under a record
// (`opsdesk.audit_log.history_of`, the demo's own generated column: an order's entries and its
// items', supabase/migrations/20250731100200_demo_order_history.sql), newest first, one page
// older than a cursor: one read its index serves, under the audit log's policy.
import { anyTable } from "./anyTable";
import type { ConsoleClient } from "./supabaseClient";

const COLUMNS =
  "id, at, actor_id, actor_email, schema_name, table_name, record_id, record_key, action, old, new, changed";

export function filedHistory(
  client: ConsoleClient,
  schema: string,
  tables: string[],
  recordId: string,
  pageLimit: number,
  beforeId: number | null,
) {
  // history_of is the project's own column on Opsdesk's table (not the install's): untyped.
  let query = anyTable(client, "audit_log", "opsdesk")
    .select(COLUMNS)
    .eq("history_of", recordId)
    .eq("schema_name", schema)
    .in("table_name", tables)
    .order("at", { ascending: false })
    .order("id", { ascending: false })
    .limit(pageLimit);
  if (beforeId !== null) query = query.lt("id", beforeId);
  return query;
}
