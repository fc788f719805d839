import { describe, expect, it } from "vitest";
import { FilterParseError, parseFilter, rowMatches } from "./filters.js";

describe("postgres_changes filters", () => {
  it("parses single and combined filters, in-lists and quoted values", () => {
    expect(parseFilter("id=eq.1")).toEqual([{ column: "id", op: "eq", values: ["1"] }]);
    expect(parseFilter('name=in.(a,"b,c"),qty=gte.2')).toEqual([
      { column: "name", op: "in", values: ["a", "b,c"] },
      { column: "qty", op: "gte", values: ["2"] },
    ]);
    expect(parseFilter(undefined)).toEqual([]);
    expect(() => parseFilter("foo")).toThrow(FilterParseError);
    expect(() => parseFilter("id=like.1")).toThrow("Error parsing `filter` params");
  });

  const kinds = { qty: "number", name: "text", at: "timestamptz", ok: "bool" } as const;
  const kindOf = (c: string) => kinds[c as keyof typeof kinds];
  const row = { qty: "10", name: "beta", at: "2025-01-02 03:04:05+00", ok: "t", gone: null };

  it.each([
    ["qty=eq.10", true],
    ["qty=eq.9", false],
    ["qty=neq.9", true],
    ["qty=lt.9", false],
    ["qty=lte.10", true],
    ["qty=gt.9.5", true],
    ["qty=gte.11", false],
    ["name=in.(alpha,beta)", true],
    ["name=lt.gamma", true],
    ["at=gt.2025-01-01", true],
    ["at=eq.2025-01-02T03:04:05Z", true],
    ["ok=eq.true", true],
    ["gone=eq.x", false],
    ["qty=gt.1,name=eq.alpha", false],
  ])("%s → %s", (filter, expected) => {
    expect(rowMatches(parseFilter(filter), row, kindOf)).toBe(expected);
  });
});
