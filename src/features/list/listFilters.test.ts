// @vitest-environment jsdom
// The lists' filters: which columns filter how, a column's dropdown ↔ the URL's filters, the chips, and page 1 after a new sort or filter.
import dayjs from "dayjs";
import { describe, expect, it, vi } from "vitest";
import { consoleResources, getResource } from "../../resources";
import {
  activeFilterGroups,
  boundReadsAsDay,
  dayRange,
  dropdownValueOf,
  filtersOfColumn,
  onlySearch,
  withoutColumn,
} from "../fields/listFilters";
import { choosableColumns } from "../savedViews/viewState";
import { filterModes } from "./columns";
import { listOnChange } from "./listChange";

const products = getResource("products");

describe("the lists' filters", () => {
  it("has a search box on every list of the store", () => {
    const store = consoleResources().menu.filter((def) => !["order_items", "opsdesk.audit_log"].includes(def.name));
    for (const def of store) expect(def.list.search, def.name).toBeDefined();
  });

  it("filters every number, money and date column from–to, and every enum by several values", () => {
    // Every list of its own (order lines are listed inside their order, not filtered).
    for (const def of consoleResources().menu.filter((d) => d.name !== "order_items")) {
      const modes = filterModes(def);
      for (const field of def.fields.filter((f) => choosableColumns(def).includes(f.name))) {
        if (field.name === "version") continue;
        if (["number", "money", "date", "datetime"].includes(field.type))
          expect(modes[field.name], `${def.name}.${field.name}`).toBe("range");
        if (field.type === "enum") expect(modes[field.name], `${def.name}.${field.name}`).toBe("in");
      }
    }
  });
});

describe("a column's filter", () => {
  it("is a range as two filters, either end open, a cleared end without a value", () => {
    expect(filtersOfColumn("price", "range", [10, null])).toEqual([
      { field: "price", operator: "gte", value: 10 },
      { field: "price", operator: "lte", value: undefined },
    ]);
    expect(filtersOfColumn("price", "range", null)).toEqual([
      { field: "price", operator: "gte", value: undefined },
      { field: "price", operator: "lte", value: undefined },
    ]);
  });

  it("drops empty choices and blank text", () => {
    expect(filtersOfColumn("status", "in", [])).toEqual([{ field: "status", operator: "in", value: undefined }]);
    expect(filtersOfColumn("status", "in", ["draft"])).toEqual([{ field: "status", operator: "in", value: ["draft"] }]);
    expect(filtersOfColumn("name", "contains", ["  "])).toEqual([
      { field: "name", operator: "contains", value: undefined },
    ]);
    expect(filtersOfColumn("name", "contains", "mug ")).toEqual([
      { field: "name", operator: "contains", value: "mug" },
    ]);
    expect(filtersOfColumn("is_blocked", "eq", [false])).toEqual([
      { field: "is_blocked", operator: "eq", value: false },
    ]);
  });

  it("reads back into the dropdown, values from the URL as they came", () => {
    const filters = [
      { field: "price", operator: "lte" as const, value: "20" },
      { field: "status", operator: "in" as const, value: ["draft"] },
    ];
    expect(dropdownValueOf(filters, "price", "range")).toEqual([null, "20"]);
    expect(dropdownValueOf(filters, "status", "in")).toEqual(["draft"]);
    expect(dropdownValueOf(filters, "stock", "range")).toBeNull();
  });

  it("covers whole days", () => {
    const [from, to] = dayRange.toFilter([dayjs("2025-03-04T15:00:00"), dayjs("2025-03-05T01:00:00")]);
    expect(dayjs(String(from)).format("YYYY-MM-DD HH:mm")).toBe("2025-03-04 00:00");
    expect(dayjs(String(to)).format("YYYY-MM-DD HH:mm:ss")).toBe("2025-03-05 23:59:59");
    expect(dayRange.toFilter(null)).toEqual([null, null]);
    expect(dayRange.toPicker([null, to])[1]?.format("YYYY-MM-DD")).toBe("2025-03-05");
  });

  it("reads a bound as a day only on the day's edge here; a UTC day far from UTC keeps its time", () => {
    const [from, to] = dayRange.toFilter([dayjs("2025-03-04T15:00:00"), dayjs("2025-03-05T01:00:00")]);
    expect(boundReadsAsDay(from, "gte")).toBe(true);
    expect(boundReadsAsDay(to, "lte")).toBe(true);
    // A dashboard bar's day, the server's (UTC): a day here only where the offset is 0.
    const utcDay = ["2025-03-04T00:00:00.000000Z", "2025-03-04T23:59:59.999999Z"];
    const offset = new Date("2025-03-04T12:00:00Z").getTimezoneOffset();
    expect(boundReadsAsDay(utcDay[0], "gte")).toBe(offset === 0);
    expect(boundReadsAsDay(utcDay[1], "lte")).toBe(offset === 0);
    // An instant with seconds past the minute is never a day's edge, whatever the zone.
    expect(boundReadsAsDay("2025-03-04T11:30:17+05:30", "gte")).toBe(false);
    expect(boundReadsAsDay("2025-03-04T11:30:17+05:30", "lte")).toBe(false);
  });
});

describe("chips", () => {
  const filters = [
    { field: "q", operator: "contains" as const, value: "mug" },
    { field: "price", operator: "gte" as const, value: 10 },
    { field: "status", operator: "in" as const, value: ["active"] },
    { field: "price", operator: "lte" as const, value: 20 },
    { field: "stock", operator: "gte" as const, value: undefined },
  ];

  it("groups the active filters by column, without the search box or empty ones", () => {
    expect(activeFilterGroups(filters).map((g) => [g.field, g.filters.length])).toEqual([
      ["price", 2],
      ["status", 1],
    ]);
  });

  it("removes one column's filters, or all but the search", () => {
    expect(withoutColumn(filters, "price").map((f) => ("field" in f ? f.field : ""))).toEqual(["q", "status", "stock"]);
    expect(onlySearch(filters)).toEqual([filters[0]]);
  });
});

describe("a new sort or filter", () => {
  const modes = filterModes(products);
  const page3 = { current: 3, pageSize: 25 };

  it("goes back to page 1", () => {
    const refine = vi.fn();
    const setFilters = vi.fn();
    const onChange = listOnChange(modes, { setFilters }, refine);
    onChange(page3, {}, { field: "price", order: "ascend" }, { action: "sort", currentDataSource: [] });
    expect(refine.mock.calls[0][0]).toMatchObject({ current: 1 });
    expect(setFilters).not.toHaveBeenCalled();

    onChange(page3, { price: [5, 9], status: null, sku: ["x"] }, {}, { action: "filter", currentDataSource: [] });
    expect(refine.mock.calls[1][0]).toMatchObject({ current: 1 });
    expect(refine.mock.calls[1][1]).toEqual({});
    expect(setFilters).toHaveBeenCalledWith(
      [
        { field: "price", operator: "gte", value: 5 },
        { field: "price", operator: "lte", value: 9 },
        { field: "status", operator: "in", value: undefined },
      ],
      "merge",
    );
  });

  it("while paging keeps the page asked for", () => {
    const refine = vi.fn();
    listOnChange(modes, { setFilters: vi.fn() }, refine)(page3, {}, {}, { action: "paginate", currentDataSource: [] });
    expect(refine.mock.calls[0][0]).toMatchObject({ current: 3 });
  });
});
