// antd Form items from a definition: one input per editable field with the database's rules.
import type { FormItemProps } from "antd/es/form";
import type { ReactNode } from "react";
import type { Translate } from "../../i18n/messages";
import { formFields } from "../../lib/select";
import type { FieldDefinition, ResourceDefinition } from "../../resources/types";
import { inputFor, kindOf } from "../fields/fieldKinds";
import { inEnglish, rulesFor } from "../fields/rules";

export interface FormItemSpec {
  field: FieldDefinition;
  itemProps: FormItemProps;
  input: ReactNode;
}

/** `def` as shown (a localized definition) and `t` for the generic validation messages. */
export function buildFormItems(
  def: ResourceDefinition,
  t: Translate = inEnglish,
  action: "create" | "edit" = "create",
): FormItemSpec[] {
  return formFields(def, action).map((field) => ({
    field,
    input: inputFor(field),
    itemProps: {
      name: field.name,
      // A checkbox carries its own label.
      label: field.type === "boolean" ? undefined : field.label,
      rules: rulesFor(field, t),
      extra: field.help,
      ...kindOf(field).itemProps?.(field),
    },
  }));
}
