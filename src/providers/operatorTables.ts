// Where the operator's own rows live: in the demo's schema (public.saved_views, list_columns,
// operator_preferences) or, on a project with Opsdesk installed, in `opsdesk` (saved_views,
// list_columns, preferences; docs/any-project.md), where a list is named "<schema>.<table>".
// Both are typed as the demo's table: Mirrors below fails typecheck the day a migration or an
// install file lets the two drift apart in a column the console reads.

import { consoleResources, findResource } from "../resources";
import type { Database } from "../resources/database.types";
import { rememberedKind } from "./backendKind";
import { opsdeskSchema } from "./opsdeskSchema";
import type { ConsoleClient } from "./supabaseClient";

const OPSDESK_NAMES = {
  saved_views: "saved_views",
  list_columns: "list_columns",
  operator_preferences: "preferences",
} as const;
type OperatorTable = keyof typeof OPSDESK_NAMES;

type PublicRow<T extends OperatorTable> = Database["public"]["Tables"][T]["Row"];
type OpsdeskRow<T extends OperatorTable> = Database["opsdesk"]["Tables"][(typeof OPSDESK_NAMES)[T]]["Row"];
/** Every column of the demo's table is in Opsdesk's, with the same type. */
type Mirrors<T extends OperatorTable> = [PublicRow<T>] extends [Pick<OpsdeskRow<T>, keyof PublicRow<T>>]
  ? [Pick<OpsdeskRow<T>, keyof PublicRow<T>>] extends [PublicRow<T>]
    ? true
    : false
  : false;
const mirrored: { [T in OperatorTable]: Mirrors<T> } = {
  saved_views: true,
  list_columns: true,
  operator_preferences: true,
};
void mirrored;

const onOpsdesk = () => consoleResources().generated || rememberedKind() === "opsdesk";

const demoTable = <T extends OperatorTable>(client: ConsoleClient, table: T) => client.from(table);

/** The query builder of one of the operator's tables, named and typed as the demo names it. */
export function operatorTable<T extends OperatorTable>(client: ConsoleClient, table: T) {
  if (!onOpsdesk()) return demoTable(client, table);
  // Same columns (Mirrors above), so the demo's builder type describes Opsdesk's table too.
  return opsdeskSchema(client).from(OPSDESK_NAMES[table]) as unknown as ReturnType<typeof demoTable<T>>;
}

/** A list's name in those tables: its resource's, or "<schema>.<table>" in `opsdesk`. */
export function storedResource(resource: string): string {
  const table = findResource(resource)?.table;
  if (onOpsdesk() && table) return `${table.schema}.${table.name}`;
  return onOpsdesk() && !resource.includes(".") ? `public.${resource}` : resource;
}
