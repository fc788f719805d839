// A field's label in the operator's language, as the list's column titles show it.
import { useTranslate } from "@refinedev/core";
import { resourceKey } from "../../i18n/resourceKeys";
import type { FieldDefinition, ResourceDefinition } from "../../resources/types";

export function useFieldLabel(def: ResourceDefinition): (field: FieldDefinition) => string {
  const t = useTranslate();
  return (field) => t(resourceKey.field(def.name, field.name), field.label);
}
