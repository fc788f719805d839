// A list's column filters as Refine filters (which the URL holds) and back. Only filters
// with a value exist: a cleared filter is dropped, never kept empty, so the URL carries
// exactly the active ones. A range is two filters on its column, `gte` and `lte`, so either
// end may stay open; dates cover whole days.
import type { CrudFilter, LogicalFilter } from "@refinedev/core";
import dayjs, { type Dayjs } from "dayjs";
import { SEARCH_FIELD } from "../../providers/dataProvider";

/** How a column filters: text containing, one value, any of several values, or a from–to range. */
export type FilterMode = "contains" | "eq" | "in" | "range";

/** The value antd holds for a column's filter dropdown (its `selectedKeys`). */
type DropdownValue = unknown;

export const isBlank = (value: unknown) =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

const first = (value: DropdownValue) => (Array.isArray(value) ? value[0] : value);

/**
 * What one column's dropdown value becomes: the column's filters to merge into the list's,
 * each without a value when cleared (Refine then drops it).
 */
export function filtersOfColumn(field: string, mode: FilterMode, value: DropdownValue): LogicalFilter[] {
  if (mode === "range") {
    const [from, to] = Array.isArray(value) ? value : [];
    return [
      { field, operator: "gte", value: isBlank(from) ? undefined : from },
      { field, operator: "lte", value: isBlank(to) ? undefined : to },
    ];
  }
  if (mode === "in") {
    const values = (Array.isArray(value) ? value : [value]).filter((v) => !isBlank(v));
    return [{ field, operator: "in", value: values.length > 0 ? values : undefined }];
  }
  const single = first(value);
  const text = typeof single === "string" ? single.trim() : single;
  return [{ field, operator: mode, value: isBlank(text) ? undefined : text }];
}

/** The value a filter on this column with this operator holds, if any. */
export const filterValue = (filters: CrudFilter[], field: string, operator: string) => {
  const found = filters.find((f) => "field" in f && f.field === field && f.operator === operator);
  return found && !isBlank(found.value) ? found.value : undefined;
};

/** A column's dropdown value from the list's filters (antd's `filteredValue`), null when inactive. */
export function dropdownValueOf(filters: CrudFilter[], field: string, mode: FilterMode): unknown[] | null {
  if (mode === "range") {
    const from = filterValue(filters, field, "gte") ?? null;
    const to = filterValue(filters, field, "lte") ?? null;
    return from === null && to === null ? null : [from, to];
  }
  const value = filterValue(filters, field, mode);
  if (value === undefined) return null;
  return Array.isArray(value) ? value : [value];
}

/** A date range picker's days ↔ the instants that bound them (start of the first day, end of the last). */
export const dayRange = {
  toFilter: (days: readonly (Dayjs | null | undefined)[] | null | undefined): (string | null)[] => {
    const [from, to] = days ?? [];
    return [from ? from.startOf("day").toISOString() : null, to ? to.endOf("day").toISOString() : null];
  },
  toPicker: (value: unknown): [Dayjs | null, Dayjs | null] => {
    const [from, to] = Array.isArray(value) ? value : [];
    const day = (v: unknown) => (isBlank(v) ? null : dayjs(String(v)));
    return [day(from), day(to)];
  },
};

/**
 * Whether a range bound on a date column reads as a day: a "from" at the start of a day and a
 * "to" at its end, in this browser's time zone (the picker's days). Any other instant, such as
 * the bounds of the server's UTC day a dashboard bar links to, read far from UTC, shows its
 * time, so the chip says exactly which orders are listed.
 */
export function boundReadsAsDay(value: unknown, bound: "gte" | "lte"): boolean {
  const instant = dayjs(String(value));
  if (!instant.isValid()) return true;
  const edge = bound === "gte" ? instant.startOf("day") : instant.endOf("day");
  // A "to" written to the microsecond (PostgreSQL's 23:59:59.999999) is the day's end too.
  return Math.abs(instant.diff(edge)) < 1;
}

/** The filters an operator set (not the search box), grouped by column in the order they were set. */
export function activeFilterGroups(filters: CrudFilter[]): { field: string; filters: LogicalFilter[] }[] {
  const groups = new Map<string, LogicalFilter[]>();
  for (const filter of filters) {
    if (!("field" in filter) || filter.field === SEARCH_FIELD || isBlank(filter.value)) continue;
    groups.set(filter.field, [...(groups.get(filter.field) ?? []), filter]);
  }
  return [...groups].map(([field, group]) => ({ field, filters: group }));
}

/** The list's filters without one column's (a removed chip). */
export const withoutColumn = (filters: CrudFilter[], field: string) =>
  filters.filter((f) => !("field" in f) || f.field !== field);

/** The list's filters without any column's ("Clear all" keeps the search box's words). */
export const onlySearch = (filters: CrudFilter[]) => filters.filter((f) => "field" in f && f.field === SEARCH_FIELD);
