import { describe, expect, it } from "vitest";
import { recordTitle, referencedKeys, referencePath, referenceTargets } from "./referenceLabels";
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

describe("referenceTargets and referencePath", () => {
  it("lists each referenced table once and opens a record's page", () => {
    const tables = referenceTargets().map((t) => t.resource);
    expect(new Set(tables).size).toBe(tables.length);
    const categories = referenceTargets().find((t) => t.resource === "categories");
    if (!categories) throw new Error("products refer to categories");
    expect(categories.labelField).toBe("name");
    expect(referencePath(categories, "6")).toBe("/categories/6");
  });
});

describe("recordTitle", () => {
  it("names a record by its title as it was then, not by its key", () => {
    expect(
      recordTitle(entry({ table_name: "orders", record_id: "123", new: { id: 123, number: "ORD-000123" } })),
    ).toEqual({ title: "ORD-000123" });
    expect(
      recordTitle(
        entry({ table_name: "products", action: "DELETE", record_id: "9", old: { id: 9, name: "Old lamp" } }),
      ),
    ).toEqual({ title: "Old lamp" });
  });

  it("names an order line by the records it refers to, whose labels the page then resolves", () => {
    const line = entry({
      table_name: "order_items",
      record_id: "77",
      old: { id: 77, order_id: 5, product_id: 42, quantity: 1 },
      new: { id: 77, order_id: 5, product_id: 42, quantity: 3 },
    });
    expect(recordTitle(line)).toEqual({
      references: [
        { resource: "orders", key: "5" },
        { resource: "products", key: "42" },
      ],
    });
    // An update of the quantity alone still resolves the order and the product.
    expect(Object.fromEntries(referencedKeys([line]))).toEqual({ orders: ["5"], products: ["42"] });
  });

  it("falls back to the key for a table the console has no definition of", () => {
    expect(recordTitle(entry({ table_name: "permissions", record_id: "viewer:products:list", new: {} }))).toEqual({
      title: "viewer:products:list",
    });
  });
});
