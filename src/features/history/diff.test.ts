import { describe, expect, it } from "vitest";
import type { ResourceDefinition } from "../../resources/types";
import { type AuditEntry, entryChanges } from "./diff";
import { testEntry } from "./testEntry";

const products: ResourceDefinition = {
  name: "products",
  label: { singular: "product", plural: "products" },
  titleField: "name",
  fields: [
    { name: "sku", label: "SKU", type: "text" },
    { name: "name", label: "Name", type: "text" },
    { name: "price", label: "Price", type: "money" },
    { name: "stock", label: "Stock", type: "number" },
  ],
  list: { columns: ["sku"], defaultSort: { field: "sku", order: "asc" } },
};

const entry = (over: Partial<AuditEntry>) => testEntry({ actor_id: "u1", actor_email: "editor@example.com", ...over });

describe("entryChanges", () => {
  it("lists an update's changed columns old → new in the resource's field order, without bookkeeping", () => {
    const changes = entryChanges(
      entry({
        old: { id: 7, name: "Lamp", stock: 5, price: 10, version: 1, updated_at: "a" },
        new: { id: 7, name: "Desk lamp", stock: 11, price: 10, version: 2, updated_at: "b" },
        changed: ["name", "stock", "updated_at", "version"],
      }),
      products,
    );
    expect(changes.map((c) => [c.name, c.field?.label, c.before, c.after])).toEqual([
      ["name", "Name", "Lamp", "Desk lamp"],
      ["stock", "Stock", 5, 11],
    ]);
  });

  it("finds the changed columns itself when the entry does not name them", () => {
    const changes = entryChanges(entry({ old: { a: 1, b: 2 }, new: { a: 1, b: 3 } }), undefined);
    expect(changes).toEqual([{ name: "b", field: undefined, before: 2, after: 3 }]);
  });

  it("shows what an inserted record started with and what a deleted one held, skipping empty columns", () => {
    const inserted = entryChanges(
      entry({ action: "INSERT", new: { sku: "A-1", name: "Lamp", price: null, tags: [] } }),
      products,
    );
    expect(inserted.map((c) => [c.name, c.before, c.after])).toEqual([
      ["sku", undefined, "A-1"],
      ["name", undefined, "Lamp"],
    ]);
    const deleted = entryChanges(entry({ action: "DELETE", old: { sku: "A-1", stock: 0 } }), products);
    expect(deleted.map((c) => [c.name, c.before, c.after])).toEqual([
      ["sku", "A-1", undefined],
      ["stock", 0, undefined],
    ]);
  });
});
