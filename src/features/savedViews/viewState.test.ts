import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../i18n/messages";
import { listColumnsError } from "../../providers/listColumns";
import { savedViewErrorMessage } from "../../providers/savedViews";
import { getResource } from "../../resources";
import { choosableColumns, columnsForView, moveColumn, sameView, storableFilters, toggleColumn } from "./viewState";

const products = getResource("products");

describe("filters of a view", () => {
  it("stores only filters with a value", () => {
    expect(
      storableFilters([
        { field: "status", operator: "in", value: [] },
        { field: "category_id", operator: "eq", value: undefined },
        { field: "stock", operator: "eq", value: 0 },
        { field: "status", operator: "in", value: ["active"] },
      ]),
    ).toEqual([
      { field: "stock", operator: "eq", value: 0 },
      { field: "status", operator: "in", value: ["active"] },
    ]);
  });
});

describe("columns", () => {
  it("offers every field but raw JSON and the search column", () => {
    expect(choosableColumns(products)).toContain("description");
    expect(choosableColumns(products)).not.toContain("search");
  });

  it("keeps stored columns the definition still has, in their order, else the defaults", () => {
    expect(columnsForView(products, ["price", "gone", "sku", "price"])).toEqual(["price", "sku"]);
    expect(columnsForView(products, ["gone"])).toEqual(products.list.columns);
    expect(columnsForView(products, null)).toEqual(products.list.columns);
  });

  it("hides and shows columns, never the last one", () => {
    expect(toggleColumn(["sku", "name"], "sku")).toEqual(["name"]);
    expect(toggleColumn(["name"], "name")).toEqual(["name"]);
    expect(toggleColumn(["name"], "price")).toEqual(["name", "price"]);
  });

  it("moves a column within bounds", () => {
    expect(moveColumn(["a", "b", "c"], "c", -1)).toEqual(["a", "c", "b"]);
    expect(moveColumn(["a", "b", "c"], "a", -1)).toEqual(["a", "b", "c"]);
    expect(moveColumn(["a", "b", "c"], "c", 1)).toEqual(["a", "b", "c"]);
  });
});

describe("sameView", () => {
  const view = {
    filters: [{ field: "category_id", operator: "eq" as const, value: 3 }],
    sorters: [{ field: "price", order: "desc" as const }],
    columns: ["sku", "price"],
    pageSize: 50,
  };

  it("treats values that came back through the URL as equal", () => {
    const fromUrl = { ...view, filters: [{ field: "category_id", operator: "eq" as const, value: "3" }], pageSize: 50 };
    expect(sameView(view, fromUrl)).toBe(true);
    expect(
      sameView(view, { ...view, filters: [...view.filters, { field: "x", operator: "eq", value: undefined }] }),
    ).toBe(true);
  });

  it("ignores the key order jsonb hands back", () => {
    const fromDatabase = { ...view, filters: [{ value: 3, field: "category_id", operator: "eq" as const }] };
    expect(sameView(view, fromDatabase)).toBe(true);
  });

  it("sees changed sorting, columns or page size", () => {
    expect(sameView(view, { ...view, sorters: [{ field: "price", order: "asc" }] })).toBe(false);
    expect(sameView(view, { ...view, columns: ["price", "sku"] })).toBe(false);
    expect(sameView(view, { ...view, pageSize: 25 })).toBe(false);
  });
});

describe("savedViewErrorMessage", () => {
  const english = (_key: string, text: string) => text;
  it("names the rule a constraint stands for", () => {
    expect(
      savedViewErrorMessage(
        { code: "23505", message: 'duplicate key value violates unique constraint "saved_views_name_key"' },
        english,
      ),
    ).toBe("A view with this name already exists.");
    expect(savedViewErrorMessage({ code: "42501", message: "new row violates row-level security" }, english)).toBe(
      MESSAGES.forbidden,
    );
  });

  it("reads the violated constraint's name, never a name the words happen to mention", () => {
    const english = (_key: string, text: string) => text;
    // A project's own trigger whose sentence names a constraint: not that constraint's refusal.
    const raised = { code: "P0001", message: "saved_views_page_size_check is enforced by our own rule, too" };
    expect(savedViewErrorMessage(raised, english)).toBe(raised.message);
    expect(listColumnsError(raised).message).toBe(raised.message);
    const check = {
      code: "23514",
      message: 'new row for relation "list_columns" violates check constraint "list_columns_widths_check"',
    };
    expect(listColumnsError(check).message).toBe("Widths must map column names to 40–2000 pixels.");
  });
});
