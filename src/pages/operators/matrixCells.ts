// The role × table × action matrix of a project with Opsdesk installed as the Permissions screen
// shows it: one grid per role, a row per managed table (the project's first, by schema and name,
// then Opsdesk's own: its audit log and administration tables), a column per action.
import type { ManagedTableRow, MatrixCell } from "../../providers/operatorAdmin";
import { resourceNameOf } from "../../schema/names";

/** The matrix's actions, in the order of docs/any-project.md "The permission model". */
export const MATRIX_ACTIONS = ["list", "show", "create", "edit", "delete", "export", "import"] as const;
export type MatrixAction = (typeof MATRIX_ACTIONS)[number];

export const OPSDESK_SCHEMA = "opsdesk";

export const cellKeyOf = (cell: MatrixCell) =>
  `${cell.role}\u0000${cell.schema_name}\u0000${cell.table_name}\u0000${cell.action}`;

/** The keys of the granted cells, for lookups while rendering. */
export const grantedKeys = (cells: readonly MatrixCell[]) => new Set(cells.map(cellKeyOf));

export interface MatrixRow extends ManagedTableRow {
  /** The console's resource name of the table (its label is looked up by it). */
  resource: string;
  opsdesk: boolean;
}

/** The grid's rows: the project's managed tables by schema and name, then Opsdesk's own. */
export function matrixRows(tables: readonly ManagedTableRow[]): MatrixRow[] {
  const rows = tables.map((t) => ({
    ...t,
    resource: resourceNameOf(t.schema_name, t.table_name),
    opsdesk: t.schema_name === OPSDESK_SCHEMA,
  }));
  return rows.sort(
    (a, b) =>
      Number(a.opsdesk) - Number(b.opsdesk) ||
      a.schema_name.localeCompare(b.schema_name) ||
      a.table_name.localeCompare(b.table_name),
  );
}
