// The import's messages in the operator's language, one place for all of them: a file that
// cannot be imported (size, rows, not CSV), a cell that cannot be read, a value that appears
// twice in the file. Pure (given `t` and the labels), so each wording is tested without a
// dialog (importMessages.test.ts); the database's own refusals are worded in importApi.ts.
import type { Translate } from "../../i18n/messages";
import type { FieldDefinition } from "../../resources/types";
import type { DuplicateMessage } from "./importApi";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "./limits";
import type { FileProblem } from "./parseFile";
import type { CellMessage } from "./validate";

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The dialog's hint under the file picker. */
export const limitsHint = (t: Translate) =>
  t(
    "csv.limits",
    { rows: MAX_IMPORT_ROWS, megabytes: MAX_IMPORT_BYTES / 1024 / 1024 },
    "CSV with a header row, up to {{rows}} rows and {{megabytes}} MB. All rows are checked before any is written; either all are imported or none.",
  );

/** Why a chosen file is not read at all. */
export function fileProblemMessage(problem: FileProblem, t: Translate): string {
  if (problem.kind === "tooLarge")
    return t(
      "csv.tooLarge",
      { size: megabytes(problem.bytes), megabytes: MAX_IMPORT_BYTES / 1024 / 1024 },
      "The file has {{size}} MB; at most {{megabytes}} MB can be imported.",
    );
  if (problem.kind === "tooManyRows")
    return t(
      "csv.tooManyRows",
      { rows: problem.rows, max: MAX_IMPORT_ROWS },
      "The file has {{rows}} rows; at most {{max}} can be imported at once.",
    );
  if (problem.kind === "empty") return t("csv.empty", {}, "The file has no header or no rows.");
  return t("csv.unreadable", { detail: problem.detail }, "The file is not valid CSV: {{detail}}");
}

/** A cell the browser could not read as its field's type (validate.ts). */
export const cellMessageIn =
  (t: Translate, labelOf: (field: FieldDefinition) => string): CellMessage =>
  (kind, field) => {
    const label = labelOf(field);
    if (kind === "number") return t("csv.cell.number", { label }, "{{label}} must be a number.");
    if (kind === "boolean") return t("csv.cell.boolean", { label }, "{{label}} must be true or false.");
    if (kind === "date") return t("csv.cell.date", { label }, "{{label}} must be a date.");
    if (kind === "json") return t("csv.cell.json", { label }, "{{label}} must be JSON.");
    const options = (field.options ?? []).join(", ");
    return t("csv.cell.option", { label, options }, "{{label}} must be one of: {{options}}.");
  };

/** A unique value the file holds twice (the dry run refused the second, importApi.ts). */
export const duplicateMessageIn =
  (t: Translate, labelOf: (field: FieldDefinition) => string): DuplicateMessage =>
  (field, value, first, second) =>
    t(
      "csv.duplicateInFile",
      // Rows as a spreadsheet numbers them: the header is row 1.
      { field: labelOf(field), value, first: first + 1, second: second + 1 },
      "{{field}} “{{value}}” appears twice in the file, rows {{first}} and {{second}}.",
    );
