import { parseTableParams } from "@refinedev/core";
import { describe, expect, it } from "vitest";
import { categoryLink, dayLink, kpiLink, toKpiWindows } from "./drillDown";

/** What the list reads back from a link: its path and Refine's parsed table params. */
const opened = (link: string | undefined) => {
  const [path, query] = String(link).split("?");
  return { path, ...parseTableParams(`?${query}`) };
};

const WINDOWS = toKpiWindows({
  orders_today: 3,
  windows: {
    today_from: "2026-11-25T00:00:00.000000Z",
    revenue_from: "2026-10-26T09:15:00.123456Z",
    revenue_statuses: ["paid", "shipped", "delivered"],
  },
});

describe("kpiLink", () => {
  it("opens the pending orders", () => {
    const link = opened(kpiLink("pending_orders", WINDOWS));
    expect(link.path).toBe("/orders");
    expect(link.parsedFilters).toEqual([{ field: "status", operator: "in", value: ["pending"] }]);
    expect(link.parsedCurrentPage).toBe(1);
  });

  it("opens the active products with fewer than 10 in stock", () => {
    const link = opened(kpiLink("low_stock_products", WINDOWS));
    expect(link.path).toBe("/products");
    expect(link.parsedFilters).toEqual([
      { field: "status", operator: "in", value: ["active"] },
      { field: "stock", operator: "lte", value: "9" },
    ]);
  });

  it("opens the orders placed since the windows the RPC counted, UTC instants intact", () => {
    expect(opened(kpiLink("orders_today", WINDOWS)).parsedFilters).toEqual([
      { field: "placed_at", operator: "gte", value: "2026-11-25T00:00:00.000000Z" },
    ]);
    expect(opened(kpiLink("revenue_30d", WINDOWS)).parsedFilters).toEqual([
      { field: "status", operator: "in", value: ["paid", "shipped", "delivered"] },
      { field: "placed_at", operator: "gte", value: "2026-10-26T09:15:00.123456Z" },
    ]);
  });

  it("has no link while the windows are unknown, nor for an unknown card", () => {
    expect(kpiLink("orders_today", undefined)).toBeUndefined();
    expect(kpiLink("revenue_30d", toKpiWindows({ orders_today: 1 }))).toBeUndefined();
    expect(kpiLink("something_else", WINDOWS)).toBeUndefined();
  });
});

describe("dayLink and categoryLink", () => {
  it("a day's bar opens the orders placed from its first to its last instant", () => {
    const link = opened(dayLink("2026-11-24T00:00:00.000000Z", "2026-11-24T23:59:59.999999Z"));
    expect(link.path).toBe("/orders");
    expect(link.parsedFilters).toEqual([
      { field: "placed_at", operator: "gte", value: "2026-11-24T00:00:00.000000Z" },
      { field: "placed_at", operator: "lte", value: "2026-11-24T23:59:59.999999Z" },
    ]);
  });

  it("a category's bar opens that category's products", () => {
    const link = opened(categoryLink(6));
    expect(link.path).toBe("/products");
    expect(link.parsedFilters).toEqual([{ field: "category_id", operator: "eq", value: "6" }]);
  });
});
