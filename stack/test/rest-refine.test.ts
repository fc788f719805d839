// /rest/v1 driven by @refinedev/supabase's dataProvider: every operator its
// generateFilter/mapOperator emits, pagination with count, sorters, CRUD.
import type { CrudFilter, DataProvider } from "@refinedev/core";
import { dataProvider as supabaseDataProvider } from "@refinedev/supabase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "./harness.js";
import { startRestStack } from "./rest-helpers.js";

let stack: TestStack;
let dp: DataProvider;

beforeAll(async () => {
  stack = await startRestStack();
  // refine types against its own supabase-js copy; the client is the same at runtime.
  dp = supabaseDataProvider(stack.service() as unknown as Parameters<typeof supabaseDataProvider>[0]);
});
afterAll(async () => {
  await stack?.stop();
});

const listIds = async (filters: CrudFilter[], resource = "books") => {
  const { data } = await dp.getList({
    resource,
    filters,
    sorters: [{ field: "id", order: "asc" }],
    pagination: { currentPage: 1, pageSize: 50 },
  });
  return data.map((r) => r.id);
};

describe("refine getList filters", () => {
  it.each([
    ["eq", [{ field: "author_id", operator: "eq", value: 2 }], [3, 4]],
    ["ne", [{ field: "author_id", operator: "ne", value: 1 }], [3, 4, 5]],
    ["lt", [{ field: "pages", operator: "lt", value: 264 }], [2]],
    ["gt", [{ field: "pages", operator: "gt", value: 290 }], [1]],
    ["lte", [{ field: "pages", operator: "lte", value: 264 }], [2, 5]],
    ["gte", [{ field: "pages", operator: "gte", value: 288 }], [1, 3]],
    ["in", [{ field: "id", operator: "in", value: [2, 4] }], [2, 4]],
    ["nin", [{ field: "id", operator: "nin", value: "(1,2,3)" }], [4, 5]],
    ["contains", [{ field: "title", operator: "contains", value: "GODS" }], [4]],
    ["ncontains", [{ field: "title", operator: "ncontains", value: "%a%" }], [5]],
    ["containss", [{ field: "title", operator: "containss", value: "Wizard" }], [2]],
    ["ncontainss", [{ field: "title", operator: "ncontainss", value: "%G%" }], [1, 2, 5]],
    ["startswith", [{ field: "title", operator: "startswith", value: "the" }], [1]],
    ["endswith", [{ field: "title", operator: "endswith", value: "gods" }], [4]],
    ["null", [{ field: "editor_id", operator: "null", value: null }], [2, 4]],
    ["nnull", [{ field: "editor_id", operator: "nnull", value: null }], [1, 3, 5]],
    ["between", [{ field: "pages", operator: "between", value: [264, 288] }], [3, 4, 5]],
    [
      "or",
      [
        {
          operator: "or",
          value: [
            { field: "title", operator: "contains", value: "Kin" },
            { field: "id", operator: "in", value: [1, 2] },
            { field: "title", operator: "ne", value: "Small Gods" },
            { field: "pages", operator: "gt", value: 1000 },
          ],
        },
      ],
      [1, 2, 3, 5],
    ],
  ] as [string, CrudFilter[], number[]][])("%s", async (_name, filters, expected) => {
    expect(await listIds(filters)).toEqual(expected);
  });

  it.each([
    ["ina", [{ field: "tags", operator: "ina", value: ["scifi"] }], [1, 3]],
    ["nina", [{ field: "tags", operator: "nina", value: ["fantasy"] }], [3]],
    [
      "or with ina",
      [
        {
          operator: "or",
          value: [
            { field: "tags", operator: "ina", value: ["humor"] },
            { field: "id", operator: "eq", value: 3 },
          ],
        },
      ],
      [2, 3],
    ],
  ] as [string, CrudFilter[], number[]][])("%s on arrays", async (_name, filters, expected) => {
    expect(await listIds(filters, "authors")).toEqual(expected);
  });
});

describe("refine operators PostgREST itself rejects", () => {
  it("answers PGRST100 for startswith/endswith inside or, as PostgREST does", async () => {
    const filters: CrudFilter[] = [{ operator: "or", value: [{ field: "title", operator: "startswith", value: "S" }] }];
    await expect(listIds(filters)).rejects.toMatchObject({ code: "PGRST100" });
  });
});

describe("refine pagination, sorting and CRUD", () => {
  it("pages with an exact total", async () => {
    const page = await dp.getList({
      resource: "books",
      pagination: { currentPage: 2, pageSize: 2 },
      sorters: [{ field: "pages", order: "desc" }],
    });
    expect(page.total).toBe(5);
    expect(page.data.map((r) => r.id)).toEqual([4, 5]);
  });

  it("sorts embedded rows by an embedded column via meta.select", async () => {
    const { data } = await dp.getList({
      resource: "authors",
      meta: { select: "id, name, books!author_id(title)" },
      sorters: [{ field: "books.title", order: "desc" }],
      filters: [{ field: "id", operator: "eq", value: 1 }],
    });
    expect(data).toEqual([
      { id: 1, name: "Ursula", books: [{ title: "The Left Hand of Darkness" }, { title: "A Wizard of Earthsea" }] },
    ]);
  });

  it("getOne, getMany, create, update, deleteOne", async () => {
    expect((await dp.getOne({ resource: "genres", id: 3 })).data).toEqual({ id: 3, name: "humor" });
    expect((await dp.getMany?.({ resource: "genres", ids: [1, 2] }))?.data.map((g) => g.id)).toEqual([1, 2]);
    const created = await dp.create({ resource: "genres", variables: { id: 40, name: "satire" } });
    expect(created.data).toEqual({ id: 40, name: "satire" });
    const updated = await dp.update({ resource: "genres", id: 40, variables: { name: "Satire" } });
    expect(updated.data).toEqual({ id: 40, name: "Satire" });
    const deleted = await dp.deleteOne({ resource: "genres", id: 40 });
    // deleteOne sends no select, so (as on hosted Supabase) return=minimal gives no row back.
    expect(deleted.data).toBeUndefined();
    expect(await stack.sql("select count(*)::int as n from genres where id = 40")).toEqual([{ n: 0 }]);
  });

  it("surfaces errors with a numeric statusCode from the SQLSTATE", async () => {
    await expect(dp.create({ resource: "genres", variables: { id: 1, name: "dup" } })).rejects.toMatchObject({
      code: "23505",
      statusCode: 23505,
    });
  });
});
