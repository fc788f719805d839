// Full-text search through a search function (e.g. public.search_products) instead of the
// table. Under RLS the table's GIN index cannot serve `@@` (not leakproof), so a rare word
// scans every row; the security-definer function checks the policy once and uses the index
// (supabase/migrations/20250615100000_search_products_rpc.sql). It refuses words with more
// matches than it reads cheaply (PT413): those the table finds a page of quickly.
import type { BaseRecord, CrudFilter, CrudSort, GetListResponse, Pagination } from "@refinedev/core";
import { generateFilter } from "@refinedev/supabase";
import type { SupabaseClient } from "@supabase/supabase-js";

/** The function's answer to a word too common for it; the caller searches the table. */
export const TOO_MANY_MATCHES = "PT413";

export interface RpcListRequest {
  rpc: string;
  text: string;
  /** Filters other than the search itself, already rewritten for PostgREST. */
  filters: CrudFilter[];
  sorters: CrudSort[];
  pagination?: Pagination;
  select?: string;
}

/**
 * The page as getList returns it, or undefined when the function leaves the search to the
 * table. The count is exact: the function returns few rows (it refuses many), and an
 * estimate of a function's rows is its declared guess, not the matches.
 */
export async function listThroughSearchRpc<T extends BaseRecord>(
  client: SupabaseClient,
  request: RpcListRequest,
): Promise<GetListResponse<T> | undefined> {
  const { currentPage = 1, pageSize = 10 } = request.pagination ?? {};
  const query = client
    .rpc(request.rpc, { q: request.text }, { get: true, count: "exact" })
    .select(request.select ?? "*");
  for (const filter of request.filters) generateFilter(filter, query);
  for (const sorter of request.sorters) query.order(sorter.field, { ascending: sorter.order === "asc" });
  query.range((currentPage - 1) * pageSize, currentPage * pageSize - 1);
  const { data, count, error } = await query;
  if (error?.code === TOO_MANY_MATCHES) return undefined;
  if (error) throw error;
  return { data: (data ?? []) as unknown as T[], total: count ?? 0, approximate: false };
}
