import { describe, expect, it } from "vitest";
import { isEmptySeries, parsePeriod, toCategoryRevenue, toDaySeries, toKpiValues } from "./kpis";

describe("parsePeriod", () => {
  it("accepts the offered periods and falls back to 30 days", () => {
    expect(parsePeriod("7")).toBe(7);
    expect(parsePeriod("90")).toBe(90);
    expect(parsePeriod(null)).toBe(30);
    expect(parsePeriod("365")).toBe(30);
    expect(parsePeriod("abc")).toBe(30);
  });
});

describe("toKpiValues", () => {
  it("reads the four figures from the object, numeric strings included", () => {
    expect(toKpiValues({ orders_today: 12, revenue_30d: "1234.5", pending_orders: 3, low_stock_products: 0 })).toEqual({
      orders_today: 12,
      revenue_30d: 1234.5,
      pending_orders: 3,
      low_stock_products: 0,
    });
  });

  it("accepts a one-element array and leaves missing or malformed figures undefined", () => {
    expect(toKpiValues([{ orders_today: 1, revenue_30d: "n/a" }])).toEqual({
      orders_today: 1,
      revenue_30d: undefined,
      pending_orders: undefined,
      low_stock_products: undefined,
    });
    expect(Object.values(toKpiValues(null))).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe("toDaySeries", () => {
  it("splits the rows into days, orders and revenue", () => {
    const series = toDaySeries([
      {
        day: "2025-06-01",
        day_from: "2025-06-01T00:00:00.000000Z",
        day_to: "2025-06-01T23:59:59.999999Z",
        orders: "2",
        revenue: "10.5",
      },
      {
        day: "2025-06-02",
        day_from: "2025-06-02T00:00:00.000000Z",
        day_to: "2025-06-02T23:59:59.999999Z",
        orders: 0,
        revenue: 0,
      },
    ]);
    expect(series).toEqual({
      days: ["2025-06-01", "2025-06-02"],
      bounds: [
        { from: "2025-06-01T00:00:00.000000Z", to: "2025-06-01T23:59:59.999999Z" },
        { from: "2025-06-02T00:00:00.000000Z", to: "2025-06-02T23:59:59.999999Z" },
      ],
      orders: [2, 0],
      revenue: [10.5, 0],
    });
    expect(isEmptySeries(series)).toBe(false);
  });

  it("is empty for no rows or only zero days", () => {
    expect(toDaySeries(undefined)).toEqual({ days: [], bounds: [], orders: [], revenue: [] });
    expect(isEmptySeries(toDaySeries([{ day: "2025-06-01", orders: 0, revenue: "0" }]))).toBe(true);
  });
});

describe("toCategoryRevenue", () => {
  it("keeps the uncategorised group as a null id and name", () => {
    expect(
      toCategoryRevenue([
        { category_id: 3, category_name: "Tools", revenue: "99.90", items: "4" },
        { category_id: null, category_name: null, revenue: 5, items: 1 },
      ]),
    ).toEqual([
      { id: 3, name: "Tools", revenue: 99.9, items: 4 },
      { id: null, name: null, revenue: 5, items: 1 },
    ]);
  });
});
