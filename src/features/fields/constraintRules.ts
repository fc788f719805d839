// Form rules for what the live schema's constraints add beyond rules.ts (src/schema/checkRules.ts
// reads them): exclusive bounds, further patterns, refused values, not blank, a least number of
// items, and JSON that must parse. Each refuses only what the database would refuse.
import type { Rule } from "antd/es/form";
import type { Translate } from "../../i18n/messages";
import type { FieldDefinition } from "../../resources/types";

const blank = (value: unknown) => value === undefined || value === null || value === "";

export function constraintRules(field: FieldDefinition, t: Translate): Rule[] {
  const rules: Rule[] = [];
  const label = field.label;
  const message = field.rule;
  if (field.minExclusive && field.min !== undefined) {
    const min = field.min;
    rules.push({
      validator: async (_, value) => {
        if (!blank(value) && Number(value) <= min) {
          throw new Error(message ?? t("fields.above", { label, min }, "{{label}} must be more than {{min}}."));
        }
      },
    });
  }
  if (field.maxExclusive && field.max !== undefined) {
    const max = field.max;
    rules.push({
      validator: async (_, value) => {
        if (!blank(value) && Number(value) >= max) {
          throw new Error(message ?? t("fields.below", { label, max }, "{{label}} must be less than {{max}}."));
        }
      },
    });
  }
  for (const pattern of field.patterns ?? []) {
    rules.push({ pattern, message: message ?? t("fields.invalid", { label }, "{{label}} is not valid.") });
  }
  if (field.notOneOf?.length) {
    const refused = field.notOneOf.map(String);
    rules.push({
      validator: async (_, value) => {
        if (value !== undefined && value !== null && refused.includes(String(value))) {
          throw new Error(message ?? t("fields.invalid", { label }, "{{label}} is not valid."));
        }
      },
    });
  }
  if (field.notBlank) {
    rules.push({ whitespace: true, message: t("fields.required", { label }, "{{label}} is required.") });
  }
  if (field.minItems !== undefined) {
    const min = field.minItems;
    rules.push({ type: "array", min, message: message ?? t("fields.minItems", { min }, "At least {{min}} items.") });
  }
  if (field.type === "json" && !field.readOnly) {
    rules.push({
      validator: async (_, value) => {
        if (typeof value !== "string" || value.trim() === "") return;
        try {
          JSON.parse(value);
        } catch {
          throw new Error(t("fields.json", { label }, "{{label}} must be valid JSON."));
        }
      },
    });
  }
  return rules;
}
