// An audit entry as field-by-field changes: an update lists its changed columns
// (old → new), an insert what the record started with, a delete what it held.
import type { FieldDefinition, ResourceDefinition } from "../../resources/types";

export interface AuditEntry {
  id: number | string;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  /** The table's schema (`public` for the store's tables; absent in entries written before it was recorded). */
  schema_name?: string;
  table_name: string;
  record_id: string;
  action: "INSERT" | "UPDATE" | "DELETE";
  old: Record<string, unknown> | null;
  new: Record<string, unknown> | null;
  changed: string[] | null;
}

export interface FieldChange {
  name: string;
  /** The resource's field, when the column has one (label, display type). */
  field?: FieldDefinition;
  before: unknown;
  after: unknown;
}

/** Bookkeeping every save touches, and the key the entry already names: it would bury the changes that matter. */
const NOISE = new Set(["id", "version", "updated_at", "created_at", "search"]);

const blank = (value: unknown) => value === null || value === undefined || (Array.isArray(value) && value.length === 0);

export function entryChanges(entry: AuditEntry, def: ResourceDefinition | undefined): FieldChange[] {
  const before = entry.old ?? {};
  const after = entry.new ?? {};
  const names =
    entry.action === "UPDATE"
      ? (entry.changed ?? Object.keys(after).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k])))
      : Object.keys(entry.action === "INSERT" ? after : before).filter(
          (k) =>
            // A new or removed record's empty columns say nothing.
            !blank(entry.action === "INSERT" ? after[k] : before[k]),
        );
  const order = new Map(def?.fields.map((f, i) => [f.name, i]) ?? []);
  return names
    .filter((name) => !NOISE.has(name))
    .sort((a, b) => (order.get(a) ?? order.size) - (order.get(b) ?? order.size) || a.localeCompare(b))
    .map((name) => ({
      name,
      field: def?.fields.find((f) => f.name === name),
      before: entry.action === "INSERT" ? undefined : before[name],
      after: entry.action === "DELETE" ? undefined : after[name],
    }));
}
