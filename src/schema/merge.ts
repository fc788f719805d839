// The one override mechanism for a resource's definition: a definition in src/resources named
// like a generated one is merged over it. The override says only what it adds or changes
// (labels, sections, a search function, option colours…); every field, rule and screen it does
// not mention stays as the live schema made it. An override naming a field the live table lacks
// is not merged at all (generate.ts): it was written for another table of that name.
import type { FieldDefinition, ResourceDefinition, ResourceOverride } from "../resources/types";

const has = (def: ResourceDefinition, name: string) => def.fields.some((f) => f.name === name);

/** `override` over `generated`; the generated table decides which fields exist. */
export function mergeDefinition(generated: ResourceDefinition, override: ResourceOverride): ResourceDefinition {
  const overridden = new Map((override.fields ?? []).map((f) => [f.name, f]));
  const keys = new Set(generated.keyColumns ?? [generated.idColumn ?? "id"]);
  const hidden = new Set((override.hide ?? []).filter((name) => !keys.has(name)));
  const fields: FieldDefinition[] = generated.fields.flatMap((field) => {
    if (hidden.has(field.name)) return [];
    const mine = overridden.get(field.name);
    if (!mine) return [field];
    // A reference override adds to the generated picker (a second line, a sort column) and
    // keeps how it is read (embed).
    const reference = mine.reference && field.reference ? { ...field.reference, ...mine.reference } : mine.reference;
    return [{ ...field, ...mine, readOnly: mine.readOnly ?? field.readOnly, reference: reference ?? field.reference }];
  });
  const { hide: _hide, ...rest } = override;
  const merged: ResourceDefinition = { ...generated, ...rest, fields, list: generated.list };
  const known = (names: string[] | undefined) => names?.filter((n) => has(merged, n) || n === merged.idColumn);
  merged.table = generated.table;
  merged.route = override.route ?? generated.route;
  merged.idColumn = override.idColumn ?? generated.idColumn;
  merged.label = override.label ?? generated.label;
  merged.titleField = override.titleField ?? generated.titleField;
  merged.keyColumns = generated.keyColumns;
  merged.readOnlyReason = generated.readOnlyReason;
  merged.list = {
    ...generated.list,
    ...override.list,
    columns: known(override.list?.columns ?? generated.list.columns) ?? [],
    filters: known(override.list?.filters ?? generated.list.filters),
    defaultSort: override.list?.defaultSort ?? generated.list.defaultSort,
  };
  if (override.form) merged.form = { fields: known(override.form.fields) ?? [] };
  if (override.show) {
    merged.show = {
      sections: override.show.sections.map((s) => ({ ...s, fields: known(s.fields) ?? [] })),
    };
  }
  merged.screens = { ...generated.screens, ...override.screens };
  merged.constraints = generated.constraints;
  // What the console says it cannot show of a column is moot once the override hides it.
  const shown = (list: string[] | undefined) => {
    const kept = list?.filter((notice) => ![...hidden].some((name) => notice.startsWith(`${name}: `)));
    return kept?.length ? kept : undefined;
  };
  merged.notices = shown(generated.notices);
  merged.adminNotices = shown(generated.adminNotices);
  if (!has(merged, merged.titleField)) merged.titleField = generated.titleField;
  return merged;
}
