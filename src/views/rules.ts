// antd Form rules from a field definition: the same limits and patterns as the database.
import type { Rule } from "antd/es/form";
import type { FieldDefinition } from "../resources/types";

const TEXT_TYPES = new Set(["text", "longText", "email"]);
const NUMBER_TYPES = new Set(["number", "money"]);

export function rulesFor(field: FieldDefinition): Rule[] {
  const rules: Rule[] = [];
  const message = field.rule;
  if (field.required) {
    rules.push({ required: true, message: `${field.label} is required.` });
  }
  if (TEXT_TYPES.has(field.type)) {
    if (field.minLength !== undefined || field.maxLength !== undefined) {
      rules.push({
        type: "string",
        min: field.minLength,
        max: field.maxLength,
        message: message ?? `${field.label} must be ${field.minLength ?? 0} to ${field.maxLength} characters.`,
      });
    }
    if (field.pattern) rules.push({ pattern: field.pattern, message: message ?? `${field.label} is not valid.` });
    if (field.type === "email" && !field.pattern) {
      rules.push({ type: "email", message: message ?? "Enter a valid e-mail address." });
    }
  }
  if (NUMBER_TYPES.has(field.type) && (field.min !== undefined || field.max !== undefined)) {
    rules.push({
      type: "number",
      min: field.min,
      max: field.max,
      message: message ?? `${field.label} must be between ${field.min} and ${field.max}.`,
    });
  }
  if (field.type === "tags" && field.maxItems !== undefined) {
    rules.push({ type: "array", max: field.maxItems, message: message ?? `At most ${field.maxItems} items.` });
  }
  return rules;
}
