// The list's search among its filters: the search box's text sits in the same filter list as the
// columns' filters (under SEARCH_FIELD, providers/dataProvider.ts), so the box, the columns and
// "select all matching" each take their part from here (pure; listSearch.test.ts).
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { SEARCH_FIELD } from "../../providers/dataProvider";

const isSearch = (filter: CrudFilter) => "field" in filter && filter.field === SEARCH_FIELD;

/** The search box's text as the filters hold it; no search (or no text): undefined. */
export function searchValue(filters: CrudFilter[]): string | undefined {
  const found = filters.find(isSearch);
  return typeof found?.value === "string" ? found.value : undefined;
}

/** The filters but the search: what the columns' own filters show (a search changes no column). */
export const withoutSearch = (filters: CrudFilter[]) => filters.filter((f) => !isSearch(f));

/**
 * The list as it is shown, as one string: "select all matching" holds for this state only, so
 * another filter, search, sort, page or page size ends it (features/bulk/useBulkSelection.ts).
 */
export const listStateKey = (filters: CrudFilter[], sorters: CrudSort[], currentPage: number, pageSize: number) =>
  JSON.stringify([filters, sorters, currentPage, pageSize]);
