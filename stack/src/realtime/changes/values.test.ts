import { describe, expect, it } from "vitest";
import { codecFor, parseArrayLiteral, valueToJson } from "./values.js";

describe("pgoutput text → JSON as realtime.cast renders it", () => {
  const cases: Array<[string, string | null, string, unknown]> = [
    ["int8", null, "42", 42],
    ["numeric", null, "-1.50", -1.5],
    ["float8", null, "NaN", "NaN"],
    ["float8", null, "Infinity", "Infinity"],
    ["bool", null, "t", true],
    ["bool", null, "f", false],
    ["jsonb", null, '{"a": [1, null]}', { a: [1, null] }],
    ["timestamp", null, "2025-01-02 03:04:05.678", "2025-01-02T03:04:05.678"],
    ["timestamptz", null, "2025-01-02 03:04:05+00", "2025-01-02T03:04:05+00:00"],
    ["timestamptz", null, "2025-01-02 03:04:05.5+05:30", "2025-01-02T03:04:05.5+05:30"],
    ["timetz", null, "10:00:00+02", "10:00:00+02:00"],
    ["uuid", null, "6f1d3c4e-0000-4000-8000-000000000001", "6f1d3c4e-0000-4000-8000-000000000001"],
    ["_int4", "int4", "{1,2,NULL}", [1, 2, null]],
    ["_text", "text", '{a,"b c","d\\"e",NULL,"NULL"}', ["a", "b c", 'd"e', null, "NULL"]],
    [
      "_int4",
      "int4",
      "{{1,2},{3,4}}",
      [
        [1, 2],
        [3, 4],
      ],
    ],
    ["_bool", "bool", "{}", []],
  ];
  it.each(cases)("%s %s %j", (base, elem, text, expected) => {
    expect(valueToJson(text, codecFor(base, elem))).toEqual(expected);
  });

  it("keeps NULL as null and skips explicit array bounds", () => {
    expect(valueToJson(null, codecFor("int4", null))).toBeNull();
    expect(parseArrayLiteral("[0:1]={7,8}")).toEqual(["7", "8"]);
  });
});
