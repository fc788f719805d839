// Where the operator's own rows live: in the demo's schema (public.saved_views, list_columns,
// operator_preferences) or, on a project with Opsdesk installed, in `opsdesk` (saved_views,
// list_columns, preferences; docs/any-project.md), where a list is named "<schema>.<table>".
import type { SupabaseClient } from "@supabase/supabase-js";
import { consoleResources, findResource } from "../resources";
import { rememberedKind } from "./backendKind";
import { opsdeskSchema } from "./opsdeskSchema";

const OPSDESK_NAMES: Record<string, string> = { operator_preferences: "preferences" };

const onOpsdesk = () => consoleResources().generated || rememberedKind() === "opsdesk";

/** The query builder of one of the operator's tables, named as the demo names it. */
export function operatorTable(client: SupabaseClient, table: "saved_views" | "list_columns" | "operator_preferences") {
  if (!onOpsdesk()) return client.from(table);
  return opsdeskSchema(client).from(OPSDESK_NAMES[table] ?? table);
}

/** A list's name in those tables: its resource's, or "<schema>.<table>" in `opsdesk`. */
export function storedResource(resource: string): string {
  const table = findResource(resource)?.table;
  if (onOpsdesk() && table) return `${table.schema}.${table.name}`;
  return onOpsdesk() && !resource.includes(".") ? `public.${resource}` : resource;
}
