// The PostgREST `select` a definition needs: every column plus the label of each reference.
import type { FieldDefinition, ResourceDefinition } from "../resources/types";

const referenceFields = (def: ResourceDefinition) =>
  def.fields.filter((f): f is FieldDefinition & { reference: NonNullable<FieldDefinition["reference"]> } =>
    Boolean(f.reference),
  );

/** `*, categories(id,name)`: each reference embedded under its table name. */
export function selectFor(def: ResourceDefinition): string {
  const embeds = referenceFields(def).map(
    ({ reference: r }) => `${r.resource}(${r.valueField ?? "id"},${r.labelField})`,
  );
  return ["*", ...embeds].join(",");
}

/** The key a list sorts a column by: references sort by the referenced label (`categories.name`). */
export function sortKeyFor(field: FieldDefinition): string {
  return field.reference ? `${field.reference.resource}.${field.reference.labelField}` : field.name;
}

export const idColumnOf = (def: ResourceDefinition) => def.idColumn ?? "id";

/** Data provider meta for reads and writes of a resource. */
export function metaFor(def: ResourceDefinition) {
  return { select: selectFor(def), idColumnName: idColumnOf(def), search: def.list.search };
}

export function fieldsByName(def: ResourceDefinition, names: string[]): FieldDefinition[] {
  return names.map((name) => {
    const field = def.fields.find((f) => f.name === name);
    if (!field) throw new Error(`Resource "${def.name}" has no field "${name}"`);
    return field;
  });
}

/** Fields the forms edit: listed ones, or every field that is not read-only. */
export function formFields(def: ResourceDefinition): FieldDefinition[] {
  return def.form ? fieldsByName(def, def.form.fields) : def.fields.filter((f) => !f.readOnly);
}
