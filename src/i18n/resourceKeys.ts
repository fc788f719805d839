// Translation keys of a resource definition. The views translate by these keys with the
// definition's English text as the default; German lives in locales/de/resources.ts.
import type { FieldDefinition, ResourceDefinition } from "../resources/types";

const base = (resource: string) => `resources.${resource}`;

export const resourceKey = {
  title: (resource: string) => `${base(resource)}.title`,
  singular: (resource: string) => `${base(resource)}.singular`,
  plural: (resource: string) => `${base(resource)}.plural`,
  field: (resource: string, field: string) => `${base(resource)}.fields.${field}`,
  help: (resource: string, field: string) => `${base(resource)}.fields.${field}.help`,
  option: (resource: string, field: string, value: string) => `${base(resource)}.fields.${field}.options.${value}`,
  /** The field's rule in plain words (form validation and database check violations). */
  rule: (resource: string, field: string) => `${base(resource)}.fields.${field}.rule`,
  check: (resource: string, field: string, check: string) => `${base(resource)}.fields.${field}.checks.${check}`,
  related: (resource: string, related: string) => `${base(resource)}.related.${related}`,
  section: (resource: string, title: string) =>
    `${base(resource)}.sections.${title.toLowerCase().replaceAll(" ", "_")}`,
};

/** Every key a definition's screens translate. */
export function resourceKeys(def: ResourceDefinition): string[] {
  const fieldKeys = (field: FieldDefinition) => [
    resourceKey.field(def.name, field.name),
    ...(field.help ? [resourceKey.help(def.name, field.name)] : []),
    ...(field.options ?? []).map((value) => resourceKey.option(def.name, field.name, value)),
    ...(field.rule ? [resourceKey.rule(def.name, field.name)] : []),
    ...Object.keys(field.checks ?? {}).map((check) => resourceKey.check(def.name, field.name, check)),
  ];
  return [
    resourceKey.title(def.name),
    resourceKey.singular(def.name),
    resourceKey.plural(def.name),
    ...def.fields.flatMap(fieldKeys),
    ...(def.show?.sections ?? []).map((section) => resourceKey.section(def.name, section.title)),
    ...(def.related ?? []).map((related) => resourceKey.related(def.name, related.resource)),
  ];
}
