import { describe, expect, it } from "vitest";
import { toKpis, toSeries } from "./kpis";

describe("toKpis", () => {
  it("turns the KPI object into titled, formatted cards", () => {
    expect(toKpis({ orders_today: 12, revenue_30d: "1234.5", pending_orders: 3 })).toEqual([
      { key: "orders_today", title: "Orders today", value: "12" },
      { key: "revenue_30d", title: "Revenue 30d", value: "$1,234.50" },
      { key: "pending_orders", title: "Pending orders", value: "3" },
    ]);
  });

  it("shows nothing for an empty answer", () => {
    expect(toKpis(null)).toEqual([]);
  });
});

describe("toSeries", () => {
  it("labels by the date column and keeps each numeric column", () => {
    expect(
      toSeries([
        { day: "2025-06-01", orders: 2, revenue: "10.5" },
        { day: "2025-06-02", orders: 0, revenue: 0 },
      ]),
    ).toEqual({ labels: ["2025-06-01", "2025-06-02"], values: { orders: [2, 0], revenue: [10.5, 0] } });
  });
});
