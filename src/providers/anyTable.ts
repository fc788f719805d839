// The generic resource data provider's one door to tables and functions known only at run time:
// a project's tables (tableData.ts reads any schema's), and Refine's `custom` calls, whose
// "rpc/<name>" is a string by Refine's interface. Everything else the console calls is typed by
// the generated Database types (supabaseClient.ts ConsoleClient); the names reaching here are
// typed where they are written (resources/rpc.ts rpcCustom, RpcCall).
import type { SupabaseClient } from "@supabase/supabase-js";
import type { ConsoleClient } from "./supabaseClient";

// biome-ignore lint/suspicious/noExplicitAny: a project's tables are known only at run time
type Untyped = SupabaseClient<any, any, any>;

const untyped = (client: ConsoleClient) => client as unknown as Untyped;

/** The query builder of `schema.table` (the client's default schema without one). */
export const anyTable = (client: ConsoleClient, table: string, schema?: string) =>
  schema ? untyped(client).schema(schema).from(table) : untyped(client).from(table);

/** A call of the public function `name`, known only at run time. */
export const anyRpc = (client: ConsoleClient, name: string, args: object, options?: { get?: boolean }) =>
  untyped(client).rpc(name, args, options);
