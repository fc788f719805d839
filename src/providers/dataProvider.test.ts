import { createClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { metaFor } from "../lib/select";
import { findResource, getResource } from "../resources";
import {
  aliasSorter,
  createDataProvider,
  holdsEdit,
  rewriteFilters,
  SEARCH_FIELD,
  toRelatedSorter,
} from "./dataProvider";

describe("toRelatedSorter", () => {
  it("orders parent rows by a to-one embed", () => {
    expect(toRelatedSorter({ field: "categories.name", order: "asc" })).toEqual({
      field: "categories(name)",
      order: "asc",
    });
  });

  it("leaves plain columns alone", () => {
    expect(toRelatedSorter({ field: "price", order: "desc" })).toEqual({ field: "price", order: "desc" });
  });
});

describe("aliasSorter", () => {
  it("sorts a reference column by the referenced label", () => {
    expect(aliasSorter({ field: "category_id", order: "asc" }, { category_id: "categories.name" })).toEqual({
      field: "categories.name",
      order: "asc",
    });
    expect(aliasSorter({ field: "price", order: "asc" }, { category_id: "categories.name" }).field).toBe("price");
  });
});

describe("rewriteFilters", () => {
  const search = { column: "search", config: "english" };

  it("turns the search box into websearch full-text search", () => {
    expect(rewriteFilters([{ field: SEARCH_FIELD, operator: "contains", value: " red mug " }], search)).toEqual([
      { field: "search", operator: "wfts(english)", value: "red mug" },
    ]);
  });

  it("drops filters without a value and search on resources without a search column", () => {
    expect(
      rewriteFilters(
        [
          { field: "status", operator: "in", value: [] },
          { field: "name", operator: "contains", value: "" },
          { field: "category_id", operator: "eq", value: undefined },
          { field: SEARCH_FIELD, operator: "contains", value: "x" },
          { field: "stock", operator: "eq", value: 0 },
        ],
        undefined,
      ),
    ).toEqual([{ field: "stock", operator: "eq", value: 0 }]);
  });
});

/** A client whose requests are recorded; each answers an empty page. */
function recordingClient() {
  return answeringClient(
    () => new Response("[]", { status: 200, headers: { "content-range": "*/0", "content-type": "application/json" } }),
  );
}

describe("createDataProvider getList", () => {
  it("sends related ordering, full-text search and the page range", async () => {
    const { client, urls } = recordingClient();
    const provider = createDataProvider(client, findResource);
    await provider.getList({
      resource: "products",
      pagination: { currentPage: 2, pageSize: 25 },
      sorters: [{ field: "category_id", order: "desc" }],
      filters: [
        { field: SEARCH_FIELD, operator: "contains", value: "mug" },
        { field: "status", operator: "in", value: ["active"] },
      ],
      meta: {
        select: "*,categories(id,name)",
        search: { column: "search", config: "english" },
        sortBy: { category_id: "categories.name" },
      },
    });
    const params = urls[0].searchParams;
    expect(urls[0].pathname).toBe("/rest/v1/products");
    expect(params.get("select")).toBe("*,categories(id,name)");
    expect(params.get("order")).toBe("categories(name).desc");
    expect(params.get("search")).toBe("wfts(english).mug");
    expect(params.get("status")).toBe("in.(active)");
    expect(params.get("offset")).toBe("25");
    expect(params.get("limit")).toBe("25");
  });

  it("counts exactly when PostgREST refuses an offset past a low estimate (416)", async () => {
    const counts: (string | null)[] = [];
    const client = createClient("http://stack.test", "anon-key", {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: {
        fetch: async (_input: RequestInfo | URL, init?: RequestInit) => {
          const count = new Headers(init?.headers).get("prefer")?.match(/count=(\w+)/)?.[1] ?? null;
          counts.push(count);
          // The planner guessed 6388 rows; there are 8489.
          if (count === "estimated") {
            return Response.json(
              { code: "PGRST103", message: "Requested range not satisfiable", details: null, hint: null },
              { status: 416, headers: { "content-range": "*/6388" } },
            );
          }
          return Response.json([{ id: 8001 }], { status: 206, headers: { "content-range": "7000-7999/8489" } });
        },
      },
    });
    const page = await createDataProvider(client, findResource).getList({
      resource: "audit_log",
      pagination: { currentPage: 8, pageSize: 1000 },
      meta: { count: "estimated" },
    });
    expect(counts).toEqual(["estimated", "exact"]);
    expect(page).toMatchObject({ total: 8489, approximate: false });
  });
});

/** A client answering each path as `answer` says; the requests are recorded. */
function answeringClient(answer: (url: URL) => Response) {
  const urls: URL[] = [];
  const client = createClient("http://stack.test", "anon-key", {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket; realtime is not used here.
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

describe("createDataProvider on generated resources", () => {
  it("searches through the override's search function (orders by their customer's name)", async () => {
    const { client, urls } = answeringClient((url) =>
      url.pathname.endsWith("/rpc/search_count")
        ? Response.json({ total: 1, approximate: false })
        : Response.json([{ id: 7, number: "ORD-000007" }]),
    );
    const orders = getResource("orders");
    const page = await createDataProvider(client, findResource).getList({
      resource: "orders",
      pagination: { currentPage: 1, pageSize: 10 },
      filters: [{ field: SEARCH_FIELD, operator: "contains", value: "Amir Haddad" }],
      meta: metaFor(orders),
    });
    expect(urls.map((u) => u.pathname).sort()).toEqual(["/rest/v1/rpc/search_count", "/rest/v1/rpc/search_orders"]);
    expect(page).toMatchObject({ total: 1, data: [{ id: 7 }] });
  });

  it("answers an address that cannot be a key of the table as no such record (404)", async () => {
    const { client } = answeringClient(() =>
      Response.json(
        { code: "22P02", message: 'invalid input syntax for type bigint: "abc"', details: null, hint: null },
        { status: 400 },
      ),
    );
    const read = createDataProvider(client, findResource).getOne({
      resource: "products",
      id: "abc",
      meta: metaFor(getResource("products")),
    });
    await expect(read).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("createDataProvider keyed form saves", () => {
  /** A server that answers each request with the next of `answers`, recording method, path and key. */
  function answering(answers: (() => Response)[]) {
    const seen: { method: string; path: string; key: string | null }[] = [];
    const client = createClient("http://stack.test", "anon-key", {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: {
        fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
          const url = new URL(String(input));
          seen.push({
            method: init?.method ?? "GET",
            path: `${url.pathname}${url.search}`,
            key: new Headers(init?.headers).get("idempotency-key"),
          });
          return (answers.shift() as () => Response)();
        },
      },
    });
    return { provider: createDataProvider(client, findResource), seen };
  }

  const ALREADY = { code: "OD001", message: "This save was already made.", details: "41", hint: "products" };

  it("sends the form's key with a create, and answers a repeated one with the row its first sending wrote", async () => {
    const { provider, seen } = answering([
      () => Response.json(ALREADY, { status: 400 }),
      () => Response.json({ id: 41, name: "Pump" }, { status: 200 }),
    ]);
    const saved = await provider.create({
      resource: "products",
      variables: { name: "Pump" },
      meta: { select: "id,name", writeKey: "8f0d6d4e-5b7a-4bb0-9a36-1f2a7d1f0c11" },
    });
    expect(saved.data).toEqual({ id: 41, name: "Pump" });
    expect(seen[0]).toMatchObject({ method: "POST", key: "8f0d6d4e-5b7a-4bb0-9a36-1f2a7d1f0c11" });
    expect(seen[1]).toMatchObject({ method: "GET", key: null });
    expect(seen[1].path).toContain("id=eq.41");
  });

  it("answers a repeated edit with the record as it is, not with a stale-version conflict", async () => {
    const { provider } = answering([
      () => Response.json({ ...ALREADY, details: "7" }, { status: 400 }),
      () => Response.json({ id: 7, name: "Pump", version: 3 }, { status: 200 }),
    ]);
    const saved = await provider.update({
      resource: "products",
      id: 7,
      variables: { name: "Pump", version: 2 },
      meta: { writeKey: "0b5e6f1c-0c1e-4d0e-8a55-5a0c2d3e4f50" },
    });
    expect(saved.data).toEqual({ id: 7, name: "Pump", version: 3 });
  });

  // The switched demo's resources are generated (tableData.ts): the key went with none of their saves.
  const GENERATED = { table: { schema: "public", name: "products" }, keyColumns: ["id"], idColumnName: "id" };

  it("sends a generated resource's key, and answers an edit sent again with the row its first sending wrote", async () => {
    const { provider, seen } = answering([
      () => Response.json({ ...ALREADY, details: "7" }, { status: 400 }),
      () => Response.json([{ id: 7, name: "Pump", version: 3 }], { status: 200 }),
    ]);
    const saved = await provider.update({
      resource: "products",
      id: 7,
      variables: { name: "Pump", version: 2 },
      meta: { ...GENERATED, writeKey: "0b5e6f1c-0c1e-4d0e-8a55-5a0c2d3e4f50" },
    });
    expect(saved.data).toMatchObject({ id: 7, name: "Pump", version: 3 });
    expect(seen[0]).toMatchObject({ method: "PATCH", key: "0b5e6f1c-0c1e-4d0e-8a55-5a0c2d3e4f50" });
    expect(seen[1]).toMatchObject({ method: "GET", key: null });
    expect(seen[1].path).toContain("id=eq.7");
  });

  it("answers a generated resource's create sent again with the row, and an edit the row does not hold as stale", async () => {
    const created = answering([
      () => Response.json(ALREADY, { status: 400 }),
      () => Response.json([{ id: 41, name: "Pump" }], { status: 200 }),
    ]);
    await expect(
      created.provider.create({
        resource: "products",
        variables: { name: "Pump" },
        meta: { ...GENERATED, writeKey: "8f0d6d4e-5b7a-4bb0-9a36-1f2a7d1f0c11" },
      }),
    ).resolves.toMatchObject({ data: { id: 41, name: "Pump" } });
    expect(created.seen[0]).toMatchObject({ method: "POST", key: "8f0d6d4e-5b7a-4bb0-9a36-1f2a7d1f0c11" });
    const edited = answering([
      () => Response.json({ ...ALREADY, details: "7" }, { status: 400 }),
      () => Response.json([{ id: 7, name: "Written by another tab", version: 3 }], { status: 200 }),
    ]);
    await expect(
      edited.provider.update({
        resource: "products",
        id: 7,
        variables: { name: "Mine", version: 2 },
        meta: { ...GENERATED, writeKey: "0b5e6f1c-0c1e-4d0e-8a55-5a0c2d3e4f50" },
      }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: "Someone else changed this record. Reload to see their changes.",
    });
  });

  it("words a refused keyed save like any other", async () => {
    const { provider } = answering([
      () =>
        Response.json(
          { code: "23505", message: 'duplicate key value violates unique constraint "products_sku_key"' },
          { status: 409 },
        ),
    ]);
    await expect(
      provider.create({
        resource: "products",
        variables: { sku: "A-1" },
        meta: { writeKey: "1d2c3b4a-0000-4000-8000-000000000001" },
      }),
    ).rejects.toMatchObject({ statusCode: 409, message: "A product with this SKU already exists." });
  });
});

describe("holdsEdit", () => {
  it("takes numbers, instants and blanks as the database writes them", () => {
    const row = { price: 12.5, stock: 3, placed_at: "2025-06-11T10:00:00+00:00", note: null, tags: ["a"], version: 4 };
    expect(
      holdsEdit(
        { price: "12.50", stock: 3, placed_at: "2025-06-11T10:00:00.000Z", note: "", tags: ["a"], version: 3 },
        row,
      ),
    ).toBe(true);
    expect(holdsEdit({ price: 13 }, row)).toBe(false);
    expect(holdsEdit({ tags: ["b"] }, row)).toBe(false);
  });

  it('turns an edit told "already saved" into a stale edit when the record does not hold it', async () => {
    const client = createClient("http://stack.test", "anon-key", {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: {
        fetch: async (_input: RequestInfo | URL, init?: RequestInit) =>
          init?.method === "PATCH"
            ? Response.json({ code: "OD001", message: "This save was already made.", details: "7" }, { status: 400 })
            : Response.json({ id: 7, name: "Written by another tab", version: 3 }),
      },
    });
    await expect(
      createDataProvider(client, findResource).update({
        resource: "products",
        id: 7,
        variables: { name: "Mine", version: 2 },
        meta: { writeKey: "0b5e6f1c-0c1e-4d0e-8a55-5a0c2d3e4f50" },
      }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: "Someone else changed this record. Reload to see their changes.",
    });
  });
});
