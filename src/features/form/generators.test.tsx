// @vitest-environment jsdom
// antd validates forms with @rc-component/async-validator; the rules are checked with it directly.

import Schema from "@rc-component/async-validator";
import { Refine } from "@refinedev/core";
import { render, screen } from "@testing-library/react";
import { Checkbox, DatePicker, Input, Select } from "antd";
import dayjs from "dayjs";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ConsoleLinkProvider } from "../../components/ConsoleLink";
import { createI18n } from "../../i18n";
import { createI18nProvider } from "../../i18n/i18nProvider";
import { fieldsByName, metaFor, selectFor } from "../../lib/select";
import { getResource } from "../../resources";
import type { FieldDefinition, ResourceDefinition } from "../../resources/types";
import { FieldSelect } from "../fields/FieldSelect";
import { MoneyInput } from "../fields/formatted";
import { ChooseReference } from "../fields/kindTexts";
import { rulesFor } from "../fields/rules";
import { buildColumns, filterModes } from "../list/columns";
import { buildFormItems } from "./formItems";

const products = getResource("products");
const orders = getResource("orders");
const customers = getResource("customers");
const categories = getResource("categories");

const state = { sorters: [{ field: "name", order: "asc" as const }], filters: [], interactive: true };
const field = (def: ResourceDefinition, name: string) => fieldsByName(def, [name])[0];
const itemsByName = (def: ResourceDefinition) => new Map(buildFormItems(def).map((item) => [item.field.name, item]));
const formItem = (def: ResourceDefinition, name: string) => {
  const found = itemsByName(def).get(name);
  if (!found) throw new Error(`no form item ${name}`);
  return found;
};

describe("select and meta", () => {
  it("selects the definition's fields and embeds the label of every reference", () => {
    // The table's columns in its order; each label embedded under its own key, by its foreign key.
    expect(selectFor(products)).toBe(
      "id,sku,name,description,category_id,price,stock,status,image_path,tags,version,created_at,updated_at,__ref_category_id:category_id(id,name)",
    );
    expect(selectFor(orders).endsWith(",__ref_customer_id:customer_id(id,full_name)")).toBe(true);
    expect(selectFor(categories)).toBe("id,name,slug,description,version,created_at,updated_at");
    // The full-text vector is no field: it is searched, never sent.
    expect(selectFor(products).split(",")).not.toContain("search");
  });

  it("carries the search function, id column, default order and what reference columns sort by", () => {
    expect(metaFor(products)).toMatchObject({
      idColumnName: "id",
      search: { rpc: "search_products" },
      defaultSort: { field: "name", order: "asc" },
      // The label's own indexed column; a reference without one sorts by the related table.
      sortBy: { category_id: "category_name" },
    });
    expect(metaFor(orders)).toMatchObject({ sortBy: { customer_id: "__ref_customer_id.full_name" } });
  });
});

describe("buildColumns", () => {
  const columns = buildColumns(products, state);
  const byTitle = new Map(columns.map((c) => [c.title, c]));

  it("makes one column per listed field, in order", () => {
    expect(columns.map((c) => c.title)).toEqual(["SKU", "Name", "Category", "Price", "Stock", "Status", "Updated"]);
  });

  it("sorts a reference by the referenced label and reflects the current sort", () => {
    expect(byTitle.get("Category")?.key).toBe("category_id");
    expect(byTitle.get("Name")?.defaultSortOrder).toBe("ascend");
    const sorted = buildColumns(products, { ...state, sorters: [{ field: "category_id", order: "desc" }] });
    expect(sorted.find((c) => c.title === "Category")?.defaultSortOrder).toBe("descend");
    expect(buildColumns(products, state, ["sku", "category_id"])[1].sorter).toBeTruthy();
  });

  it("adds filter dropdowns only to the filter columns", () => {
    expect(byTitle.get("Status")?.filterDropdown).toBeTypeOf("function");
    expect(byTitle.get("Category")?.filterDropdown).toBeTypeOf("function");
    expect(byTitle.get("Price")?.filterDropdown).toBeTypeOf("function");
    expect(byTitle.get("SKU")?.filterDropdown).toBeUndefined();
  });

  it("filters text by contents, enums by any of several values, numbers and dates by from–to ranges", () => {
    expect(filterModes(products)).toMatchObject({
      status: "in",
      category_id: "eq",
      price: "range",
      stock: "range",
      updated_at: "range",
    });
    expect(filterModes(orders)).toMatchObject({ status: "in", total: "range", placed_at: "range" });
    expect(filterModes(categories)).toMatchObject({ name: "contains" });
  });

  it("has no sorting or filters in related lists", () => {
    const [column] = buildColumns(products, { ...state, interactive: false });
    expect(column.sorter).toBeUndefined();
    expect(column.filterDropdown).toBeUndefined();
  });

  it("renders references as links to the referenced record, money and tags by type", () => {
    const record = { id: 1, sku: "A-1", category_id: 7, __ref_category_id: { id: 7, name: "Mugs" }, price: 1234.5 };
    const cell = (title: string) =>
      byTitle.get(title)?.render?.(record[title as keyof typeof record], record, 0) as ReactElement;
    render(
      <MemoryRouter>
        <ConsoleLinkProvider>{cell("Category")}</ConsoleLinkProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Mugs" }).getAttribute("href")).toBe("/categories/7");
    // Money in the operator's language (the store's currency: USD unless configured).
    for (const [locale, shown] of [
      ["en", "$1,234.50"],
      ["de", "1.234,50\u00a0$"],
    ]) {
      const i18nProvider = createI18nProvider(createI18n({ en: {}, de: {} }, locale as "en" | "de"));
      const { unmount } = render(
        <Refine i18nProvider={i18nProvider} options={{ disableTelemetry: true }}>
          <span data-testid="price">{cell("Price")}</span>
        </Refine>,
      );
      expect(screen.getByTestId("price").textContent).toBe(shown);
      unmount();
    }
  });
});

describe("buildFormItems", () => {
  const items = itemsByName(products);

  it("edits only the form fields, never generated or read-only columns", () => {
    expect([...items.keys()]).toEqual([
      "sku",
      "name",
      "category_id",
      "price",
      "stock",
      "status",
      "tags",
      "description",
    ]);
    expect(itemsByName(orders).has("status")).toBe(false);
  });

  it("picks the input from the field type", () => {
    const typeOf = (name: string) => (formItem(products, name).input as ReactElement).type;
    expect(typeOf("sku")).toBe(Input);
    expect(typeOf("description")).toBe(Input.TextArea);
    expect(typeOf("price")).toBe(MoneyInput);
    // antd's Select without its aria-required on the root <div> (FieldSelect.tsx).
    expect(typeOf("status")).toBe(FieldSelect);
    expect(typeOf("tags")).toBe(Select);
    expect(typeOf("category_id")).toBe(ChooseReference);
    expect((formItem(customers, "is_blocked").input as ReactElement).type).toBe(Checkbox);
  });

  it("converts dates between ISO strings and pickers", () => {
    const def: ResourceDefinition = {
      ...orders,
      form: undefined,
      fields: [{ name: "due", label: "Due", type: "date" }],
    };
    const item = formItem(def, "due");
    expect((item.input as ReactElement).type).toBe(DatePicker);
    const shown = item.itemProps.getValueProps?.("2025-03-04") as { value: dayjs.Dayjs };
    expect(shown.value.format("YYYY-MM-DD")).toBe("2025-03-04");
    expect((item.itemProps.normalize as (v: unknown) => unknown)(dayjs("2025-03-05"))).toBe("2025-03-05");
  });

  it("stores blanked optional text as null", () => {
    const normalize = formItem(customers, "phone").itemProps.normalize as (v: unknown) => unknown;
    expect(normalize("")).toBeNull();
    expect(normalize("+49 30 1234")).toBe("+49 30 1234");
  });
});

describe("rulesFor", () => {
  const validate = async (def: ResourceDefinition, name: string, value: unknown) => {
    const rules = rulesFor(field(def, name)).map((r) => ({ ...(r as object) }));
    const schema = new Schema({ [name]: rules as never });
    return schema.validate({ [name]: value }).then(
      () => [],
      (e: { errors: { message: string }[] }) => e.errors.map((x) => x.message),
    );
  };

  it("mirrors the SKU pattern of the database", async () => {
    expect(await validate(products, "sku", "ABC-123")).toEqual([]);
    expect(await validate(products, "sku", "abc")).toEqual([
      "SKU must be 3–32 characters: capital letters, digits and dashes.",
    ]);
    expect(await validate(products, "sku", "")).toContain("SKU is required.");
  });

  it("mirrors lengths, number bounds and item counts", async () => {
    expect(await validate(categories, "name", "x".repeat(61))).toEqual(["Name must be 1–60 characters."]);
    expect(await validate(products, "price", -1)).toEqual(["Price must be zero or more."]);
    expect(
      await validate(
        products,
        "tags",
        Array.from({ length: 11 }, (_, i) => `t${i}`),
      ),
    ).toEqual(["A product can have at most 10 tags."]);
    expect(await validate(customers, "phone", "+49 (30) 1234-56")).toEqual([]);
    expect(await validate(customers, "country", "de")).toEqual([
      "Country must be an ISO 3166 two-letter code, e.g. DE.",
    ]);
  });
  it("takes as many decimals as the column holds: whole numbers, cents, a generated column's scale", async () => {
    const check = async (f: FieldDefinition, value: unknown) => {
      const schema = new Schema({ [f.name]: rulesFor(f).map((r) => ({ ...(r as object) })) as never });
      return schema.validate({ [f.name]: value }).then(
        () => [],
        (e: { errors: { message: string }[] }) => e.errors.map((x) => x.message),
      );
    };
    expect(await check({ name: "stock", label: "Stock", type: "number" }, 1.5)).toEqual([
      "Stock must be a whole number.",
    ]);
    expect(await check({ name: "price", label: "Price", type: "money" }, 1.005)).toEqual([
      "Price has at most 2 decimal places.",
    ]);
    // numeric(8,3) in a generated definition: three places, not a whole number.
    const weight: FieldDefinition = { name: "weight", label: "Weight", type: "number", scale: 3 };
    expect(await check(weight, 1.125)).toEqual([]);
    expect(await check(weight, 1.1255)).toEqual(["Weight has at most 3 decimal places."]);
  });
});
