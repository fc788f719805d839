import { createClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { findResource } from "../resources";
import { createDataProvider, SEARCH_FIELD } from "./dataProvider";
import { searchSort, toSearchFilters } from "./searchRpc";

/** A client that records requests (URL and body); `answer` decides each response. */
function stubClient(answer: (url: URL) => Response) {
  const urls: URL[] = [];
  const bodies: Record<string, unknown>[] = [];
  const client = createClient("http://stack.test", "anon-key", {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    global: {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        urls.push(url);
        bodies.push(init?.body ? JSON.parse(String(init.body)) : {});
        return answer(url);
      },
    },
  });
  return { client, urls, bodies };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The page from search_products, the count from search_count. */
const searchAnswer = (rows: unknown[], total: number, approximate: boolean) => (url: URL) =>
  url.pathname.endsWith("/search_count") ? json({ total, approximate }) : json(rows);

const listParams = {
  resource: "products",
  pagination: { currentPage: 3, pageSize: 25 },
  sorters: [{ field: "name", order: "asc" as const }],
  filters: [
    { field: SEARCH_FIELD, operator: "contains" as const, value: " oak kettle " },
    { field: "status", operator: "in" as const, value: ["active"] },
    { field: "category_id", operator: "eq" as const, value: "" },
  ],
  meta: {
    select: "id,name,categories(id,name)",
    count: "estimated",
    search: { rpc: "search_products" },
    defaultSort: { field: "name", order: "asc" as const },
    sortBy: { category_id: "category_name" },
  },
};

describe("search through a search function", () => {
  it("asks for the page and its count at once, with the words, filters and page", async () => {
    const { client, urls, bodies } = stubClient(searchAnswer([{ id: 7 }], 991, false));
    const result = await createDataProvider(client, findResource).getList(listParams);
    expect(result).toEqual({ data: [{ id: 7 }], total: 991, approximate: false });
    expect(urls.map((u) => u.pathname).sort()).toEqual(["/rest/v1/rpc/search_count", "/rest/v1/rpc/search_products"]);
    const pageAt = urls.findIndex((u) => u.pathname.endsWith("/search_products"));
    expect(urls[pageAt].searchParams.get("select")).toBe("id,name,categories(id,name)");
    const filters = [{ field: "status", operator: "in", value: ["active"] }];
    // The list's default order gives way to relevance (no sort: the function's default, null); offset of page 3.
    expect(bodies[pageAt]).toEqual({
      q: "oak kettle",
      filters,
      descending: false,
      page_offset: 50,
      page_limit: 25,
    });
    expect(bodies[1 - pageAt]).toEqual({ resource: "products", q: "oak kettle", filters });
  });

  it("sorts the matches by a column the operator chose, through its alias", async () => {
    const { client, urls, bodies } = stubClient(searchAnswer([], 0, false));
    await createDataProvider(client, findResource).getList({
      ...listParams,
      sorters: [{ field: "category_id", order: "desc" }],
    });
    const pageAt = urls.findIndex((u) => u.pathname.endsWith("/search_products"));
    expect(bodies[pageAt]).toMatchObject({ sort: "category_name", descending: true });
  });

  it("passes an estimated total on as approximate", async () => {
    const { client } = stubClient(searchAnswer([{ id: 1 }], 24834, true));
    const result = await createDataProvider(client, findResource).getList(listParams);
    expect(result).toMatchObject({ total: 24834, approximate: true });
  });

  it("reports an error of the function like the table's", async () => {
    const { client } = stubClient(() => json({ code: "42501", message: "permission denied" }, 403));
    await expect(createDataProvider(client, findResource).getList(listParams)).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it("uses the table without search words", async () => {
    const { client, urls } = stubClient(() => json([]));
    await createDataProvider(client, findResource).getList({ ...listParams, filters: [] });
    expect(urls.map((u) => u.pathname)).toEqual(["/rest/v1/products"]);
  });
});

describe("what the search functions are sent", () => {
  it("takes filters on columns and refuses and/or groups", () => {
    expect(toSearchFilters([{ field: "price", operator: "between", value: [1, 5] }])).toEqual([
      { field: "price", operator: "between", value: [1, 5] },
    ]);
    expect(() => toSearchFilters([{ operator: "or", value: [{ field: "a", operator: "eq", value: 1 }] }])).toThrow(
      /and\/or/,
    );
  });

  it("ranks unless a column other than the list's default order is chosen", () => {
    const byName = { field: "name", order: "asc" as const };
    expect(searchSort([], byName)).toBeUndefined();
    expect(searchSort([byName], byName)).toBeUndefined();
    expect(searchSort([{ field: "name", order: "desc" }], byName)).toEqual({ field: "name", order: "desc" });
    expect(() => searchSort([{ field: "customers(full_name)", order: "asc" }], byName)).toThrow(/relevance/);
  });
});
