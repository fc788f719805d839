// Where the operator's own rows live: `opsdesk`'s saved_views, list_columns and preferences
// (docs/any-project.md, "What lives in opsdesk"), where a list is named "<schema>.<table>".

import { findResource } from "../resources";
import { opsdeskSchema } from "./opsdeskSchema";
import type { ConsoleClient } from "./supabaseClient";

/** The operator's tables by the names the console's code uses. */
const OPSDESK_NAMES = {
  saved_views: "saved_views",
  list_columns: "list_columns",
  operator_preferences: "preferences",
} as const;
type OperatorTable = keyof typeof OPSDESK_NAMES;

/** The query builder of one of the operator's tables in `opsdesk`, typed by the generated types. */
export function operatorTable<T extends OperatorTable>(client: ConsoleClient, table: T) {
  return opsdeskSchema(client).from(OPSDESK_NAMES[table] as (typeof OPSDESK_NAMES)[T]);
}

/** A list's name in those tables: "<schema>.<table>" (a table of `public` without its own table meta too). */
export function storedResource(resource: string): string {
  const table = findResource(resource)?.table;
  if (table) return `${table.schema}.${table.name}`;
  return resource.includes(".") ? resource : `public.${resource}`;
}
