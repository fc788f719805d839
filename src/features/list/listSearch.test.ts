// The list's search among its filters: the box's text, the columns' filters without it, and the
// list state key that ends "select all matching" on any change.
import type { CrudFilter } from "@refinedev/core";
import { describe, expect, it } from "vitest";
import { SEARCH_FIELD } from "../../providers/dataProvider";
import { listStateKey, searchValue, withoutSearch } from "./listSearch";

const search: CrudFilter = { field: SEARCH_FIELD, operator: "contains", value: "lamp" };
const price: CrudFilter = { field: "price", operator: "gte", value: 10 };
const either: CrudFilter = { operator: "or", value: [price] };

describe("the list's search among its filters", () => {
  it("reads the box's text from the search filter only", () => {
    expect(searchValue([price, search])).toBe("lamp");
    expect(searchValue([price, { field: "name", operator: "contains", value: "lamp" }])).toBeUndefined();
    expect(searchValue([{ ...search, value: undefined }])).toBeUndefined();
    expect(searchValue([])).toBeUndefined();
  });

  it("keeps every filter but the search for the columns, conditional ones too", () => {
    expect(withoutSearch([search, price, either])).toEqual([price, either]);
    expect(withoutSearch([search])).toEqual([]);
  });

  it("gives another key for another filter, sort, page or page size, the same for the same list", () => {
    const sort = [{ field: "name", order: "asc" as const }];
    const key = listStateKey([price], sort, 1, 25);
    expect(listStateKey([{ ...price }], [{ field: "name", order: "asc" }], 1, 25)).toBe(key);
    expect(listStateKey([price, search], sort, 1, 25)).not.toBe(key);
    expect(listStateKey([price], [{ field: "name", order: "desc" }], 1, 25)).not.toBe(key);
    expect(listStateKey([price], sort, 2, 25)).not.toBe(key);
    expect(listStateKey([price], sort, 1, 50)).not.toBe(key);
  });
});
