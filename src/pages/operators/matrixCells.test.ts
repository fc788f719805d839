// The Permissions screen's grid of a project with Opsdesk installed: the project's managed tables
// by schema and name before Opsdesk's own, named as the console names their resources.
import { describe, expect, it } from "vitest";
import { cellKeyOf, grantedKeys, matrixRows } from "./matrixCells";

describe("matrixRows", () => {
  it("lists the project's tables by schema and name, then Opsdesk's own", () => {
    const rows = matrixRows([
      { schema_name: "opsdesk", table_name: "audit_log" },
      { schema_name: "public", table_name: "tasks" },
      { schema_name: "billing", table_name: "invoices" },
      { schema_name: "public", table_name: "Big Items" },
    ]);
    expect(rows.map((r) => [r.resource, r.opsdesk])).toEqual([
      ["billing.invoices", false],
      ["Big Items", false],
      ["tasks", false],
      ["opsdesk.audit_log", true],
    ]);
  });
});

describe("grantedKeys", () => {
  it("tells cells apart by role, schema, table and action, also where names contain dots", () => {
    const granted = grantedKeys([{ role: "viewer", schema_name: "public", table_name: "a.b", action: "list" }]);
    expect(granted.has(cellKeyOf({ role: "viewer", schema_name: "public", table_name: "a.b", action: "list" }))).toBe(
      true,
    );
    expect(granted.has(cellKeyOf({ role: "viewer", schema_name: "public.a", table_name: "b", action: "list" }))).toBe(
      false,
    );
  });
});
