// The whole of `opsdesk.describe()` → the console's resources: one generated definition per
// readable table and view (definitionFromTable.ts), the code overrides of src/resources merged
// over those of the same name (merge.ts). A table the console cannot turn into a definition at
// all (a bug, a shape nobody foresaw) becomes a read-only list of its columns that says why,
// never an error that blanks the app (docs/any-project.md, "The console").
import type { ResourceDefinition, ResourceOverride } from "../resources/types";
import type { CheckTranslation } from "./checkRules";
import { definitionFromTable, type GeneratedResource, humanize, tableKey } from "./definitionFromTable";
import type { Described, DescribedTable, Language } from "./describe";
import { mergeDefinition } from "./merge";
import { ROW_KEY, resourceNameOf, routeOf } from "./names";

export interface GeneratedResources {
  definitions: ResourceDefinition[];
  /** The admin's texts per language, by translation key. */
  texts: Partial<Record<Language, Record<string, string>>>;
}

/** The CHECK rules of each table by `schema.name` (checkRules.ts; cached with the schema). */
export type ChecksByTable = Record<string, CheckTranslation>;

/** A table the generator failed on: its columns, read-only, with the reason. */
function fallbackDefinition(table: DescribedTable, error: unknown): ResourceDefinition {
  const name = resourceNameOf(table.schema, table.name);
  const columns = (table.columns ?? []).filter((c) => c?.name);
  return {
    name,
    route: routeOf(table.schema, table.name),
    table: { schema: table.schema, name: table.name },
    label: { singular: humanize(table.name).toLowerCase(), plural: humanize(table.name).toLowerCase() },
    idColumn: ROW_KEY,
    readOnlyReason: "noKey",
    titleField: columns[0]?.name ?? "",
    fields: columns.map((c) => ({ name: c.name, label: humanize(c.name), type: "json", readOnly: true })),
    list: {
      columns: columns.slice(0, 6).map((c) => c.name),
      defaultSort: { field: columns[0]?.name ?? "", order: "asc" },
    },
    screens: { show: false, create: false, edit: false, delete: false },
    notices: [`The console could not read this table: ${error instanceof Error ? error.message : String(error)}`],
  };
}

/**
 * A code definition is merged only over the table it was written for: one naming a field the
 * live table lacks was written for another table of that name (the demo's `orders` is not every
 * project's), so it is left out and admins are told.
 */
function withOverride(generated: ResourceDefinition, override: ResourceOverride): ResourceDefinition {
  const missing = (override.fields ?? [])
    .filter((f) => !generated.fields.some((g) => g.name === f.name))
    .map((f) => f.name);
  if (missing.length === 0) return mergeDefinition(generated, override);
  return {
    ...generated,
    adminNotices: [
      ...(generated.adminNotices ?? []),
      `The code definition "${override.name}" is not used: this table has no ${missing.join(", ")}`,
    ],
  };
}

/** A table the caller can list: managed by Opsdesk, selectable, with at least one column it may read. */
export function isReadable(table: DescribedTable): boolean {
  // Operators work on the tables Opsdesk manages; the others wait on the admin's Tables screen
  // (an unmanaged table's rows are the project's own grants' business, not the matrix's).
  if (table.managed === false) return false;
  // A shape the console does not know is left to the generator, which says what it cannot read.
  if (!Array.isArray(table.columns)) return true;
  return table.privileges?.select !== false && table.columns.some((c) => c?.privileges?.select !== false);
}

/** Every table of `described` as a resource, `overrides` merged over those of the same name. */
export function generateResources(
  described: Described,
  overrides: readonly ResourceOverride[] = [],
  checks: ChecksByTable = {},
): GeneratedResources {
  const tables = new Map(described.tables.map((t) => [tableKey(t.schema, t.name), t]));
  const byName = new Map(overrides.map((d) => [d.name, d]));
  const seen = new Set<string>();
  const definitions: ResourceDefinition[] = [];
  const texts: GeneratedResources["texts"] = {};
  for (const table of described.tables) {
    // What the operator cannot read (an unmanaged table without grants) is no resource; admins
    // find it on the Tables screen, where it can be managed.
    if (!isReadable(table)) continue;
    let generated: GeneratedResource;
    try {
      generated = definitionFromTable(table, { tables, checks: checks[tableKey(table.schema, table.name)] });
    } catch (error) {
      generated = { definition: fallbackDefinition(table, error), texts: {} };
    }
    const { definition } = generated;
    // Two tables whose names meet (`public."a.b"` and `a.b`): the second is left out, named.
    if (seen.has(definition.name)) continue;
    seen.add(definition.name);
    const override = byName.get(definition.name);
    definitions.push(override ? withOverride(definition, override) : definition);
    for (const [language, keyed] of Object.entries(generated.texts) as [Language, Record<string, string>][]) {
      texts[language] = { ...texts[language], ...keyed };
    }
  }
  // The project's code definitions set the menu's order (the demo: products first); the other
  // tables follow in describe()'s order.
  const rank = (def: ResourceDefinition) => {
    const at = overrides.findIndex((o) => o.name === def.name);
    return at < 0 ? overrides.length : at;
  };
  return {
    definitions: definitions
      .map((def, i) => ({ def, i }))
      .sort((a, b) => rank(a.def) - rank(b.def) || a.i - b.i)
      .map(({ def }) => def),
    texts,
  };
}
