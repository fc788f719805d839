import { describe, expect, it } from "vitest";
import { ParseError } from "./errors.js";
import { parseFilterValue, parseLogicValue } from "./filter.js";
import type { Filter, LogicTree, OpExpr } from "./types.js";

const cases: [string, { negated: boolean; expr: OpExpr }][] = [
  ["eq.1", { negated: false, expr: { op: "eq", value: "1" } }],
  ["eq.", { negated: false, expr: { op: "eq", value: "" } }],
  ["eq.a,b(c)", { negated: false, expr: { op: "eq", value: "a,b(c)" } }],
  ["neq.x", { negated: false, expr: { op: "neq", value: "x" } }],
  ["not.eq.null", { negated: true, expr: { op: "eq", value: "null" } }],
  ["gt.5", { negated: false, expr: { op: "gt", value: "5" } }],
  ["gte.5", { negated: false, expr: { op: "gte", value: "5" } }],
  ["lt.5", { negated: false, expr: { op: "lt", value: "5" } }],
  ["lte.5", { negated: false, expr: { op: "lte", value: "5" } }],
  ["like.*a%", { negated: false, expr: { op: "like", value: "*a%" } }],
  ["ilike(any).{a*,b*}", { negated: false, expr: { op: "ilike", quantifier: "any", value: "{a*,b*}" } }],
  ["eq(all).{1,2}", { negated: false, expr: { op: "eq", quantifier: "all", value: "{1,2}" } }],
  ["match.^a.*$", { negated: false, expr: { op: "match", value: "^a.*$" } }],
  ["imatch.x", { negated: false, expr: { op: "imatch", value: "x" } }],
  ["is.null", { negated: false, expr: { op: "is", value: "null" } }],
  ["is.NULL", { negated: false, expr: { op: "is", value: "null" } }],
  ["not.is.null", { negated: true, expr: { op: "is", value: "null" } }],
  ["is.not_null", { negated: false, expr: { op: "is", value: "not_null" } }],
  ["is.true", { negated: false, expr: { op: "is", value: "true" } }],
  ["is.unknown", { negated: false, expr: { op: "is", value: "unknown" } }],
  ["isdistinct.3", { negated: false, expr: { op: "isdistinct", value: "3" } }],
  ["in.(1,2,3)", { negated: false, expr: { op: "in", values: ["1", "2", "3"] } }],
  ['in.(a,"b,c",")")', { negated: false, expr: { op: "in", values: ["a", "b,c", ")"] } }],
  ["in.()", { negated: false, expr: { op: "in", values: [] } }],
  ["not.in.(x)", { negated: true, expr: { op: "in", values: ["x"] } }],
  ["cs.{a,b}", { negated: false, expr: { op: "cs", value: "{a,b}" } }],
  ['cs.{"k":1}', { negated: false, expr: { op: "cs", value: '{"k":1}' } }],
  ["cd.{a}", { negated: false, expr: { op: "cd", value: "{a}" } }],
  ["ov.[1,5)", { negated: false, expr: { op: "ov", value: "[1,5)" } }],
  ["sl.(1,10)", { negated: false, expr: { op: "sl", value: "(1,10)" } }],
  ["sr.(1,10)", { negated: false, expr: { op: "sr", value: "(1,10)" } }],
  ["nxl.(1,10)", { negated: false, expr: { op: "nxl", value: "(1,10)" } }],
  ["nxr.(1,10)", { negated: false, expr: { op: "nxr", value: "(1,10)" } }],
  ["adj.(1,10)", { negated: false, expr: { op: "adj", value: "(1,10)" } }],
  ["fts.cat & dog", { negated: false, expr: { op: "fts", value: "cat & dog" } }],
  ["plfts(english).fat cats", { negated: false, expr: { op: "plfts", config: "english", value: "fat cats" } }],
  ["phfts.a b", { negated: false, expr: { op: "phfts", value: "a b" } }],
  ["wfts(simple).x -y", { negated: false, expr: { op: "wfts", config: "simple", value: "x -y" } }],
];

describe("parseFilterValue", () => {
  it.each(cases)("%s", (input, tree) => {
    expect(parseFilterValue(input)).toEqual(tree);
  });

  it.each(["", "noop.0", "eq", "in.(1,2", "in.1", "is.maybe", "eq(some).x", "not.", "fts(x.y", "EQ.1"])(
    "rejects %j",
    (input) => {
      expect(() => parseFilterValue(input)).toThrow(ParseError);
    },
  );

  it("says what PostgREST says for an unknown operator", () => {
    try {
      parseFilterValue("noop.0");
      expect.unreachable();
    } catch (e) {
      expect((e as ParseError).message).toBe('"failed to parse filter (noop.0)" (line 1, column 1)');
      expect((e as ParseError).details).toBe('unexpected "n" expecting "not" or operator (eq, gt, ...)');
    }
  });
});

const f = (name: string, expr: OpExpr, negated = false): Filter => ({
  type: "filter",
  field: { name, json: [] },
  negated,
  expr,
});

const logicCases: [string, LogicTree][] = [
  [
    "(a.eq.1,b.gt.2)",
    {
      type: "logic",
      op: "or",
      negated: false,
      children: [f("a", { op: "eq", value: "1" }), f("b", { op: "gt", value: "2" })],
    },
  ],
  [
    '(name.eq."x,y",tags.cs.{a,b},id.in.(1,2))',
    {
      type: "logic",
      op: "or",
      negated: false,
      children: [
        f("name", { op: "eq", value: "x,y" }),
        f("tags", { op: "cs", value: "{a,b}" }),
        f("id", { op: "in", values: ["1", "2"] }),
      ],
    },
  ],
  [
    "(a.is.null,not.and(b.eq.1,c.not.eq.2))",
    {
      type: "logic",
      op: "or",
      negated: false,
      children: [
        f("a", { op: "is", value: "null" }),
        {
          type: "logic",
          op: "and",
          negated: true,
          children: [f("b", { op: "eq", value: "1" }), f("c", { op: "eq", value: "2" }, true)],
        },
      ],
    },
  ],
  [
    "(data->>k.eq.v)",
    {
      type: "logic",
      op: "or",
      negated: false,
      children: [
        {
          type: "filter",
          field: { name: "data", json: [{ arrow: "->>", key: "k" }] },
          negated: false,
          expr: { op: "eq", value: "v" },
        },
      ],
    },
  ],
];

describe("parseLogicValue", () => {
  it.each(logicCases)("%s", (input, tree) => {
    expect(parseLogicValue("or", false, input)).toEqual(tree);
  });

  it.each(["", "()", "(a.eq.1", "a.eq.1", "(a.eq.1,)", "(a.zz.1)", "(a.eq.1))", `${"(and".repeat(100)}`])(
    "rejects %j",
    (input) => {
      expect(() => parseLogicValue("or", false, input)).toThrow(ParseError);
    },
  );

  it("refuses trees deeper than the limit instead of overflowing the stack", () => {
    const deep = `${"(and".repeat(5000)}(a.eq.1${")".repeat(5001)}`;
    expect(() => parseLogicValue("or", false, deep)).toThrow(ParseError);
  });
});
