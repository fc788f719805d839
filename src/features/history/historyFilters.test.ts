import { describe, expect, it } from "vitest";
import { findResource } from "../../resources";
import { historyFilters } from "./historyFilters";

describe("historyFilters", () => {
  it("a category's History shows its own entries", () => {
    expect(historyFilters(findResource("categories"), "categories", 6)).toEqual([
      { field: "table_name", operator: "eq", value: "categories" },
      { field: "record_id", operator: "eq", value: "6" },
    ]);
  });

  it("an order's History also shows its items' entries: those the database files under the order", () => {
    expect(historyFilters(findResource("orders"), "orders", "o-1")).toEqual([
      { field: "table_name", operator: "in", value: ["orders", "order_items"] },
      { field: "history_of", operator: "eq", value: "o-1" },
    ]);
  });
});
