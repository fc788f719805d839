import { describe, expect, it } from "vitest";
import { REFERENCE_TARGETS, referencedKeys, referencePath } from "./referenceLabels";
import { testEntry } from "./testEntry";

const entry = testEntry;

describe("referencedKeys", () => {
  it("gathers each referenced table's keys across a page of entries, once each", () => {
    const keys = referencedKeys([
      entry({ old: { category_id: 6, name: "Lamp" }, new: { category_id: 7, name: "Desk lamp" } }),
      entry({ table_name: "products", action: "INSERT", new: { category_id: 6, name: "Rake" } }),
      entry({ table_name: "orders", action: "INSERT", new: { customer_id: "c-1", notes: "x" } }),
      entry({ table_name: "order_items", action: "DELETE", old: { order_id: "o-1", product_id: 42, quantity: 2 } }),
      entry({ table_name: "products", old: { category_id: null }, new: { category_id: 6 } }),
    ]);
    expect(Object.fromEntries(keys)).toEqual({
      categories: ["6", "7"],
      customers: ["c-1"],
      orders: ["o-1"],
      products: ["42"],
    });
  });

  it("asks nothing of a page without references", () => {
    expect(referencedKeys([entry({ old: { name: "a" }, new: { name: "b" } })]).size).toBe(0);
  });
});

describe("REFERENCE_TARGETS and referencePath", () => {
  it("lists each referenced table once and opens a record's page", () => {
    const tables = REFERENCE_TARGETS.map((t) => t.resource);
    expect(new Set(tables).size).toBe(tables.length);
    const categories = REFERENCE_TARGETS.find((t) => t.resource === "categories");
    if (!categories) throw new Error("products refer to categories");
    expect(categories.labelField).toBe("name");
    expect(referencePath(categories, "6")).toBe("/categories/6");
  });
});
