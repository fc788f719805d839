import { describe, expect, it } from "vitest";
import { safeTarget } from "./BackToTarget";

describe("safeTarget", () => {
  it("returns to console paths only", () => {
    expect(safeTarget("/customers?currentPage=2")).toBe("/customers?currentPage=2");
    expect(safeTarget("//evil.example/x")).toBe("/");
    expect(safeTarget("https://evil.example")).toBe("/");
    expect(safeTarget(null)).toBe("/");
  });
});
