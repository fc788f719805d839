// antd Form rules from a field definition: the same limits and patterns as the database.
import type { Rule } from "antd/es/form";
import type { Translate } from "../i18n/messages";
import type { FieldDefinition } from "../resources/types";
import { constraintRules } from "./constraintRules";

const TEXT_TYPES = new Set(["text", "longText", "email"]);
const NUMBER_TYPES = new Set(["number", "money"]);

/** The English default with its {{values}} filled in, for callers without a language. */
export const inEnglish: Translate = (_key, values, text) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));

/** `t` translates the generic messages; a field's own `rule` comes translated with a localized definition. */
export function rulesFor(field: FieldDefinition, t: Translate = inEnglish): Rule[] {
  const rules: Rule[] = [];
  const message = field.rule;
  const label = field.label;
  if (field.required) {
    rules.push({ required: true, message: t("fields.required", { label }, "{{label}} is required.") });
  }
  if (TEXT_TYPES.has(field.type)) {
    if (field.minLength !== undefined || field.maxLength !== undefined) {
      const [min, max] = [field.minLength ?? 0, field.maxLength];
      rules.push({
        type: "string",
        min: field.minLength,
        max: field.maxLength,
        message: message ?? t("fields.length", { label, min, max }, "{{label}} must be {{min}} to {{max}} characters."),
      });
    }
    if (field.pattern) {
      rules.push({
        pattern: field.pattern,
        message: message ?? t("fields.invalid", { label }, "{{label}} is not valid."),
      });
    }
    if (field.type === "email" && !field.pattern) {
      rules.push({ type: "email", message: message ?? t("fields.email", {}, "Enter a valid e-mail address.") });
    }
  }
  if (NUMBER_TYPES.has(field.type) && (field.min !== undefined || field.max !== undefined)) {
    const [min, max] = [field.min, field.max];
    rules.push({
      type: "number",
      min,
      max,
      message: message ?? t("fields.range", { label, min, max }, "{{label}} must be between {{min}} and {{max}}."),
    });
  }
  if (field.type === "tags" && field.maxItems !== undefined) {
    const max = field.maxItems;
    rules.push({ type: "array", max, message: message ?? t("fields.maxItems", { max }, "At most {{max}} items.") });
  }
  return [...rules, ...constraintRules(field, t)];
}
