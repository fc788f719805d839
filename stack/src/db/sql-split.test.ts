import { describe, expect, it } from "vitest";
import { lineAt, splitSql } from "./sql-split.js";

const texts = (sql: string) => splitSql(sql).map((s) => s.text);

describe("splitSql", () => {
  it("splits on semicolons outside quotes, comments and dollar-quoted bodies", () => {
    const sql = `select 'a;b', "x;y" from t; -- no; split
/* nested /* ; */ still */ select 2;
create function f() returns int language sql as $body$ select 1; $body$;
do $$ begin perform 1; end $$`;
    expect(texts(sql)).toEqual([
      `select 'a;b', "x;y" from t`,
      "-- no; split\n/* nested /* ; */ still */ select 2",
      "create function f() returns int language sql as $body$ select 1; $body$",
      "do $$ begin perform 1; end $$",
    ]);
  });

  it("keeps doubled quotes, parentheses and BEGIN ATOMIC bodies whole", () => {
    const sql = `insert into t values ('it''s; fine');
create rule r as on insert to t do also (insert into u values (1); insert into u values (2));
create function g() returns int language sql begin atomic select 1; select 2; end;
select legend from atomic_things;`;
    expect(texts(sql)).toEqual([
      "insert into t values ('it''s; fine')",
      "create rule r as on insert to t do also (insert into u values (1); insert into u values (2))",
      "create function g() returns int language sql begin atomic select 1; select 2; end",
      "select legend from atomic_things",
    ]);
  });

  it("gives each statement's offset and drops empty ones", () => {
    const sql = "\n\n  select 1;;\n select 2;  \n";
    const statements = splitSql(sql);
    expect(statements.map((s) => [s.text, lineAt(sql, s.start)])).toEqual([
      ["select 1", 3],
      ["select 2", 4],
    ]);
  });
});
