// What a list does when the operator sorts, filters or pages its table. Refine's antd
// table keeps the page on a new sort and maps each column's filter with one operator; here
// a new sort or filter starts again on page 1, and each column's filter becomes the list's
// filters by its mode (a range is two of them), cleared ones dropped (listFilters.ts).
import type { CrudFilter } from "@refinedev/core";
import type { TableProps } from "antd";
import type { FilterMode } from "../fields/listFilters";
import { filtersOfColumn } from "../fields/listFilters";

type OnChange = NonNullable<TableProps["onChange"]>;

export interface ChangingTable {
  setFilters: (filters: CrudFilter[], behavior?: "merge" | "replace") => void;
}

/**
 * The table's onChange: filters through `modes` (the list's filter columns), the rest
 * (sort, page, page size) through Refine's own handler, on page 1 after a sort or filter.
 */
export function listOnChange(modes: Record<string, FilterMode>, table: ChangingTable, refineOnChange?: OnChange) {
  const onChange: OnChange = (pagination, tableFilters, sorter, extra) => {
    if (extra.action === "filter") {
      const changed = Object.entries(tableFilters).flatMap(([field, value]) =>
        field in modes ? filtersOfColumn(field, modes[field], value) : [],
      );
      table.setFilters(changed, "merge");
    }
    const firstPage = extra.action === "sort" || extra.action === "filter";
    // Filters are handled above: Refine's handler gets none, so it leaves them alone.
    refineOnChange?.(firstPage ? { ...pagination, current: 1 } : pagination, {}, sorter, extra);
  };
  return onChange;
}
