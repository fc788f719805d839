import { createClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { findResource } from "../resources";
import { createDataProvider, SEARCH_FIELD } from "./dataProvider";

/** A client that records request URLs; `answer` decides each response. */
function stubClient(answer: (url: URL) => Response) {
  const urls: URL[] = [];
  const client = createClient("http://stack.test", "anon-key", {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    global: {
      fetch: async (input: RequestInfo | URL) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        urls.push(url);
        return answer(url);
      },
    },
  });
  return { client, urls };
}

const page = (rows: unknown[], total: number) =>
  new Response(JSON.stringify(rows), {
    status: 200,
    headers: { "content-range": `0-${rows.length - 1}/${total}`, "content-type": "application/json" },
  });

const tooManyMatches = () =>
  new Response(
    JSON.stringify({
      code: "PT413",
      message: "The search matches more than 2000 products.",
      details: null,
      hint: null,
    }),
    {
      status: 413,
      headers: { "content-type": "application/json" },
    },
  );

const listParams = {
  resource: "products",
  pagination: { currentPage: 3, pageSize: 25 },
  sorters: [{ field: "category_id", order: "asc" as const }],
  filters: [
    { field: SEARCH_FIELD, operator: "contains" as const, value: " oak kettle " },
    { field: "status", operator: "in" as const, value: ["active"] },
  ],
  meta: {
    select: "*,categories(id,name)",
    count: "estimated",
    search: { column: "search", config: "english", rpc: "search_products" },
    sortBy: { category_id: "categories.name" },
  },
};

describe("search through a search function", () => {
  it("sends the words as q with the list's filters, related order, page and count", async () => {
    const { client, urls } = stubClient(() => page([{ id: 7 }], 991));
    const result = await createDataProvider(client, findResource).getList(listParams);
    expect(result).toEqual({ data: [{ id: 7 }], total: 991, approximate: false });
    expect(urls).toHaveLength(1);
    const params = urls[0].searchParams;
    expect(urls[0].pathname).toBe("/rest/v1/rpc/search_products");
    expect(params.get("q")).toBe("oak kettle");
    expect(params.get("select")).toBe("*,categories(id,name)");
    expect(params.get("status")).toBe("in.(active)");
    expect(params.get("order")).toBe("categories(name).asc");
    expect(params.get("offset")).toBe("50");
    expect(params.get("limit")).toBe("25");
    expect(params.has("search")).toBe(false);
  });

  it("searches the table when the function finds the words too common", async () => {
    const { client, urls } = stubClient((url) =>
      url.pathname.includes("/rpc/") ? tooManyMatches() : page([{ id: 1 }], 62000),
    );
    const result = await createDataProvider(client, findResource).getList(listParams);
    expect(result).toMatchObject({ total: 62000, approximate: true });
    expect(urls.map((u) => u.pathname)).toEqual(["/rest/v1/rpc/search_products", "/rest/v1/products"]);
    expect(urls[1].searchParams.get("search")).toBe("wfts(english).oak kettle");
  });

  it("reports other errors of the function like the table's", async () => {
    const { client } = stubClient(
      () => new Response(JSON.stringify({ code: "42501", message: "permission denied" }), { status: 403 }),
    );
    await expect(createDataProvider(client, findResource).getList(listParams)).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it("uses the table without search words", async () => {
    const { client, urls } = stubClient(() => page([], 0));
    await createDataProvider(client, findResource).getList({ ...listParams, filters: [] });
    expect(urls[0].pathname).toBe("/rest/v1/products");
  });
});
