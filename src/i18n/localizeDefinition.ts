// A resource definition in the operator's language: labels, help, rules, option labels,
// section and related-list titles translated by their keys (resourceKeys.ts), the English
// text of the definition as the default. The generated views render from such a copy;
// providers, CSV and filters keep working with the original (names and values never change).

import type { FieldDefinition, ResourceDefinition } from "../resources/types";
import type { Translate } from "./messages";
import { resourceKey } from "./resourceKeys";

/** A field as shown: its option values carry display labels. */
export interface LocalizedField extends FieldDefinition {
  optionLabels?: Record<string, string>;
}

/** The display label of an option value (the value itself without a translation). */
export const optionLabel = (field: FieldDefinition, value: string): string =>
  (field as LocalizedField).optionLabels?.[value] ?? value;

function localizeField(resource: string, field: FieldDefinition, t: Translate): LocalizedField {
  const key = (make: (resource: string, field: string) => string) => make(resource, field.name);
  return {
    ...field,
    label: t(key(resourceKey.field), {}, field.label),
    help: field.help && t(key(resourceKey.help), {}, field.help),
    rule: field.rule && t(key(resourceKey.rule), {}, field.rule),
    checks:
      field.checks &&
      Object.fromEntries(
        Object.entries(field.checks).map(([name, text]) => [
          name,
          t(resourceKey.check(resource, field.name, name), {}, text),
        ]),
      ),
    optionLabels:
      field.options &&
      Object.fromEntries(
        field.options.map((value) => [
          value,
          t(resourceKey.option(resource, field.name, value), {}, field.optionStyles?.[value]?.label ?? value),
        ]),
      ),
  };
}

/**
 * A resource's name as its menu entry says it (resourceLabels.ts: `resources.<name>.title`, the
 * English plural capitalised by default), so its list's heading and tab say the same name: German
 * "Audit-Protokoll" in both places, not "Protokolleinträge" (its plural, for counts) above the list.
 */
export function resourceTitle(def: ResourceDefinition, t: Translate): string {
  const plural = def.label.plural;
  return t(resourceKey.title(def.name), {}, plural.charAt(0).toUpperCase() + plural.slice(1));
}

export function localizeDefinition(def: ResourceDefinition, t: Translate): ResourceDefinition {
  return {
    ...def,
    label: {
      singular: t(resourceKey.singular(def.name), {}, def.label.singular),
      plural: t(resourceKey.plural(def.name), {}, def.label.plural),
    },
    fields: def.fields.map((field) => localizeField(def.name, field, t)),
    show: def.show && {
      sections: def.show.sections.map((section) => ({
        ...section,
        title: t(resourceKey.section(def.name, section.title), {}, section.title),
      })),
    },
    related: def.related?.map((related) => ({
      ...related,
      title: t(resourceKey.related(def.name, related.resource), {}, related.title),
    })),
  };
}
