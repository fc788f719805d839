// A staff row's status (invited before active/deactivated) and who may change a row's role.
import { describe, expect, it } from "vitest";
import { roleChangeable, staffStatus } from "./staffStatus";

describe("a staff row's status", () => {
  it("is invited while the invitation is not followed, whatever the active flag", () => {
    expect(staffStatus({ active: true }, "2026-11-28T05:00:00Z")).toBe("invited");
    expect(staffStatus({ active: false }, "2026-11-28T05:00:00Z")).toBe("invited");
  });

  it("is active or deactivated once joined", () => {
    expect(staffStatus({ active: true }, undefined)).toBe("active");
    expect(staffStatus({ active: false }, undefined)).toBe("inactive");
  });
});

describe("changing a row's role", () => {
  it("needs the edit right and another operator's row", () => {
    expect(roleChangeable(true, { user_id: "a" }, "b")).toBe(true);
    expect(roleChangeable(true, { user_id: "a" }, "a")).toBe(false);
    expect(roleChangeable(false, { user_id: "a" }, "b")).toBe(false);
    // Before the operator's identity is known, every row with the edit right offers the select (as before).
    expect(roleChangeable(true, { user_id: "a" }, undefined)).toBe(true);
  });
});
