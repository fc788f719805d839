import { describe, expect, it } from "vitest";
import { ParseError } from "./errors.js";
import { parseSelect } from "./select.js";
import type { SelectItem } from "./types.js";

const col = (name: string, extra: object = {}): SelectItem => ({ type: "column", field: { name, json: [] }, ...extra });

const cases: [string, SelectItem[]][] = [
  ["*", [{ type: "star" }]],
  ["id,name", [col("id"), col("name")]],
  [" id , name ", [col("id"), col("name")]],
  ["full name", [col("full name")]],
  ["first-name", [col("first-name")]],
  ['"a,b"', [col("a,b")]],
  ['"with \\" quote"', [col('with " quote')]],
  ["n:name", [col("name", { alias: "n" })]],
  ["price::text", [col("price", { cast: "text" })]],
  ["p:price::double precision", [col("price", { alias: "p", cast: "double precision" })]],
  [
    "data->a->>b",
    [
      {
        type: "column",
        field: {
          name: "data",
          json: [
            { arrow: "->", key: "a" },
            { arrow: "->>", key: "b" },
          ],
        },
      },
    ],
  ],
  ["tags->0", [{ type: "column", field: { name: "tags", json: [{ arrow: "->", key: 0 }] } }]],
  ["tags->>-1", [{ type: "column", field: { name: "tags", json: [{ arrow: "->>", key: -1 }] } }]],
  ["actors()", [{ type: "embed", relation: "actors", spread: false, select: [] }]],
  [
    "id,actors(id,name)",
    [col("id"), { type: "embed", relation: "actors", spread: false, select: [col("id"), col("name")] }],
  ],
  [
    "boss:users!manager_id(*)",
    [
      {
        type: "embed",
        relation: "users",
        alias: "boss",
        hint: "manager_id",
        spread: false,
        select: [{ type: "star" }],
      },
    ],
  ],
  ["users!inner(id)", [{ type: "embed", relation: "users", joinType: "inner", spread: false, select: [col("id")] }]],
  [
    "users!fk_a!inner(id)",
    [{ type: "embed", relation: "users", hint: "fk_a", joinType: "inner", spread: false, select: [col("id")] }],
  ],
  [
    "users!inner!fk_a(id)",
    [{ type: "embed", relation: "users", hint: "fk_a", joinType: "inner", spread: false, select: [col("id")] }],
  ],
  ["...owner(name)", [{ type: "embed", relation: "owner", spread: true, select: [col("name")] }]],
  [
    "a(b(c(*)))",
    [
      {
        type: "embed",
        relation: "a",
        spread: false,
        select: [
          {
            type: "embed",
            relation: "b",
            spread: false,
            select: [{ type: "embed", relation: "c", spread: false, select: [{ type: "star" }] }],
          },
        ],
      },
    ],
  ],
];

describe("parseSelect", () => {
  it.each(cases)("%s", (input, tree) => {
    expect(parseSelect(input)).toEqual(tree);
  });

  it.each(["", "id,", "a(", "a(b", "a!(x)", "id::", "a:", "id)", "a::1x", '"open'])("rejects %j", (input) => {
    expect(() => parseSelect(input)).toThrow(ParseError);
  });

  it.each<[string, SelectItem[]]>([
    ["count()", [{ type: "column", field: { name: "*", json: [] }, aggregate: { fn: "count" } }]],
    [
      "n:count()::text",
      [{ type: "column", field: { name: "*", json: [] }, alias: "n", aggregate: { fn: "count", cast: "text" } }],
    ],
    ["amount.sum()", [col("amount", { aggregate: { fn: "sum" } })]],
    [
      "total:amount::int.max()::text",
      [col("amount", { alias: "total", cast: "int", aggregate: { fn: "max", cast: "text" } })],
    ],
    [
      "data->x.avg(),d",
      [
        { type: "column", field: { name: "data", json: [{ arrow: "->", key: "x" }] }, aggregate: { fn: "avg" } },
        col("d"),
      ],
    ],
  ])("reads the aggregate %s", (input, tree) => {
    expect(parseSelect(input)).toEqual(tree);
  });
  it.each(["count(id)", "id.sum", "id.median()"])("rejects %j", (input) => {
    expect(() => parseSelect(input)).toThrow(ParseError);
  });

  it("reports the column like parsec", () => {
    try {
      parseSelect("id,,x");
      expect.unreachable();
    } catch (e) {
      expect((e as ParseError).message).toBe('"failed to parse select parameter (id,,x)" (line 1, column 4)');
    }
  });
});
