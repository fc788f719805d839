// "Select all matching" reads the rows with the list's filters in the largest pages
// PostgREST serves, side by side, and reads none when more match than one action takes.
import type { DataProvider } from "@refinedev/core";
import { describe, expect, it } from "vitest";
import { getResource } from "../../resources";
import { matchingRows } from "./matchingRows";

const products = getResource("products");

type GetList = Parameters<DataProvider["getList"]>[0];

/** `estimate`: the total a search reports, approximately, instead of the real one. */
function fakeProvider(total: number, estimate?: number) {
  const calls: GetList[] = [];
  const getList = (async (params: GetList) => {
    calls.push(params);
    const { currentPage = 1, pageSize = 10 } = params.pagination ?? {};
    const from = (currentPage - 1) * pageSize;
    const data = Array.from({ length: Math.max(0, Math.min(pageSize, total - from)) }, (_, i) => ({
      id: from + i + 1,
    }));
    return estimate === undefined ? { data, total } : { data, total: estimate, approximate: true };
  }) as DataProvider["getList"];
  return { provider: { getList }, calls };
}

const filters = [{ field: "status", operator: "in" as const, value: ["draft"] }];

describe("matchingRows", () => {
  it("reads every matching row in pages of 1000 with the list's filters, counted exactly", async () => {
    const { provider, calls } = fakeProvider(2345);
    const result = await matchingRows(provider, products, filters, 5000);
    expect("rows" in result && result.rows.map((row) => row.id)).toEqual(Array.from({ length: 2345 }, (_, i) => i + 1));
    expect(calls.map((call) => call.pagination)).toEqual(
      [1, 2, 3].map((currentPage) => ({
        currentPage,
        pageSize: 1000,
        mode: "server",
      })),
    );
    for (const call of calls) {
      expect(call.filters).toBe(filters);
      expect(call.sorters).toEqual([{ field: "id", order: "asc" }]);
      expect(call.meta?.count).toBe("exact");
    }
  });

  it("reads on past an estimated total while pages come full", async () => {
    const { provider, calls } = fakeProvider(2345, 1500);
    const result = await matchingRows(provider, products, filters, 5000);
    expect("rows" in result && result.rows).toHaveLength(2345);
    expect(calls).toHaveLength(3);
  });

  it("stops after the count when more rows match than one action takes", async () => {
    const { provider, calls } = fakeProvider(12_345);
    expect(await matchingRows(provider, products, filters, 5000)).toEqual({ tooMany: true, total: 12_345 });
    expect(calls).toHaveLength(1);
  });
});
