// What a list view is (filters, sorters, columns, page size) and the pure steps on it:
// what gets stored, how a stored view becomes the table's state again, and the column
// chooser's moves. A saved view only names columns the definition still has.
import type { CrudFilter, CrudSort } from "@refinedev/core";
import type { ResourceDefinition } from "../../resources/types";
import { isBlank } from "../fields/listFilters";

export interface ListViewState {
  filters: CrudFilter[];
  sorters: CrudSort[];
  /** Visible columns in order. */
  columns: string[];
  pageSize: number;
}

/** Filters worth keeping: the ones with a value (the table also carries empty column filters). */
export const storableFilters = (filters: CrudFilter[]) => filters.filter((f) => !("field" in f) || !isBlank(f.value));

/** Columns the chooser offers: every field except raw JSON and the full-text column. */
export const choosableColumns = (def: ResourceDefinition) => {
  const search = def.list.search;
  const searchColumn = search && "column" in search ? search.column : undefined;
  return def.fields.filter((f) => f.type !== "json" && f.name !== searchColumn).map((f) => f.name);
};

/** A stored column list cut to the columns the definition has; the defaults when none are left. */
export function columnsForView(def: ResourceDefinition, stored: readonly string[] | null | undefined): string[] {
  const known = new Set(choosableColumns(def));
  const kept = (stored ?? []).filter((name, i, all) => known.has(name) && all.indexOf(name) === i);
  return kept.length > 0 ? kept : [...def.list.columns];
}

/** Shows a hidden column (at the end) or hides a shown one; the last visible column stays. */
export function toggleColumn(columns: string[], name: string): string[] {
  if (!columns.includes(name)) return [...columns, name];
  return columns.length > 1 ? columns.filter((c) => c !== name) : columns;
}

/** Moves a visible column one place left (-1) or right (+1). */
export function moveColumn(columns: string[], name: string, delta: -1 | 1): string[] {
  const from = columns.indexOf(name);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= columns.length) return columns;
  const next = [...columns];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/**
 * Values through the URL come back as strings, and jsonb returns keys in its own order:
 * compare views by their text with object keys sorted.
 */
const comparable = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, comparable(v)]));
  }
  return value === undefined || value === null ? "" : String(value);
};

export function sameView(a: ListViewState, b: ListViewState): boolean {
  const key = (s: ListViewState) =>
    JSON.stringify(comparable({ ...s, filters: storableFilters(s.filters), pageSize: s.pageSize }));
  return key(a) === key(b);
}
