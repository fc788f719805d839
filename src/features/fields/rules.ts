// antd Form rules from a field definition: the same limits and patterns as the database.
import type { Rule } from "antd/es/form";
import type { Translate } from "../../i18n/messages";
import type { FieldDefinition } from "../../resources/types";
import { constraintRules } from "./constraintRules";

const TEXT_TYPES = new Set(["text", "longText", "email"]);
const NUMBER_TYPES = new Set(["number", "money"]);

/** Decimal places a number field holds without a scale of its own: none for an integer column, cents for money. */
const DECIMALS: Record<string, number> = { number: 0, money: 2 };

/** The decimal places the field's column holds (a generated definition's scale: numeric(10,2) → 2). */
const decimalsOf = (field: FieldDefinition): number => field.scale ?? DECIMALS[field.type] ?? 20;

const blank = (value: unknown) => value === null || value === undefined || value === "";

/** True when `value` has no more decimal places than `digits` (blank fits: `required` says so). */
export function fitsDecimals(value: unknown, digits: number): boolean {
  if (blank(value)) return true;
  const number = Number(value);
  if (!Number.isFinite(number)) return false;
  const scaled = number * 10 ** digits;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

export function outOfRange(field: FieldDefinition, value: unknown): boolean {
  if (blank(value)) return false;
  const number = Number(value);
  return (field.min !== undefined && number < field.min) || (field.max !== undefined && number > field.max);
}

/** A number outside the field's limits, in the field's own words where it has a rule. */
export function rangeMessage(field: FieldDefinition, t: Translate = inEnglish): string {
  const { label, min, max } = field;
  if (field.rule) return field.rule;
  if (min !== undefined && max !== undefined)
    return t("fields.range", { label, min, max }, "{{label}} must be between {{min}} and {{max}}.");
  return min !== undefined
    ? t("fields.atLeast", { label, min }, "{{label}} must be at least {{min}}.")
    : t("fields.atMost", { label, max }, "{{label}} must be at most {{max}}.");
}

function decimalsMessage(field: FieldDefinition, t: Translate): string {
  const label = field.label;
  const digits = decimalsOf(field);
  return digits === 0
    ? t("fields.wholeNumber", { label }, "{{label}} must be a whole number.")
    : t("fields.cents", { label, digits }, "{{label}} has at most {{digits}} decimal places.");
}

/**
 * What is wrong with a number typed outside a form (an order line's quantity): the same
 * rules as the form's, undefined when it may be saved.
 */
export function numberProblem(field: FieldDefinition, value: unknown, t: Translate = inEnglish): string | undefined {
  if (blank(value))
    return field.required ? t("fields.required", { label: field.label }, "{{label}} is required.") : undefined;
  if (!fitsDecimals(value, decimalsOf(field))) return decimalsMessage(field, t);
  if (outOfRange(field, value)) return rangeMessage(field, t);
  return undefined;
}

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
  if (NUMBER_TYPES.has(field.type)) {
    // Stored as typed: a whole number for an integer column, cents for money (the inputs
    // neither round nor clamp, so a value the column cannot hold is said, never changed).
    const digits = decimalsOf(field);
    rules.push({
      validator: async (_, value) => {
        if (!fitsDecimals(value, digits)) throw new Error(decimalsMessage(field, t));
      },
    });
    if (field.min !== undefined || field.max !== undefined) {
      rules.push({
        validator: async (_, value) => {
          if (outOfRange(field, value)) throw new Error(rangeMessage(field, t));
        },
      });
    }
  }
  if (field.type === "tags" && field.maxItems !== undefined) {
    const max = field.maxItems;
    rules.push({ type: "array", max, message: message ?? t("fields.maxItems", { max }, "At most {{max}} items.") });
  }
  return [...rules, ...constraintRules(field, t)];
}
