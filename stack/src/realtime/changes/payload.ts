// The `data` of a postgres_changes push, built per role: only the columns the role
// may select, typed like upstream's realtime.cast, trimmed when over 1 MB.
import type { RelationInfo } from "./relations.js";
import type { ChangeData, ChangeType } from "./subscriptions.js";
import { valueToJson } from "./values.js";

/** A decoded row: column → Postgres text output (undefined: unchanged TOAST, not sent). */
export type TextRow = Record<string, string | null | undefined>;

export interface RowChange {
  type: ChangeType;
  relationOid: number;
  newRow: TextRow | null;
  /** The replica-identity columns (all of them with REPLICA IDENTITY FULL). */
  oldRow: TextRow | null;
}

/** Upstream's max_record_bytes. */
const MAX_RECORD_BYTES = 1024 * 1024;
const TRIMMED_VALUE_BYTES = 64;

export const NO_PRIMARY_KEY = "Error 400: Bad Request, no primary key";
export const UNAUTHORIZED = "Error 401: Unauthorized";
const PAYLOAD_TOO_LARGE = "Error 413: Payload Too Large";

function toRecord(rel: RelationInfo, row: TextRow, keep: (column: string) => boolean): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const column of rel.columns) {
    const text = row[column.name];
    if (text === undefined || !keep(column.name)) continue;
    record[column.name] = valueToJson(text, column.codec);
  }
  return record;
}

function recordBytes(record: Record<string, unknown> | undefined): number {
  return record ? Buffer.byteLength(JSON.stringify(record)) : 0;
}

function trimmed(record: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!record) return record;
  return Object.fromEntries(
    Object.entries(record).filter(([, v]) => Buffer.byteLength(JSON.stringify(v) ?? "") <= TRIMMED_VALUE_BYTES),
  );
}

/** An error-only payload (no primary key, key not selectable by the role). */
export function errorData(rel: RelationInfo, type: ChangeType, commitTimestamp: string, error: string): ChangeData {
  return { schema: rel.schema, table: rel.table, commit_timestamp: commitTimestamp, type, errors: [error] };
}

export function buildData(
  rel: RelationInfo,
  change: RowChange,
  commitTimestamp: string,
  selectable: Set<string>,
): ChangeData {
  const data: ChangeData = {
    schema: rel.schema,
    table: rel.table,
    commit_timestamp: commitTimestamp,
    type: change.type,
    columns: rel.columns.filter((c) => selectable.has(c.name)).map((c) => ({ name: c.name, type: c.type })),
    errors: null,
  };
  const canSee = (column: string) => selectable.has(column);
  if (change.type !== "DELETE" && change.newRow) {
    // Unchanged TOAST values are not in the new tuple: take them from the old one.
    data.record = toRecord(rel, { ...change.oldRow, ...definedOnly(change.newRow) }, canSee);
  }
  if (change.type !== "INSERT") {
    // A delete cannot be checked against RLS: subscribers only learn its key.
    const pkOnly = change.type === "DELETE" && rel.rlsEnabled;
    data.old_record = toRecord(rel, change.oldRow ?? {}, (c) => canSee(c) && (!pkOnly || rel.primaryKey.includes(c)));
  }
  if (recordBytes(data.record) + recordBytes(data.old_record) > MAX_RECORD_BYTES) {
    data.record = trimmed(data.record);
    data.old_record = trimmed(data.old_record);
    data.errors = [PAYLOAD_TOO_LARGE];
  }
  return data;
}

function definedOnly(row: TextRow): TextRow {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
}
