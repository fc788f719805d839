// ApiQuery + a relation → ReadNode tree: expand `*`, resolve embeds, then attach
// filters, logic trees, order and limits to the node their path names.
import { REST_ERRORS } from "../errors.js";
import type { ApiQuery, Field, Filter, LogicTree, OrderTerm, SelectItem } from "../parse/types.js";
import { type Column, looseColumn, type Relation } from "../schema/types.js";
import { findRelationship, isToOne } from "./relationship.js";
import type { Condition, OrderItem, ReadNode, Source } from "./types.js";

export interface ReadLimits {
  maxRows: number;
  /** pgrst.db_aggregates_enabled: `col.sum()`, `count()`… are refused (PGRST123) unless set. */
  aggregates: boolean;
  /** From a `Range` header. */
  range?: { offset: number; limit?: number };
}

export function planRead(relation: Relation, source: Source, q: ApiQuery, limits: ReadLimits): ReadNode {
  const root = selectNode(relation, source, q.select, 0, limits.aggregates);
  for (const { path, value } of q.filters) nodeAt(root, path).conditions.push(condition(nodeAt(root, path), value));
  for (const { path, value } of q.logic) nodeAt(root, path).conditions.push(condition(nodeAt(root, path), value));
  for (const { path, value } of q.order) {
    const node = nodeAt(root, path);
    node.order.push(...value.map((t) => orderItem(node, t)));
  }
  for (const { path, value } of q.limits) nodeAt(root, path).limit = value;
  for (const { path, value } of q.offsets) nodeAt(root, path).offset = value;
  if (limits.range) {
    root.offset ??= limits.range.offset;
    if (limits.range.limit !== undefined) root.limit = Math.min(root.limit ?? Infinity, limits.range.limit);
  }
  root.limit = Math.min(root.limit ?? Infinity, limits.maxRows);
  if (root.limit === Infinity) delete root.limit;
  return root;
}

/**
 * A column of the relation, or a name Postgres resolves when the statement runs, as
 * PostgREST leaves it: a computed column (`t.f` is `f(t)`), the legacy `count`
 * aggregate, or else 42703 "column t.x does not exist".
 */
export function columnOf(relation: Relation, name: string): Column {
  return relation.columns.get(name) ?? unresolvedColumn(name);
}

function unresolvedColumn(name: string): Column {
  return looseColumn(name, "unknown", "unknown", "p");
}

/** The column `count()` counts over: whole rows. */
export const COUNT_STAR = unresolvedColumn("*");

function selectNode(
  relation: Relation,
  source: Source,
  items: SelectItem[],
  depth: number,
  aggregates: boolean,
): ReadNode {
  const alias = depth === 0 ? relation.name : `${relation.name}_${depth}`;
  const node: ReadNode = { source, alias, relation, outputs: [], conditions: [], order: [], children: [] };
  for (const item of items) {
    if (item.type === "star") {
      for (const column of relation.columnList)
        node.outputs.push({ kind: "column", name: column.name, column, json: [] });
    } else if (item.type === "column") {
      if (item.aggregate && !aggregates) throw REST_ERRORS.aggregatesDisabled();
      node.outputs.push({
        kind: "column",
        // An aggregate is named after its function, as Postgres names the column.
        name: item.alias ?? item.aggregate?.fn ?? outputName(item.field),
        column: item.field.name === "*" ? COUNT_STAR : columnOf(relation, item.field.name),
        json: item.field.json,
        ...(item.cast && { cast: item.cast }),
        ...(item.aggregate && { aggregate: item.aggregate }),
      });
    } else {
      const relationship = findRelationship(relation, item.relation, item.hint);
      const child = selectNode(
        relationship.target,
        { kind: "relation", relation: relationship.target },
        item.select,
        depth + 1,
        aggregates,
      );
      const name = item.alias ?? item.relation;
      if (node.children.some((c) => c.embed?.name === name)) {
        // PostgREST names each embed's join `<table>_<name>_<depth>`: the same name twice is Postgres' error.
        throw REST_ERRORS.duplicateTableName(`${relation.name}_${name}_${depth + 1}`);
      }
      child.embed = { name, relationship, toOne: isToOne(relationship), inner: item.joinType === "inner" };
      node.children.push(child);
      if (item.spread) {
        if (!child.embed.toOne && aggregated(child)) {
          throw REST_ERRORS.notImplemented("Aggregates are not implemented for one-to-many or many-to-many spreads.");
        }
        node.outputs.push({ kind: "spread", node: child });
      } else if (item.select.length > 0) {
        node.outputs.push({ kind: "embed", name, node: child });
      }
    }
  }
  return node;
}

function aggregated(node: ReadNode): boolean {
  return node.outputs.some((o) => (o.kind === "column" && o.aggregate) || (o.kind === "spread" && aggregated(o.node)));
}

/** The key of a selected field: its last JSON key, else the column name. */
function outputName(field: Field): string {
  const last = field.json.at(-1);
  return typeof last?.key === "string" ? last.key : field.name;
}

function nodeAt(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const name of path) node = childNamed(node, name);
  return node;
}

function childNamed(node: ReadNode, name: string): ReadNode {
  const child = node.children.find((c) => c.embed?.name === name);
  if (!child) {
    throw REST_ERRORS.notEmbedded(name);
  }
  return child;
}

function condition(node: ReadNode, f: Filter | LogicTree): Condition {
  if (f.type === "logic") {
    return { kind: "logic", op: f.op, negated: f.negated, children: f.children.map((c) => condition(node, c)) };
  }
  const embed = node.relation.columns.has(f.field.name)
    ? undefined
    : node.children.find((c) => c.embed?.name === f.field.name);
  if (!embed) {
    return {
      kind: "op",
      column: columnOf(node.relation, f.field.name),
      json: f.field.json,
      negated: f.negated,
      expr: f.expr,
    };
  }
  const isNullCheck = f.expr.op === "is" && (f.expr.value === "null" || f.expr.value === "not_null");
  if (!isNullCheck || f.field.json.length) {
    throw REST_ERRORS.embedFilterOperator(f.field.name);
  }
  const isNull = (f.expr.op === "is" && f.expr.value === "null") !== f.negated;
  return { kind: "embedNull", embed, isNull };
}

function orderItem(node: ReadNode, t: OrderTerm): OrderItem {
  const base = {
    json: t.field.json,
    ...(t.direction && { direction: t.direction }),
    ...(t.nulls && { nulls: t.nulls }),
  };
  if (t.relation === undefined) return { ...base, column: columnOf(node.relation, t.field.name) };
  const embed = childNamed(node, t.relation);
  if (!embed.embed?.toOne) {
    throw REST_ERRORS.relatedOrderNotToOne(node.relation.name, t.relation);
  }
  return { ...base, column: columnOf(embed.relation, t.field.name), embed };
}
