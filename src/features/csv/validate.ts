// Reads the file's rows into field values and checks them with the very rules the forms
// use (rulesFor, run by antd's own validator), before anything is sent.
import Schema, { type RuleItem } from "@rc-component/async-validator";
import type { FieldDefinition } from "../../resources/types";
import { rulesFor } from "../fields/rules";
import { type CellProblem, fromCell } from "./cells";
import type { ColumnMapping } from "./mapping";

/** One problem of one row; `row` counts data rows from 1 (the header is not a row). */
export interface RowProblem {
  row: number;
  /** The field, when the problem belongs to one. */
  field?: string;
  message: string;
}

export interface ReadResult {
  /** One object per data row: field name → value; empty cells are left out (defaults apply). */
  rows: Record<string, unknown>[];
  problems: RowProblem[];
}

export type CellMessage = (kind: CellProblem, field: FieldDefinition) => string;

function schemaFor(fields: FieldDefinition[]): Schema {
  // rulesFor gives plain rule objects (no form-dependent functions), which is what the validator takes.
  return new Schema(Object.fromEntries(fields.map((field) => [field.name, rulesFor(field) as RuleItem[]])));
}

export async function readRows(
  records: Record<string, string>[],
  mapping: ColumnMapping,
  fields: FieldDefinition[],
  cellMessage: CellMessage,
): Promise<ReadResult> {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const mapped = Object.entries(mapping).flatMap(([header, name]) => {
    const field = name ? byName.get(name) : undefined;
    return field ? [{ header, field }] : [];
  });
  const schema = schemaFor(fields);
  const rows: Record<string, unknown>[] = [];
  const problems: RowProblem[] = [];

  for (const [index, record] of records.entries()) {
    const row = index + 1;
    const values: Record<string, unknown> = {};
    const unreadable = new Set<string>();
    for (const { header, field } of mapped) {
      const cell = fromCell(field, record[header] ?? "", cellMessage);
      if ("value" in cell) values[field.name] = cell.value;
      else if ("problem" in cell) {
        unreadable.add(field.name);
        problems.push({ row, field: field.name, message: cell.problem });
      }
    }
    rows.push(values);
    const ruleErrors = await schema
      .validate(values, { suppressWarning: true })
      .then(() => [])
      .catch((failure: { errors?: { field?: string; message?: string }[] }) => failure.errors ?? []);
    for (const error of ruleErrors) {
      // A cell that could not be read already has its problem.
      if (error.field && unreadable.has(error.field)) continue;
      problems.push({ row, field: error.field, message: error.message ?? "" });
    }
  }
  return { rows, problems };
}

/**
 * The browser's problems and the database's, in row order: a cell the forms' rules already
 * refused is not reported again by the database (the same rule twice), a row's other problems are.
 */
export function mergeProblems(browser: RowProblem[], database: RowProblem[]): RowProblem[] {
  const seen = new Set(browser.map((problem) => `${problem.row}:${problem.field ?? ""}`));
  const added = database.filter((problem) => !seen.has(`${problem.row}:${problem.field ?? ""}`));
  return [...browser, ...added].sort((a, b) => a.row - b.row);
}
