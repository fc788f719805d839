// Insert/update/delete plans. The RETURNING part, when asked for, is a ReadNode
// over the CTE holding the affected rows (see rest/sql/mutate).

import { REST_ERRORS } from "../errors.js";
import type { Preferences } from "../parse/prefer.js";
import type { ApiQuery } from "../parse/types.js";
import type { Relation } from "../schema/types.js";
import { columnNotFound, parseJsonBody, writeBody } from "./body.js";
import { planRead } from "./read.js";
import type { Condition, MutationPlan, ReadNode } from "./types.js";

export const MUTATION_CTE = "pgrst_source";

export function planInsert(relation: Relation, q: ApiQuery, raw: string, prefs: Preferences): MutationPlan {
  requireWritable(relation, relation.insertable, "insert");
  const body = writeBody(relation, raw, q.columns);
  const plan: MutationPlan = { kind: "insert", relation, body, missingDefault: prefs.missing === "default" };
  if (prefs.resolution) {
    const columns = q.onConflict ?? relation.pk;
    for (const c of columns) if (!relation.columns.has(c)) throw columnNotFound(relation, c);
    if (columns.length === 0) {
      throw REST_ERRORS.noConflictConstraint();
    }
    plan.onConflict = { columns, action: prefs.resolution === "merge-duplicates" ? "update" : "nothing" };
  }
  return plan;
}

/**
 * PUT: upsert of the one row a filter on every primary-key column (`eq`, nothing
 * else) names. Only the first payload row counts; its key must match the URL's,
 * which the statement checks by writing nothing otherwise (PGRST115, see http/write).
 */
export function planPut(relation: Relation, q: ApiQuery, raw: string, maxRows: number): MutationPlan {
  requireWritable(relation, relation.insertable && relation.updatable, "insert");
  if (q.limits.length || q.offsets.length) {
    throw REST_ERRORS.putLimitOffset();
  }
  const where = q.logic.length ? [] : writeConditions(relation, q, maxRows);
  if (!namesOneRowByKey(relation, where)) {
    throw REST_ERRORS.putNeedsPrimaryKey();
  }
  const body = writeBody(relation, firstRow(raw), q.columns);
  if (!relation.pk.every((c) => body.columns.some((col) => col.name === c))) throw payloadKeyMismatch();
  return {
    kind: "insert",
    relation,
    body,
    onConflict: { columns: relation.pk, action: "update" },
    missingDefault: false,
    payloadConditions: where,
  };
}

export function payloadKeyMismatch() {
  return REST_ERRORS.putKeyMismatch();
}

function namesOneRowByKey(relation: Relation, where: Condition[]): boolean {
  const columns = where.map((c) =>
    c.kind === "op" &&
    !c.negated &&
    c.json.length === 0 &&
    c.expr.op === "eq" &&
    !("quantifier" in c.expr && c.expr.quantifier)
      ? c.column.name
      : undefined,
  );
  const pk = relation.pk;
  return (
    pk.length > 0 &&
    columns.length === pk.length &&
    columns.every((c) => c !== undefined) &&
    pk.every((c) => columns.includes(c))
  );
}

/** The first row of an array payload (PostgREST ignores the rest), or the object itself. */
function firstRow(raw: string): string {
  const value = parseJsonBody(raw);
  return Array.isArray(value) ? JSON.stringify(value[0] ?? {}) : raw;
}

export function planUpdate(relation: Relation, q: ApiQuery, raw: string, where: Condition[]): MutationPlan {
  requireWritable(relation, relation.updatable, "update");
  const body = writeBody(relation, raw, q.columns);
  requireFilter("UPDATE", where);
  return { kind: "update", relation, body, conditions: where };
}

export function planDelete(relation: Relation, where: Condition[]): MutationPlan {
  requireWritable(relation, relation.deletable, "delete");
  requireFilter("DELETE", where);
  return { kind: "delete", relation, conditions: where };
}

/** Root conditions of a write come from the same passes as a read's. */
export function writeConditions(relation: Relation, q: ApiQuery, maxRows: number): Condition[] {
  return planRead(relation, { kind: "relation", relation }, { ...q, select: [] }, { maxRows, aggregates: false })
    .conditions;
}

/** What to send back for return=representation: the select over the affected rows. */
export function planReturning(relation: Relation, q: ApiQuery, aggregates: boolean): ReadNode {
  const node = planRead(
    relation,
    { kind: "cte", name: MUTATION_CTE },
    { ...q, filters: [], logic: [] },
    {
      maxRows: Number.MAX_SAFE_INTEGER,
      aggregates,
    },
  );
  delete node.limit;
  return node;
}

/** Supabase loads `safeupdate`: UPDATE/DELETE without WHERE is refused. */
function requireFilter(verb: "UPDATE" | "DELETE", where: Condition[]): void {
  if (where.length === 0) throw REST_ERRORS.writeWithoutFilter(verb);
}

function requireWritable(relation: Relation, ok: boolean, verb: string): void {
  if (!ok) {
    throw REST_ERRORS.viewNotWritable(verb, relation.name);
  }
}
