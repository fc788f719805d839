import { describe, expect, it } from "vitest";
import { displayValue, sameValue } from "./values";

describe("sameValue", () => {
  it.each([
    [null, "", true],
    [undefined, [], true],
    [19.9, "19.90", true],
    ["2025-06-10T10:00:00+00:00", "2025-06-10T10:00:00.000Z", true],
    [["a", "b"], ["a", "b"], true],
    [["a", "b"], ["b", "a"], false],
    [5, 6, false],
    ["ORD-1", "ORD-2", false],
    [true, false, false],
  ])("%j vs %j → %s", (a, b, same) => expect(sameValue(a, b)).toBe(same));
});

describe("displayValue", () => {
  it("formats by field type, blanks as a dash", () => {
    expect(displayValue({ name: "p", label: "P", type: "money" }, 19.9)).toBe("$19.90");
    expect(displayValue({ name: "t", label: "T", type: "tags" }, ["a", "b"])).toBe("a, b");
    expect(displayValue({ name: "b", label: "B", type: "boolean" }, false)).toBe("No");
    expect(displayValue(undefined, null)).toBe("—");
    expect(displayValue(undefined, { a: 1 })).toBe('{"a":1}');
  });
});
