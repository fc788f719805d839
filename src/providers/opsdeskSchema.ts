// The one place the console reaches a project's `opsdesk` schema (docs/any-project.md) through
// supabase-js, typed by the schema's generated types (src/resources/database.types.ts).
import type { ConsoleClient } from "./supabaseClient";

/** supabase-js bound to the `opsdesk` schema: `.from(table)` and `.rpc(name, args)` there, typed. */
export const opsdeskSchema = (client: ConsoleClient) => client.schema("opsdesk");
