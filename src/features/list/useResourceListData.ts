// A generated list's data: Refine's useTable with the list's state in the URL (sort, only the
// active filters, the search box's text, page, page size), live changes highlighted
// (features/live), the rows shown without those whose undoable delete waits (useShownRows.ts),
// and the next page read ahead once this one has arrived (useNextPagePrefetch.ts).
import { useTable } from "@refinedev/antd";
import type { BaseRecord, HttpError } from "@refinedev/core";
import { useMemo } from "react";
import { idColumnOf, metaFor } from "../../lib/select";
import { SEARCH_FIELD } from "../../providers/dataProvider";
import type { ResourceDefinition } from "../../resources/types";
import { useLiveHighlights } from "../live/useLiveHighlights";
import { DEFAULT_PAGE_SIZE } from "./listPaging";
import { useNextPagePrefetch } from "./useNextPagePrefetch";
import { useShownRows } from "./useShownRows";

/** A generated list's table state as Refine's useTable gives it (the search form's value is `q`). */
export type ListState = ReturnType<typeof useTable<BaseRecord, HttpError, { q?: string }>>;

export function useResourceListData(def: ResourceDefinition) {
  const live = useLiveHighlights(idColumnOf(def));
  const meta = useMemo(() => metaFor(def), [def]);
  const table: ListState = useTable<BaseRecord, HttpError, { q?: string }>({
    resource: def.name,
    meta,
    pagination: { pageSize: DEFAULT_PAGE_SIZE },
    sorters: { initial: [def.list.defaultSort] },
    // No initial filters: the state, and so the URL, holds only the active ones.
    syncWithLocation: true,
    onLiveEvent: live.onLiveEvent,
    // The search box is the table's search form; an emptied box drops the filter (and
    // Refine starts the new results on page 1).
    onSearch: ({ q }) => [{ field: SEARCH_FIELD, operator: "contains", value: q || undefined }],
  });
  const { filters, sorters, tableQuery, currentPage, pageSize } = table;
  const tableProps = useShownRows(def, table);
  useNextPagePrefetch({
    resource: def.name,
    meta,
    filters,
    sorters,
    currentPage,
    pageSize,
    total: table.tableProps.pagination ? table.tableProps.pagination.total : undefined,
    settled: tableQuery.isSuccess && !tableQuery.isFetching && !tableQuery.isPlaceholderData,
  });
  return { table, tableProps, live };
}
