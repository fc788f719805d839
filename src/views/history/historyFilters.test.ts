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

  it("an order's History also shows its items' entries, found by order_id in their new or old values", () => {
    expect(historyFilters(findResource("orders"), "orders", "o-1")).toEqual([
      { field: "table_name", operator: "in", value: ["orders", "order_items"] },
      {
        operator: "or",
        value: [
          { field: "record_id", operator: "eq", value: "o-1" },
          { field: "new->>order_id", operator: "eq", value: "o-1" },
          { field: "old->>order_id", operator: "eq", value: "o-1" },
        ],
      },
    ]);
  });
});
