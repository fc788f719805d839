import { describe, expect, it } from "vitest";
import { ParseError } from "./errors.js";
import { parseOrder } from "./order.js";
import { parsePrefer } from "./prefer.js";
import { parseKey, parseQuery } from "./query.js";
import type { OrderTerm } from "./types.js";

const orderCases: [string, OrderTerm[]][] = [
  ["id", [{ field: { name: "id", json: [] } }]],
  ["id.desc", [{ field: { name: "id", json: [] }, direction: "desc" }]],
  [
    "a.asc.nullsfirst,b.nullslast",
    [
      { field: { name: "a", json: [] }, direction: "asc", nulls: "first" },
      { field: { name: "b", json: [] }, nulls: "last" },
    ],
  ],
  ["author(name).desc", [{ relation: "author", field: { name: "name", json: [] }, direction: "desc" }]],
  ["data->>k.desc", [{ field: { name: "data", json: [{ arrow: "->>", key: "k" }] }, direction: "desc" }]],
];

describe("parseOrder", () => {
  it.each(orderCases)("%s", (input, terms) => {
    expect(parseOrder(input)).toEqual(terms);
  });
  it.each(["", "a.up", "a.desc.asc", "a(b", "a,"])("rejects %j", (input) => {
    expect(() => parseOrder(input)).toThrow(ParseError);
  });
});

describe("parseKey", () => {
  it.each([
    ["name", { path: [], field: { name: "name", json: [] } }],
    ["actors.name", { path: ["actors"], field: { name: "name", json: [] } }],
    ["a.b.data->x", { path: ["a", "b"], field: { name: "data", json: [{ arrow: "->", key: "x" }] } }],
    ['"a.b"', { path: [], field: { name: "a.b", json: [] } }],
  ])("%s", (input, expected) => {
    expect(parseKey(input)).toEqual(expected);
  });
});

describe("parseQuery", () => {
  it("splits reserved keys, filters, embed paths; + is a space", () => {
    const q = parseQuery(
      "select=id,full+name&name=eq.a+b&actors.order=id.desc&actors.limit=2&offset=5&limit=10&not.or=(a.eq.1)&actors.or=(b.eq.2)&columns=%22a%22,b&on_conflict=id&flag",
    );
    expect(q.select).toEqual([
      { type: "column", field: { name: "id", json: [] } },
      { type: "column", field: { name: "full name", json: [] } },
    ]);
    expect(q.filters).toEqual([
      {
        path: [],
        value: { type: "filter", field: { name: "name", json: [] }, negated: false, expr: { op: "eq", value: "a b" } },
      },
    ]);
    expect(q.order).toEqual([{ path: ["actors"], value: [{ field: { name: "id", json: [] }, direction: "desc" }] }]);
    expect(q.limits).toEqual([
      { path: ["actors"], value: 2 },
      { path: [], value: 10 },
    ]);
    expect(q.offsets).toEqual([{ path: [], value: 5 }]);
    expect(q.logic.map((l) => [l.path, l.value.op, l.value.negated])).toEqual([
      [[], "or", true],
      [["actors"], "or", false],
    ]);
    expect(q.columns).toEqual(["a", "b"]);
    expect(q.onConflict).toEqual(["id"]);
    expect(q.params).toEqual([["name", "eq.a b"]]);
  });

  it("keeps non-operator values as RPC arguments on RPC reads", () => {
    const q = parseQuery("a=1&b=eq.2", { rpcRead: true });
    expect(q.params).toEqual([
      ["a", "1"],
      ["b", "eq.2"],
    ]);
    expect(q.filters).toHaveLength(1);
    expect(() => parseQuery("a=1")).toThrow(ParseError);
  });

  it.each(["limit=x", "offset=-1", "select=a(", "order=", "id=", "a=in.(1"])("rejects %s", (qs) => {
    expect(() => parseQuery(qs)).toThrow(ParseError);
  });
});

describe("parsePrefer", () => {
  it("reads a comma-joined header", () => {
    expect(
      parsePrefer("resolution=merge-duplicates, count=exact,return=representation, tx=rollback, max-affected=5, x=y"),
    ).toEqual({
      resolution: "merge-duplicates",
      count: "exact",
      return: "representation",
      tx: "rollback",
      maxAffected: 5,
      invalid: ["x=y"],
    });
  });
  it("takes the first of repeated preferences", () => {
    expect(parsePrefer(["return=minimal", "return=representation"])).toEqual({
      return: "minimal",
      invalid: ["return=representation"],
    });
  });
});
