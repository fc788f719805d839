// The permission matrix as the editor shows it: one grid per role, resources × actions,
// built from the rows of `permissions` (docs/product.md §6).

import { Constants, type Database } from "../../resources/database.types";
import type { StaffRole } from "../../resources/roles";

export type Action = Database["public"]["Enums"]["permission_action"];

/** The permission_action enum, in its order, which the grid shows. */
export const ACTIONS: readonly Action[] = Constants.public.Enums.permission_action;

export interface PermissionRow {
  role: StaffRole;
  resource: string;
  action: Action;
}

export const cellKey = (row: PermissionRow) => `${row.role}:${row.resource}:${row.action}`;

/**
 * The resources the grid lists: the console's (in its menu order) followed by any other
 * resource the table names, so rows for tables the console does not know stay editable.
 */
export function matrixResources(known: readonly string[], rows: readonly PermissionRow[]): string[] {
  const extra = [...new Set(rows.map((r) => r.resource))].filter((r) => !known.includes(r)).sort();
  return [...known, ...extra];
}

/** The keys of the granted cells, for O(1) lookups while rendering. */
export const grantedCells = (rows: readonly PermissionRow[]) => new Set(rows.map(cellKey));

/** A checkbox change as the write it needs: checking grants (insert), unchecking revokes (delete). */
export function toggleWrite(row: PermissionRow, checked: boolean): { kind: "grant" | "revoke"; row: PermissionRow } {
  return { kind: checked ? "grant" : "revoke", row };
}
