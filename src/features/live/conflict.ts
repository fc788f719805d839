// The operator's unsaved values against the record as it is now, after someone else saved it.
import type { BaseRecord } from "@refinedev/core";
import type { FieldDefinition } from "../../resources/types";
import { sameValue } from "../history/values";

export interface ConflictRow {
  field: FieldDefinition;
  /** What the operator had typed. */
  mine: unknown;
  /** What the record holds now. */
  current: unknown;
  /** The operator changed this field. */
  changedByMe: boolean;
  /** The other save changed this field. */
  changedByThem: boolean;
}

/** The form fields whose unsaved value differs from the current record. */
export function compareUnsaved(
  fields: FieldDefinition[],
  loaded: BaseRecord,
  mine: Record<string, unknown>,
  current: BaseRecord,
): ConflictRow[] {
  return fields
    .filter((field) => field.name in mine && !sameValue(mine[field.name], current[field.name]))
    .map((field) => ({
      field,
      mine: mine[field.name],
      current: current[field.name],
      changedByMe: !sameValue(mine[field.name], loaded[field.name]),
      changedByThem: !sameValue(loaded[field.name], current[field.name]),
    }));
}

/** A live event about the record that this form did not cause itself. */
export function isForeignChange(payload: BaseRecord | undefined, ownSave: "pending" | BaseRecord | undefined): boolean {
  if (ownSave === "pending") return false;
  if (!ownSave || !payload) return true;
  const stamp = (row: BaseRecord) => [row.version, row.updated_at].map(String).join("|");
  return stamp(payload) !== stamp(ownSave);
}
