// The one place the console reaches a project's `opsdesk` schema (docs/any-project.md) through
// supabase-js. The schema is not in the demo's generated Database type, so its calls are
// untyped here; issue 29's typed calls give it its own Database type.
import type { SupabaseClient } from "@supabase/supabase-js";

/** supabase-js bound to the `opsdesk` schema: `.from(table)` and `.rpc(name, args)` there. */
// biome-ignore lint/suspicious/noExplicitAny: the `opsdesk` schema is not in the demo's Database type
export const opsdeskSchema = (client: SupabaseClient) => (client as SupabaseClient<any, any, any>).schema("opsdesk");
