import { describe, expect, it } from "vitest";
import { formatsFor } from "../../lib/format";
import { type DisplayTexts, displayValue, sameValue } from "./values";

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
  const english: DisplayTexts = { yesNo: ["Yes", "No"], format: formatsFor("en", "USD", "UTC") };
  const german: DisplayTexts = { yesNo: ["Ja", "Nein"], format: formatsFor("de", "EUR", "UTC") };

  it("formats by field type, blanks as a dash", () => {
    expect(displayValue({ name: "p", label: "P", type: "money" }, 19.9, english)).toBe("$19.90");
    expect(displayValue({ name: "t", label: "T", type: "tags" }, ["a", "b"], english)).toBe("a, b");
    expect(displayValue({ name: "b", label: "B", type: "boolean" }, false, english)).toBe("No");
    expect(displayValue(undefined, null, english)).toBe("—");
    expect(displayValue(undefined, { a: 1 }, english)).toBe('{"a":1}');
  });

  it("says values in the operator's language: numbers, money, times and option labels", () => {
    expect(displayValue({ name: "p", label: "P", type: "money" }, 1234.5, german)).toBe("1.234,50\u00a0€");
    expect(displayValue({ name: "s", label: "S", type: "number" }, 12000, german)).toBe("12.000");
    expect(displayValue({ name: "a", label: "A", type: "datetime" }, "2025-06-11T14:05:00Z", german)).toBe(
      "11.06.2025, 14:05",
    );
    const status = {
      name: "status",
      label: "Status",
      type: "enum" as const,
      options: ["paid"],
      optionLabels: { paid: "Bezahlt" },
    };
    expect(displayValue(status, "paid", german)).toBe("Bezahlt");
  });
});
