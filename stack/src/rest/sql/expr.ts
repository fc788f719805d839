// Column expressions and WHERE conditions.
import type { JsonStep, OpExpr } from "../parse/types.js";
import type { Condition } from "../plan/types.js";
import type { Column } from "../schema/types.js";
import { quoteIdent, type SqlBuilder } from "./builder.js";

export function columnExpr(b: SqlBuilder, alias: string, column: Column, json: JsonStep[]): string {
  let expr = `${alias}.${quoteIdent(column.name)}`;
  for (const step of json) {
    expr +=
      typeof step.key === "number"
        ? `${step.arrow}${b.param(step.key)}::int`
        : `${step.arrow}${b.param(step.key)}::text`;
  }
  return json.length ? `(${expr})` : expr;
}

const OPERATORS: Record<string, string> = {
  eq: "=",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  like: "like",
  ilike: "ilike",
  match: "~",
  imatch: "~*",
  neq: "<>",
  cs: "@>",
  cd: "<@",
  ov: "&&",
  sl: "<<",
  sr: ">>",
  nxr: "&<",
  nxl: "&>",
  adj: "-|-",
  isdistinct: "is distinct from",
};

const TSQUERY: Record<string, string> = {
  fts: "to_tsquery",
  plfts: "plainto_tsquery",
  phfts: "phraseto_tsquery",
  wfts: "websearch_to_tsquery",
};

const IS: Record<string, string> = {
  null: "is null",
  not_null: "is not null",
  true: "is true",
  false: "is false",
  unknown: "is unknown",
};

/** `a,"b,c"` → a Postgres array literal `{"a","b,c"}`. */
function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`;
}

function opSql(b: SqlBuilder, lhs: string, column: Column, isJsonPath: boolean, e: OpExpr): string {
  switch (e.op) {
    case "in":
      return `${lhs} = any(${b.param(arrayLiteral(e.values))})`;
    case "is":
      return `${lhs} ${IS[e.value]}`;
    case "fts":
    case "plfts":
    case "phfts":
    case "wfts": {
      const cfg = e.config === undefined ? "" : `${b.param(e.config)}::regconfig, `;
      const doc = column.typname === "tsvector" && !isJsonPath ? lhs : `to_tsvector(${cfg}${lhs})`;
      return `${doc} @@ ${TSQUERY[e.op]}(${cfg}${b.param(e.value)})`;
    }
    default: {
      const pattern = e.op === "like" || e.op === "ilike" ? e.value.replaceAll("*", "%") : e.value;
      if ("quantifier" in e && e.quantifier) return `${lhs} ${OPERATORS[e.op]} ${e.quantifier}(${b.param(pattern)})`;
      return `${lhs} ${OPERATORS[e.op]} ${b.param(pattern)}`;
    }
  }
}

/** `exists (…)` for an embed's rows; supplied by read.ts to avoid a cycle. */
type ExistsFn = (b: SqlBuilder, embedNode: Condition & { kind: "embedNull" }, parentAlias: string) => string;

export function conditionSql(b: SqlBuilder, alias: string, c: Condition, exists: ExistsFn): string {
  if (c.kind === "op") {
    const sql = opSql(b, columnExpr(b, alias, c.column, c.json), c.column, c.json.length > 0, c.expr);
    return c.negated ? `not (${sql})` : sql;
  }
  if (c.kind === "embedNull") {
    const sql = exists(b, c, alias);
    return c.isNull ? `not ${sql}` : sql;
  }
  const inner = c.children.map((child) => conditionSql(b, alias, child, exists)).join(` ${c.op} `);
  return c.negated ? `not (${inner})` : `(${inner})`;
}
