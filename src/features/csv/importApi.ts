// Opsdesk's import_rows (opsdesk.import_rows, docs/any-project.md): a dry run that reports bad
// rows, then the all-or-nothing commit. Database errors of rows become
// the docs/product.md §8 messages the forms show, through the same mapping (toHttpError).
import type { Translate } from "../../i18n/messages";
import { resourceKey } from "../../i18n/resourceKeys";
import { backend } from "../../providers/backend";
import { type DescribeResource, toHttpError } from "../../providers/errors";
import type { FieldDefinition, ResourceDefinition } from "../../resources/types";
import type { RowProblem } from "./validate";

/** A failed row as import_rows reports it: the raw parts of the database error. */
export interface DatabaseRowError {
  row: number;
  code: string;
  message: string;
  details: string | null;
  constraint: string | null;
  column: string | null;
  /** Set when a reference's label named no row (or several). */
  label?: string;
  ambiguous?: boolean;
}

export interface ImportOutcome {
  inserted: number;
  committed: boolean;
  errors: DatabaseRowError[];
  /** The database stopped checking after its maximum number of errors. */
  truncated: boolean;
}

/** For each reference field, the referenced column the file names rows by. */
export function referenceLabels(def: ResourceDefinition): Record<string, string> {
  return Object.fromEntries(
    def.fields.flatMap((field) => (field.reference ? [[field.name, field.reference.labelField]] : [])),
  );
}

export async function importRows(
  def: ResourceDefinition,
  rows: Record<string, unknown>[],
  dryRun: boolean,
  describe: DescribeResource,
): Promise<ImportOutcome> {
  const context = { resource: def.name, operation: "create" as const, describe };
  const table = def.table ?? { schema: "public", name: def.name };
  return backend.importRows(table, { rows, labels: referenceLabels(def), dry_run: dryRun }, context);
}

/** What a reference names: its resource (when the console knows it) or the field's English label. */
export interface LabelTarget {
  resource?: string;
  text: string;
}

export type LabelMessage = (target: LabelTarget, label: string, ambiguous: boolean) => string;

/** The sentence per referenced resource (i18next context), the noun in the operator's language. */
export const labelMessageIn =
  (t: Translate): LabelMessage =>
  ({ resource, text }, label, ambiguous) => {
    const values = {
      target: resource ? t(resourceKey.singular(resource), {}, text) : text,
      label,
      ...(resource ? { context: resource } : {}),
    };
    return ambiguous
      ? t("csv.labelAmbiguous", values, 'Several {{target}} records are named "{{label}}".')
      : t("csv.labelMissing", values, 'There is no {{target}} named "{{label}}".');
  };

/** A value the file holds twice: its field, the value and both rows (data rows, from 1). */
export type DuplicateMessage = (field: FieldDefinition, value: string, first: number, second: number) => string;

/**
 * For a row the database refused as a duplicate: the earlier row of the same file that holds
 * the value (the dry run inserted it first), compared as the unique index compares (e-mail
 * addresses without regard to case); undefined when the value is taken by a stored record.
 */
export function earlierDuplicate(
  rows: readonly Record<string, unknown>[],
  row: number,
  field: FieldDefinition,
): number | undefined {
  const key = (value: unknown) =>
    value === null || value === undefined
      ? undefined
      : field.type === "email"
        ? String(value).toLowerCase()
        : String(value);
  const wanted = key(rows[row - 1]?.[field.name]);
  if (wanted === undefined) return undefined;
  const index = rows.slice(0, row - 1).findIndex((other) => key(other[field.name]) === wanted);
  return index < 0 ? undefined : index + 1;
}

export function rowProblemOf(
  error: DatabaseRowError,
  def: ResourceDefinition,
  describe: DescribeResource,
  labelMessage: LabelMessage,
  inFile?: { rows: readonly Record<string, unknown>[]; message: DuplicateMessage },
): RowProblem {
  if (error.label !== undefined && error.column) {
    const field = def.fields.find((f) => f.name === error.column);
    const targetDef = field?.reference ? describe(field.reference.resource) : undefined;
    const target: LabelTarget = targetDef
      ? { resource: targetDef.name, text: targetDef.label.singular }
      : { text: field?.label ?? "record" };
    return {
      row: error.row,
      field: error.column,
      message: labelMessage(target, error.label, Boolean(error.ambiguous)),
    };
  }
  const mapped = toHttpError(error, def.name, "create", describe);
  const field = Object.keys(mapped.errors ?? {})[0] ?? error.column ?? undefined;
  const definition = def.fields.find((f) => f.name === field);
  if (error.code === "23505" && inFile && definition) {
    const first = earlierDuplicate(inFile.rows, error.row, definition);
    if (first !== undefined) {
      const value = String(inFile.rows[error.row - 1]?.[definition.name] ?? "");
      return { row: error.row, field, message: inFile.message(definition, value, first, error.row) };
    }
  }
  return { row: error.row, field, message: mapped.message };
}
