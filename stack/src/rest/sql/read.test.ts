import { describe, expect, it } from "vitest";
import { rowCount } from "../../shared/sql.js";
import { parseQuery } from "../parse/query.js";
import { planRead } from "../plan/read.js";
import { looseColumn, type Relation } from "../schema/types.js";
import { SqlBuilder } from "./builder.js";
import { readSql } from "./read.js";

function table(name: string, columns: string[]): Relation {
  const list = columns.map((c) => looseColumn(c, "text", "text", "b"));
  return {
    schema: "public",
    name,
    kind: "table",
    description: null,
    columns: new Map(list.map((c) => [c.name, c])),
    columnList: list,
    pk: ["id"],
    uniques: [["id"]],
    insertable: true,
    updatable: true,
    deletable: true,
    relationships: [],
  };
}

function compile(qs: string, maxRows = Infinity, count?: { limit?: number }) {
  const books = table("books", ["id", "title"]);
  const node = planRead(books, { kind: "relation", relation: books }, parseQuery(qs), { maxRows, aggregates: false });
  const b = new SqlBuilder();
  return { text: readSql(b, node, { ...(count && { count }) }), values: b.values };
}

describe("read SQL", () => {
  it("writes limit, offset and the estimated count's bound as numbers, filters as parameters", () => {
    const { text, values } = compile("select=id&title=eq.x&limit=25&offset=50", 1000, { limit: 1001 });
    expect(text).toContain(" limit 25 offset 50");
    expect(text).toContain(" limit 1001) pgrst_c");
    expect(text).toContain(`"books"."title" = $1`);
    expect(values).toEqual(["x"]);
  });

  it("bounds a read without a limit by max_rows, and leaves it unbounded without one", () => {
    expect(compile("select=id", 100).text).toContain(" limit 100");
    expect(compile("select=id").text).not.toContain(" limit ");
  });

  it("keeps a filter value that looks like a number out of the text", () => {
    const { text, values } = compile("select=id&id=eq.7;drop table x&limit=3");
    expect(text).not.toContain("drop");
    expect(values).toEqual(["7;drop table x"]);
  });
});

describe("rowCount", () => {
  it("accepts non-negative safe integers only", () => {
    expect(rowCount(0)).toBe("0");
    expect(rowCount(25)).toBe("25");
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => rowCount(bad)).toThrow(/not a row count/);
    }
  });
});
