import { describe, expect, it } from "vitest";
import type { FieldDefinition } from "../../resources/types";
import { compareUnsaved, isForeignChange } from "./conflict";

const fields: FieldDefinition[] = [
  { name: "name", label: "Name", type: "text" },
  { name: "price", label: "Price", type: "money" },
  { name: "stock", label: "Stock", type: "number" },
  { name: "tags", label: "Tags", type: "tags" },
];

describe("compareUnsaved", () => {
  const loaded = { id: 1, name: "Lamp", price: 19.9, stock: 5, tags: ["a"] };

  it("lists fields where the operator's value differs from the current one, and who changed them", () => {
    const mine = { name: "Desk lamp", price: "19.90", stock: 5, tags: ["a"] };
    const current = { ...loaded, stock: 11 };
    const rows = compareUnsaved(fields, loaded, mine, current);
    expect(rows.map((r) => [r.field.name, r.mine, r.current, r.changedByMe, r.changedByThem])).toEqual([
      ["name", "Desk lamp", "Lamp", true, false],
      ["stock", 5, 11, false, true],
    ]);
  });

  it("is empty when both saved the same values", () => {
    const mine = { name: "Lamp", price: 20, stock: 5, tags: ["a", "b"] };
    expect(compareUnsaved(fields, loaded, mine, { ...mine })).toEqual([]);
  });

  it("treats blanks alike and skips fields the form does not hold", () => {
    expect(compareUnsaved(fields, { tags: null }, { tags: [] }, { tags: null, stock: 3 })).toEqual([]);
  });
});

describe("isForeignChange", () => {
  it("ignores events while the form's own save is in flight and the echo of that save", () => {
    expect(isForeignChange({ id: 1, version: 4 }, "pending")).toBe(false);
    expect(isForeignChange({ id: 1, version: 4, updated_at: "t1" }, { id: 1, version: 4, updated_at: "t1" })).toBe(
      false,
    );
  });

  it("reports anybody else's change", () => {
    expect(isForeignChange({ id: 1, version: 5 }, undefined)).toBe(true);
    expect(isForeignChange({ id: 1, version: 5, updated_at: "t2" }, { id: 1, version: 4, updated_at: "t1" })).toBe(
      true,
    );
  });
});
