// Relationships through views, as PostgREST's schema cache derives them: a view
// that shows all the columns of one side of a foreign key (unchanged, possibly
// renamed, possibly through other views) takes part in that key's relationships,
// so `view?select=*,table(*)`, `table?select=*,view(*)` and view-to-view embeds work.
import type { ForeignKey } from "./relationships.js";
import { qualifiedKey, type Relation } from "./types.js";

export interface ViewColumnRow {
  view_schema: string;
  view: string;
  view_column: string;
  table_schema: string;
  table: string;
  table_column: string;
}

export interface ForeignKeyRow {
  name: string;
  schema: string;
  table: string;
  cols: string[];
  fschema: string;
  ftable: string;
  fcols: string[];
}

/** For each base table: the views showing it, with view column by table column. */
type Showings = Map<string, { view: Relation; columnOf: Map<string, string> }[]>;

function showings(rows: ViewColumnRow[], relations: Map<string, Relation>): Showings {
  // A view column with two origins (a subquery reusing its name) is ambiguous: skipped.
  const origins = new Map<string, Set<string>>();
  for (const r of rows) {
    const key = `${qualifiedKey(r.view_schema, r.view)}\u0000${r.view_column}`;
    origins.set(
      key,
      (origins.get(key) ?? new Set()).add(`${qualifiedKey(r.table_schema, r.table)}\u0000${r.table_column}`),
    );
  }
  const byTable: Showings = new Map();
  for (const r of rows) {
    const view = relations.get(qualifiedKey(r.view_schema, r.view));
    const key = `${qualifiedKey(r.view_schema, r.view)}\u0000${r.view_column}`;
    if (!view?.columns.has(r.view_column) || origins.get(key)?.size !== 1) continue;
    const table = qualifiedKey(r.table_schema, r.table);
    const list = byTable.get(table) ?? [];
    let entry = list.find((e) => e.view === view);
    if (!entry) {
      entry = { view, columnOf: new Map() };
      list.push(entry);
      byTable.set(table, list);
    }
    if (!entry.columnOf.has(r.table_column)) entry.columnOf.set(r.table_column, r.view_column);
  }
  return byTable;
}

/** One side of a key as the relations that show all its columns, with their column names. */
function sides(
  table: string,
  cols: string[],
  relations: Map<string, Relation>,
  shown: Showings,
): { relation: Relation; cols: string[]; isTable: boolean }[] {
  const result: { relation: Relation; cols: string[]; isTable: boolean }[] = [];
  const own = relations.get(table);
  if (own) result.push({ relation: own, cols, isTable: true });
  for (const { view, columnOf } of shown.get(table) ?? []) {
    if (cols.every((c) => columnOf.has(c))) {
      result.push({ relation: view, cols: cols.map((c) => columnOf.get(c) as string), isTable: false });
    }
  }
  return result;
}

/** The foreign keys as seen through views (table-to-table keys are the loader's own). */
export function viewForeignKeys(
  fkRows: ForeignKeyRow[],
  viewRows: ViewColumnRow[],
  relations: Map<string, Relation>,
): ForeignKey[] {
  const shown = showings(viewRows, relations);
  const result: ForeignKey[] = [];
  for (const fk of fkRows) {
    const origins = sides(qualifiedKey(fk.schema, fk.table), fk.cols, relations, shown);
    const targets = sides(qualifiedKey(fk.fschema, fk.ftable), fk.fcols, relations, shown);
    for (const origin of origins) {
      for (const target of targets) {
        if (origin.isTable && target.isTable) continue;
        result.push({
          name: fk.name,
          origin: origin.relation,
          target: target.relation,
          cols: origin.cols.map((c, i): [string, string] => [c, target.cols[i]]),
        });
      }
    }
  }
  return result;
}
