// One field's value as a CSV cell and back. Export writes what an import reads: references
// as their label, tags joined, booleans as true/false, numbers and times unformatted, and
// text that a spreadsheet would run as a formula neutralised (OWASP "CSV injection").
import type { BaseRecord } from "@refinedev/core";
import { embeddedLabel } from "../../lib/select";
import type { FieldDefinition } from "../../resources/types";
import { TAG_SEPARATOR } from "./limits";

/** The referenced row's label embedded by selectFor (`__ref_category_id:category_id(id,name)`). */
function referenceLabel(field: FieldDefinition, record: BaseRecord): unknown {
  return field.reference ? embeddedLabel(field.reference, record) : undefined;
}

/** Field types whose cells are data a spreadsheet reads as such, never as a formula. */
const NOT_TEXT = new Set<FieldDefinition["type"]>(["number", "money", "boolean", "date", "datetime", "json"]);

/**
 * Text that starts a formula in a spreadsheet (=, +, -, @, tab, CR) gets a leading
 * apostrophe, as OWASP recommends. So that import can take exactly that apostrophe off again,
 * text that already starts with apostrophes before such a character gets one more.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
export const neutraliseFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
/** The inverse of neutraliseFormula, for any text. */
export const restoreFormula = (text: string) => (/^'+[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

function plainCell(field: FieldDefinition, value: unknown): string {
  if (field.type === "tags" && Array.isArray(value)) return value.join(TAG_SEPARATOR);
  if (field.type === "json" || typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function toCell(field: FieldDefinition, record: BaseRecord): string {
  const value = field.type === "reference" ? referenceLabel(field, record) : record[field.name];
  if (value === null || value === undefined) return "";
  const cell = plainCell(field, value);
  // Genuine numbers (-12.50) keep their value; only text is neutralised.
  return NOT_TEXT.has(field.type) ? cell : neutraliseFormula(cell);
}

/** A cell read for a field: the typed value, nothing (empty cell), or why it cannot be read. */
export type ParsedCell = { value: unknown } | { empty: true } | { problem: string };

const TRUE = new Set(["true", "yes", "y", "1", "ja", "wahr"]);
const FALSE = new Set(["false", "no", "n", "0", "nein", "falsch"]);

export type CellProblem = "number" | "boolean" | "option" | "date" | "json";

export function fromCell(
  field: FieldDefinition,
  raw: string,
  problem: (kind: CellProblem, field: FieldDefinition) => string,
): ParsedCell {
  // A tab or CR that export protected with an apostrophe is part of the value: trim after.
  const text = NOT_TEXT.has(field.type) ? raw.trim() : restoreFormula(raw.trim());
  if (text.trim() === "") return { empty: true };
  switch (field.type) {
    case "number":
    case "money": {
      // A decimal comma is what spreadsheets in German locales write.
      const number = Number(text.replace(/^(-?\d+),(\d+)$/, "$1.$2"));
      return Number.isFinite(number) ? { value: number } : { problem: problem("number", field) };
    }
    case "boolean": {
      const lower = text.toLowerCase();
      if (TRUE.has(lower)) return { value: true };
      if (FALSE.has(lower)) return { value: false };
      return { problem: problem("boolean", field) };
    }
    case "enum":
      return field.options?.includes(text) ? { value: text } : { problem: problem("option", field) };
    case "tags":
      return {
        value: text
          .split(TAG_SEPARATOR.trim())
          .map((tag) => tag.trim())
          .filter(Boolean),
      };
    case "date":
    case "datetime":
      return Number.isNaN(Date.parse(text)) ? { problem: problem("date", field) } : { value: text };
    case "json":
      try {
        return { value: JSON.parse(text) };
      } catch {
        return { problem: problem("json", field) };
      }
    default:
      // Spreadsheets pad cells; nothing in the rules depends on outer spaces.
      return { value: text };
  }
}
