// A list's search through the resource's search function (public.search_<resource>, see
// docs/search.md). Under RLS no match operator can use an index, so the functions check
// app.can themselves and search through the indexes, ranked; they page, filter and sort
// inside, because a common word has too many matches to hand back for PostgREST to page.
// The page and its count (public.search_count) are asked for at the same time.
import type { BaseRecord, CrudFilter, CrudSort, GetListResponse, LogicalFilter, Pagination } from "@refinedev/core";
import { asJson, fromJson, type SearchRpc } from "../resources/rpc";
import type { ConsoleClient } from "./supabaseClient";

export interface RpcListRequest {
  resource: string;
  rpc: SearchRpc;
  text: string;
  /** Filters other than the search itself, without empty ones. */
  filters: CrudFilter[];
  sorters: CrudSort[];
  /** The list's own order: while searching it gives way to relevance. */
  defaultSort?: CrudSort;
  pagination?: Pagination;
  select?: string;
}

/** A filter as the search functions take it: Refine's operators, the value as JSON. */
export interface SearchFilter {
  field: string;
  operator: LogicalFilter["operator"];
  value: unknown;
}

export function toSearchFilters(filters: CrudFilter[]): SearchFilter[] {
  return filters.map((filter) => {
    if (!("field" in filter)) {
      throw new Error("Search takes filters on columns, not and/or groups of them.");
    }
    return { field: filter.field, operator: filter.operator, value: filter.value };
  });
}

/**
 * The column to sort the matches by, or undefined for relevance: with no order chosen,
 * or the list's default order, a search ranks its matches.
 */
export function searchSort(sorters: CrudSort[], defaultSort?: CrudSort): CrudSort | undefined {
  const [sorter] = sorters;
  if (!sorter) return undefined;
  if (defaultSort && sorter.field === defaultSort.field && sorter.order === defaultSort.order) return undefined;
  if (!/^[a-z_][a-z0-9_]*$/.test(sorter.field)) {
    throw new Error(`Search results sort by relevance or by a column of the list, not by "${sorter.field}".`);
  }
  return sorter;
}

interface SearchCount {
  total: number;
  approximate: boolean;
}

export async function listThroughSearchRpc<T extends BaseRecord>(
  client: ConsoleClient,
  request: RpcListRequest,
): Promise<GetListResponse<T>> {
  const { currentPage = 1, pageSize = 10 } = request.pagination ?? {};
  const filters = toSearchFilters(request.filters);
  const sort = searchSort(request.sorters, request.defaultSort);
  const [page, count] = await Promise.all([
    client
      .rpc(request.rpc, {
        q: request.text,
        filters: asJson(filters),
        ...(sort ? { sort: sort.field } : {}),
        descending: sort?.order === "desc",
        page_offset: (currentPage - 1) * pageSize,
        page_limit: pageSize,
      })
      .select(request.select ?? "*"),
    client.rpc("search_count", { resource: request.resource, q: request.text, filters: asJson(filters) }),
  ]);
  if (page.error) throw page.error;
  if (count.error) throw count.error;
  const { total, approximate } = fromJson<SearchCount>(count.data);
  return { data: (page.data ?? []) as unknown as T[], total, approximate };
}
