// ReadNode → SELECT. Embeds are correlated subqueries: to-one `row_to_json` of at
// most one row, to-many `json_agg` (or `[]`); `!inner` and `emb=not.is.null` add an
// EXISTS on the parent. Every identifier is quoted, every value a parameter.
import { quoteQualified, rowCount } from "../../shared/sql.js";
import { COUNT_STAR } from "../plan/read.js";
import type { Condition, Output, ReadNode } from "../plan/types.js";
import { quoteIdent, type SqlBuilder } from "./builder.js";
import { columnExpr, conditionSql } from "./expr.js";
import { castType } from "./types.js";

function sourceSql(node: ReadNode, alias: string): string {
  const from =
    node.source.kind === "relation"
      ? quoteQualified(node.relation.schema, node.relation.name)
      : quoteIdent(node.source.name);
  return `${from} ${alias}`;
}

/** FROM and join conditions of an embed relative to its parent's alias. */
function embedFrom(
  b: SqlBuilder,
  node: ReadNode,
  alias: string,
  parentAlias: string,
): { from: string; where: string[] } {
  const rel = node.embed?.relationship;
  if (!rel) throw new Error("not an embed");
  if (rel.computed) {
    // The function of the parent row; the cast picks the overload for this table.
    const origin = quoteQualified(rel.origin.schema, rel.origin.name);
    return {
      from: `${quoteQualified(rel.computed.schema, rel.computed.name)}(${parentAlias}::${origin}) ${alias}`,
      where: [],
    };
  }
  if (rel.junction) {
    const j = b.alias("j");
    const { relation, originCols, targetCols } = rel.junction;
    const on = targetCols.map(([jc, tc]) => `${j}.${quoteIdent(jc)} = ${alias}.${quoteIdent(tc)}`).join(" and ");
    return {
      from: `${sourceSql(node, alias)} join ${quoteQualified(relation.schema, relation.name)} ${j} on ${on}`,
      where: originCols.map(([jc, oc]) => `${j}.${quoteIdent(jc)} = ${parentAlias}.${quoteIdent(oc)}`),
    };
  }
  return {
    from: sourceSql(node, alias),
    where: rel.cols.map(([oc, tc]) => `${alias}.${quoteIdent(tc)} = ${parentAlias}.${quoteIdent(oc)}`),
  };
}

/** Conditions of a node: its filters plus EXISTS for its `!inner` children. */
export function whereParts(b: SqlBuilder, node: ReadNode, alias: string): string[] {
  const parts = node.conditions.map((c) => conditionSql(b, alias, c, existsSql));
  for (const child of node.children) {
    if (child.embed?.inner) parts.push(existsFor(b, child, alias));
  }
  return parts;
}

function existsFor(b: SqlBuilder, child: ReadNode, parentAlias: string): string {
  const alias = b.alias();
  const { from, where } = embedFrom(b, child, alias, parentAlias);
  return `exists (select 1 from ${from}${whereSql([...where, ...whereParts(b, child, alias)])})`;
}

function existsSql(b: SqlBuilder, c: Condition & { kind: "embedNull" }, parentAlias: string): string {
  return existsFor(b, c.embed, parentAlias);
}

function whereSql(parts: string[]): string {
  return parts.length ? ` where ${parts.join(" and ")}` : "";
}

/**
 * ORDER BY of a node, plus the joins its related terms need: a to-one embed is at
 * most one row, so a plain left join orders the parent by it without duplicating
 * rows, and lets the planner join the tables once instead of a lookup per row.
 */
function orderSql(b: SqlBuilder, node: ReadNode, alias: string): { joins: string; order: string } {
  if (!node.order.length) return { joins: "", order: "" };
  let joins = "";
  const terms = node.order.map((o) => {
    let expr: string;
    if (o.embed) {
      const embedAlias = b.alias();
      const { from, where } = embedFrom(b, o.embed, embedAlias, alias);
      joins += ` left join ${from} on ${where.join(" and ")}`;
      expr = columnExpr(b, embedAlias, o.column, o.json);
    } else {
      expr = columnExpr(b, alias, o.column, o.json);
    }
    return `${expr}${o.direction ? ` ${o.direction}` : ""}${o.nulls ? ` nulls ${o.nulls}` : ""}`;
  });
  return { joins, order: ` order by ${terms.join(", ")}` };
}

/** LIMIT and OFFSET as numbers in the text (see rowCount): a read with them can keep its plan. */
function limitSql(node: ReadNode): string {
  return (
    (node.limit !== undefined ? ` limit ${rowCount(node.limit)}` : "") +
    (node.offset ? ` offset ${rowCount(node.offset)}` : "")
  );
}

type Aggregate = NonNullable<(Output & { kind: "column" })["aggregate"]>;

/** A select item before its aggregate, if any, is applied (spreads carry it up to be hoisted). */
interface Item {
  expr: string;
  name: string;
  aggregate?: Aggregate;
}

/**
 * Whether a node aggregates: its own columns, or those of a to-one spread, whose
 * aggregates PostgREST hoists into the node (summing over the node's rows).
 */
function aggregates(node: ReadNode): boolean {
  return node.outputs.some(
    (o) => (o.kind === "column" && o.aggregate) || (o.kind === "spread" && o.node.embed?.toOne && aggregates(o.node)),
  );
}

function applyAggregate(expr: string, aggregate: Aggregate | undefined): string {
  if (!aggregate) return expr;
  const applied = `${aggregate.fn}(${expr})`;
  return aggregate.cast ? `(${applied})::${castType(aggregate.cast)}` : applied;
}

/**
 * `expr as "name"` items of a node's select list and, when the node aggregates
 * (`col.sum()`, `count()`), its GROUP BY: every other item, by position (PostgREST
 * groups by the plain columns and embeds it selects).
 */
function selectList(b: SqlBuilder, node: ReadNode, alias: string): { items: string[]; groupBy: string } {
  const grouped = aggregates(node);
  const items: string[] = [];
  const keys: number[] = [];
  for (const o of node.outputs) {
    for (const item of outputSql(b, o, alias, grouped)) {
      items.push(`${applyAggregate(item.expr, item.aggregate)} as ${quoteIdent(item.name)}`);
      if (!item.aggregate) keys.push(items.length);
    }
  }
  return { items, groupBy: grouped && keys.length ? ` group by ${keys.join(", ")}` : "" };
}

/** The items of one output (several for a spread). */
function outputSql(b: SqlBuilder, o: Output, alias: string, grouped = false): Item[] {
  if (o.kind === "column") {
    const expr = o.column === COUNT_STAR ? "*" : columnExpr(b, alias, o.column, o.json);
    return [{ expr: o.cast ? `(${expr})::${castType(o.cast)}` : expr, name: o.name, aggregate: o.aggregate }];
  }
  // Grouping compares values: an embed's JSON is grouped as jsonb (json has no equality).
  if (o.kind === "embed") {
    const embed = embedSql(b, o.node, alias);
    return [{ expr: grouped ? `${embed}::jsonb` : embed, name: o.name }];
  }
  // Spread: each lifted output is read from the (single) related row, its aggregate
  // applied in this node; or, for a to-many embed, gathered into an array over the
  // related rows (PostgREST 13).
  const toOne = o.node.embed?.toOne;
  return o.node.outputs.flatMap((inner) => {
    const childAlias = b.alias();
    const { from, where } = embedFrom(b, o.node, childAlias, alias);
    const conds = [...where, ...whereParts(b, o.node, childAlias)];
    return outputSql(b, inner, childAlias).map((item): Item => {
      // `count()` of the related row: whether there is one.
      const value = item.expr === "*" ? "1" : item.expr;
      if (toOne) return { ...item, expr: `(select ${value} from ${from}${whereSql(conds)} limit 1)` };
      const { joins, order } = orderSql(b, o.node, childAlias);
      const rows = `select ${value} as pgrst_v from ${from}${joins}${whereSql(conds)}${order}${limitSql(o.node)}`;
      return { expr: `(select coalesce(json_agg(pgrst_s.pgrst_v), '[]') from (${rows}) pgrst_s)`, name: item.name };
    });
  });
}

function embedSql(b: SqlBuilder, node: ReadNode, parentAlias: string): string {
  const alias = quoteIdent(node.alias);
  const { from, where } = embedFrom(b, node, alias, parentAlias);
  const { items, groupBy } = selectList(b, node, alias);
  const list = items.join(", ");
  const conds = [...where, ...whereParts(b, node, alias)];
  const rowAlias = quoteIdent(`${node.alias}_row`);
  if (node.embed?.toOne) {
    return `(select row_to_json(${rowAlias}) from (select ${list} from ${from}${whereSql(conds)}${groupBy} limit 1) ${rowAlias})`;
  }
  const { joins, order } = orderSql(b, node, alias);
  const inner = `select ${list} from ${from}${joins}${whereSql(conds)}${groupBy}${order}${limitSql(node)}`;
  return `(select coalesce(json_agg(${rowAlias}), '[]') from (${inner}) ${rowAlias})`;
}

/** Select-list items reading response.headers/status (null when unset or reset to ''). */
export const RESPONSE_GUC_COLUMNS =
  "nullif(current_setting('response.headers', true), '') as response_headers, " +
  "nullif(current_setting('response.status', true), '') as response_status";

interface ReadSqlOptions {
  /** Count the matching rows in the same statement: all (count=exact) or up to a limit (count=estimated). */
  count?: { limit?: number };
  /** Body as CSV rows (the header is built from the output names). */
  csv?: boolean;
  /** Leave null fields out of the JSON body (`nulls=stripped`). */
  stripNulls?: boolean;
  /** Aggregate this column's values instead of whole rows (scalar functions). */
  scalar?: string;
  /** Prefix, e.g. `with pgrst_source as (…)`. */
  with?: string;
  /** More `expr as name` items for the result row (e.g. counts over the CTE). */
  extraColumns?: string;
}

/**
 * The rows of the page, ordered. A page past an offset or ordered by a related
 * column finds the keys of its rows first and reads only those rows (a deferred
 * join): skipping rows walks an index of the order columns and the key (index-only)
 * instead of fetching every skipped row, and a sort by a joined column sorts keys,
 * not whole rows.
 */
function pageSql(b: SqlBuilder, node: ReadNode, alias: string, source: string, where: string): string {
  const { joins, order } = orderSql(b, node, alias);
  const cut = `${joins}${where}${order}${limitSql(node)}`;
  const pk = node.relation.pk;
  const deferred = Boolean(node.offset) || node.order.some((o) => o.embed);
  if (!deferred || node.source.kind !== "relation" || pk.length === 0) {
    return `select ${alias}.* from ${source}${cut}`;
  }
  const key = (a: string) => pk.map((c) => `${a}.${quoteIdent(c)}`).join(", ");
  const outer = orderSql(b, node, alias);
  const keyAlias = b.alias();
  return (
    `select ${alias}.* from ${source}${outer.joins} where (${key(alias)}) in ` +
    `(select ${key(keyAlias)} from (select ${key(alias)} from ${source}${cut}) ${keyAlias})${outer.order}`
  );
}

/**
 * The whole read: `total`, `page` (rows returned), `body` (JSON or CSV text) and the
 * response settings, evaluated after the rows (so functions the read called have run).
 */
export function readSql(b: SqlBuilder, node: ReadNode, options: ReadSqlOptions): string {
  const alias = quoteIdent(node.alias);
  const where = whereSql(whereParts(b, node, alias));
  const source = sourceSql(node, alias);
  const { items, groupBy } = selectList(b, node, alias);
  let inner: string;
  if (aggregates(node)) {
    // Aggregates: rows are grouped first, the page is a page of groups.
    const { joins, order } = orderSql(b, node, alias);
    inner = `select ${items.join(", ")} from ${source}${joins}${where}${groupBy}${order}${limitSql(node)}`;
  } else {
    // The page is cut first and only its rows are projected: the select list (embeds
    // above all) is not evaluated for the rows an offset skips.
    const page = pageSql(b, node, alias, source, where);
    inner = `select ${items.join(", ")} from (${page}) ${alias}`;
  }
  const counted = `select 1 from ${source}${where}`;
  const total =
    options.count === undefined
      ? "null::int8"
      : options.count.limit === undefined
        ? `(select count(*) from (${counted}) pgrst_c)`
        : `(select count(*) from (${counted} limit ${rowCount(options.count.limit)}) pgrst_c)`;
  const row = "pgrst_row";
  const body = options.csv
    ? `coalesce(string_agg(substring(${row}::text, 2, length(${row}::text) - 2), E'\\n'), '')`
    : options.scalar
      ? `coalesce(json_agg(${row}.${quoteIdent(options.scalar)}), '[]')::text`
      : options.stripNulls
        ? `json_strip_nulls(coalesce(json_agg(${row}), '[]'))::text`
        : `coalesce(json_agg(${row}), '[]')::text`;
  const extra = options.extraColumns ? `, ${options.extraColumns}` : "";
  return `${options.with ?? ""}select ${total} as total, count(*) as page, ${body} as body, ${RESPONSE_GUC_COLUMNS}${extra} from (${inner}) ${row}`;
}

/** Just the count, for `count=planned` (EXPLAIN's estimate). */
export function countSql(b: SqlBuilder, node: ReadNode): string {
  const alias = quoteIdent(node.alias);
  return `select 1 from ${sourceSql(node, alias)}${whereSql(whereParts(b, node, alias))}`;
}
