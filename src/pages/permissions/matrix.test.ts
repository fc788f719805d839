import { describe, expect, it } from "vitest";
import { cellKey, grantedCells, matrixResources, type PermissionRow, toggleWrite } from "./matrix";

const rows: PermissionRow[] = [
  { role: "viewer", resource: "products", action: "list" },
  { role: "admin", resource: "zebra_reports", action: "show" },
  { role: "admin", resource: "app_settings", action: "edit" },
];

describe("matrixResources", () => {
  it("keeps the console's order and appends unknown resources alphabetically, once each", () => {
    expect(matrixResources(["products", "permissions"], [...rows, rows[1]])).toEqual([
      "products",
      "permissions",
      "app_settings",
      "zebra_reports",
    ]);
  });
});

describe("grantedCells", () => {
  it("has a key per granted role, resource and action", () => {
    const cells = grantedCells(rows);
    expect(cells.has(cellKey({ role: "viewer", resource: "products", action: "list" }))).toBe(true);
    expect(cells.has(cellKey({ role: "editor", resource: "products", action: "list" }))).toBe(false);
  });
});

describe("toggleWrite", () => {
  it("grants on check and revokes on uncheck", () => {
    expect(toggleWrite(rows[0], true)).toEqual({ kind: "grant", row: rows[0] });
    expect(toggleWrite(rows[0], false)).toEqual({ kind: "revoke", row: rows[0] });
  });
});
