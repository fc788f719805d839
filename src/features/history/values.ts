// Plain-text values for diffs (history entries, edit conflicts): the same value in
// whichever shape it arrives (form input, REST row, audit jsonb) compares and reads alike.

import { optionLabel } from "../../i18n/localizeDefinition";
import type { Formats } from "../../lib/format";
import type { FieldDefinition } from "../../resources/types";

const blank = (value: unknown) =>
  value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

function canonical(value: unknown): string {
  if (blank(value)) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "string") {
    // numeric(12,2) arrives as 19.9 from REST and "19.90" from an input.
    if (/^-?\d+(\.\d+)?$/.test(value)) return String(Number(value));
    if (TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
    return value;
  }
  return JSON.stringify(value);
}

/** Equal as stored: blanks alike, numbers by value, timestamps by instant, lists and objects by content. */
export const sameValue = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The operator's words for a diff's values: yes and no, and the formats of their language. */
export interface DisplayTexts {
  yesNo: [string, string];
  format: Formats;
}

/** How a value reads in a diff, in the operator's language (a localized field's option labels); blank is "—". */
export function displayValue(
  field: FieldDefinition | undefined,
  value: unknown,
  { yesNo, format }: DisplayTexts,
): string {
  if (blank(value)) return "—";
  switch (field?.type) {
    case "money":
      return format.money(value);
    case "number":
      return format.number(value);
    case "date":
      return format.date(value);
    case "datetime":
      return format.dateTime(value);
    case "enum":
      return optionLabel(field, String(value));
    case "boolean":
      return value ? yesNo[0] : yesNo[1];
    case "tags":
      return Array.isArray(value) ? value.join(", ") : String(value);
    default:
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}
