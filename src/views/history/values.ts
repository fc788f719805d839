// Plain-text values for diffs (history entries, edit conflicts): the same value in
// whichever shape it arrives (form input, REST row, audit jsonb) compares and reads alike.

import { formatDate, formatDateTime, formatMoney } from "../../lib/format";
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

/** How a value reads in a diff; blank is "—". */
export function displayValue(field: FieldDefinition | undefined, value: unknown, yesNo = ["Yes", "No"]): string {
  if (blank(value)) return "—";
  switch (field?.type) {
    case "money":
      return formatMoney(value);
    case "date":
      return formatDate(value);
    case "datetime":
      return formatDateTime(value);
    case "boolean":
      return value ? yesNo[0] : yesNo[1];
    case "tags":
      return Array.isArray(value) ? value.join(", ") : String(value);
    default:
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}
