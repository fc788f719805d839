// The PostgREST `select` a definition needs: its fields plus the label of each reference.

import type { FieldDefinition, ReferenceTarget, ResourceDefinition } from "../resources/types";
import { pgrstName } from "../schema/names";
import type { ResourceMeta } from "./resourceMeta";

const referenceFields = (def: ResourceDefinition) =>
  def.fields.filter((f): f is FieldDefinition & { reference: NonNullable<FieldDefinition["reference"]> } =>
    Boolean(f.reference),
  );

/**
 * `id,sku,…,categories(id,name)`: the definition's fields (not `*`, which would also send
 * columns no screen shows, such as a full-text `search` vector per row), and each
 * reference embedded under its table name.
 */
export function selectFor(def: ResourceDefinition): string {
  if (def.table) {
    // Generated (src/schema): names quoted where needed, each label embedded under its own key
    // through the foreign key that reaches it, and the key columns even when hidden.
    const embeds = referenceFields(def).flatMap(({ reference: r }) =>
      r.embed && r.embedAs
        ? [`${r.embedAs}:${r.embed}(${pgrstName(r.valueField ?? "id")},${pgrstName(r.labelField)})`]
        : [],
    );
    const names = new Set([...def.fields.map((f) => f.name), ...(def.keyColumns ?? [])]);
    return [...[...names].map(pgrstName), ...embeds].join(",");
  }
  const embeds = referenceFields(def).map(
    ({ reference: r }) => `${r.resource}(${r.valueField ?? "id"},${r.labelField})`,
  );
  return [...def.fields.map((f) => f.name), ...embeds].join(",");
}

/** A reference's label as selectFor embedded it in a row: under `embedAs` for a generated table. */
export function embeddedLabel(reference: ReferenceTarget, record: Record<string, unknown>): unknown {
  const embedded = record[reference.embedAs ?? reference.resource] as Record<string, unknown> | null | undefined;
  return embedded?.[reference.labelField];
}

/**
 * What sorting by a column means: a reference column sorts by the referenced label
 * (`customer_id` → `customers.full_name`; the data provider turns that into a related
 * order), or by the column that holds it (`category_id` → `category_name`).
 */
export function sortAliases(def: ResourceDefinition): Record<string, string> {
  return Object.fromEntries(
    referenceFields(def).flatMap(({ name, reference: r }) => {
      if (r.sortField) return [[name, r.sortField]];
      // Generated: by the embedded label, or by the key itself where nothing is embedded.
      if (def.table) return r.embedAs ? [[name, `${r.embedAs}.${r.labelField}`]] : [];
      return [[name, `${r.resource}.${r.labelField}`]];
    }),
  );
}

export const idColumnOf = (def: ResourceDefinition) => def.idColumn ?? "id";

/**
 * Data provider meta for reads and writes of a resource. Lists count `estimated`: exact up to
 * max_rows, the planner's estimate beyond, where an exact count costs a scan of every row.
 */
export function metaFor(def: ResourceDefinition): ResourceMeta {
  return {
    select: selectFor(def),
    idColumnName: idColumnOf(def),
    search: def.list.search,
    // While searching, this order gives way to relevance (src/providers/searchRpc.ts).
    defaultSort: def.list.defaultSort,
    sortBy: sortAliases(def),
    count: "estimated",
    ...(def.table ? { table: def.table, keyColumns: def.keyColumns } : {}),
  };
}

export function fieldsByName(def: ResourceDefinition, names: string[]): FieldDefinition[] {
  return names.map((name) => {
    const field = def.fields.find((f) => f.name === name);
    if (!field) throw new Error(`Resource "${def.name}" has no field "${name}"`);
    return field;
  });
}

/**
 * Fields the forms edit: listed ones, or every field that is not read-only; a key the operator
 * gives (`createOnly`) only when creating.
 */
export function formFields(def: ResourceDefinition, action: "create" | "edit" = "create"): FieldDefinition[] {
  const fields = def.form ? fieldsByName(def, def.form.fields) : def.fields.filter((f) => !f.readOnly);
  return action === "edit" ? fields.filter((f) => !f.createOnly) : fields;
}
