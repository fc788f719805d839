import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { fromAuditFilters, toAuditFilters } from "./auditFilters";

describe("toAuditFilters", () => {
  it("turns each filled field into its filter and skips blanks", () => {
    const from = dayjs("2025-06-01T15:00:00");
    const to = dayjs("2025-06-03T08:00:00");
    const filters = toAuditFilters({ table: "products", recordId: " 42 ", actor: "editor@", range: [from, to] });
    expect(filters).toEqual([
      { field: "table_name", operator: "eq", value: "products" },
      { field: "record_id", operator: "eq", value: "42" },
      { field: "actor_email", operator: "contains", value: "editor@" },
      { field: "at", operator: "gte", value: from.startOf("day").toISOString() },
      { field: "at", operator: "lte", value: to.endOf("day").toISOString() },
    ]);
    expect(toAuditFilters({ table: "", recordId: "  ", actor: undefined, actions: [], range: null })).toEqual([]);
  });

  it("takes an open-ended range", () => {
    const from = dayjs("2025-06-01T00:00:00");
    expect(toAuditFilters({ range: [from, null] })).toEqual([
      { field: "at", operator: "gte", value: from.toISOString() },
    ]);
  });
});

describe("the audit log's actions", () => {
  it("filter by any of several actions, and read back", () => {
    const filters = toAuditFilters({ actions: ["INSERT", "DELETE"] });
    expect(filters).toEqual([{ field: "action", operator: "in", value: ["INSERT", "DELETE"] }]);
    expect(fromAuditFilters(filters).actions).toEqual(["INSERT", "DELETE"]);
  });
});

describe("fromAuditFilters", () => {
  it("reads the form back from the filters in the URL", () => {
    const from = dayjs("2025-06-01T00:00:00");
    const values = fromAuditFilters(toAuditFilters({ table: "orders", actor: "admin", range: [from, null] }));
    expect(values.table).toBe("orders");
    expect(values.actor).toBe("admin");
    expect(values.recordId).toBeUndefined();
    expect(values.range?.[0]?.toISOString()).toBe(from.toISOString());
    expect(values.range?.[1]).toBeNull();
  });

  it("is empty without filters", () => {
    expect(fromAuditFilters([])).toEqual({
      table: undefined,
      recordId: undefined,
      actor: undefined,
      range: undefined,
    });
  });
});
