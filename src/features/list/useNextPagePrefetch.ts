// A list asks for the page after the one it shows once that one has arrived, so "next" shows
// its rows at once instead of after a round trip: the operator's most common move on a list.
// The request is the one the list itself would send for that page (same resource, filters,
// sorters and meta), so it lands under the list's own query key, where Refine's useTable
// finds it when the page changes. Live events leave it alone (it is refetched, like any cached
// page, when the list moves onto it).
import {
  type BaseRecord,
  type CrudFilter,
  type CrudSort,
  type MetaQuery,
  unionFilters,
  unionSorters,
  useList,
  useMeta,
  useResourceParams,
} from "@refinedev/core";

export interface ShownPage {
  resource: string;
  /** The meta the list passes to useTable. */
  meta: MetaQuery;
  filters: CrudFilter[];
  sorters: CrudSort[];
  currentPage: number;
  pageSize: number;
  /** Rows the list can page through, once its page has arrived (an estimate on large tables). */
  total: number | undefined;
  /** The shown page has arrived and nothing is being fetched for it. */
  settled: boolean;
}

export function useNextPagePrefetch({
  resource,
  meta,
  filters,
  sorters,
  currentPage,
  pageSize,
  total,
  settled,
}: ShownPage) {
  const { resource: definition } = useResourceParams({ resource });
  const getMeta = useMeta();
  const hasNext = total !== undefined && currentPage * pageSize < total;
  useList<BaseRecord>({
    resource,
    // As Refine's useTable builds its useList call, so that the query keys are the same.
    pagination: { currentPage: currentPage + 1, pageSize, mode: "server" },
    filters: unionFilters([], filters),
    sorters: unionSorters([], sorters),
    meta: getMeta({ resource: definition, meta }),
    liveMode: "off",
    successNotification: false,
    errorNotification: false,
    // The list shows nothing of the prefetch: its progress must not render the list again
    // (twice per page change, the list's header and toolbar with it).
    queryOptions: { enabled: settled && hasNext, notifyOnChangeProps: [] },
  });
}
