// Insert/update/delete plans. The RETURNING part, when asked for, is a ReadNode
// over the CTE holding the affected rows (see rest/sql/mutate).

import { pgrst } from "../errors.js";
import type { Preferences } from "../parse/prefer.js";
import type { ApiQuery } from "../parse/types.js";
import type { Relation } from "../schema/types.js";
import { columnNotFound, writeBody } from "./body.js";
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
      throw pgrst(400, "42P10", "there is no unique or exclusion constraint matching the ON CONFLICT specification");
    }
    plan.onConflict = { columns, action: prefs.resolution === "merge-duplicates" ? "update" : "nothing" };
  }
  return plan;
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
  return planRead(relation, { kind: "relation", relation }, { ...q, select: [] }, { maxRows }).conditions;
}

/** What to send back for return=representation: the select over the affected rows. */
export function planReturning(relation: Relation, q: ApiQuery): ReadNode {
  const node = planRead(
    relation,
    { kind: "cte", name: MUTATION_CTE },
    { ...q, filters: [], logic: [] },
    {
      maxRows: Number.MAX_SAFE_INTEGER,
    },
  );
  delete node.limit;
  return node;
}

/** Supabase loads `safeupdate`: UPDATE/DELETE without WHERE is refused. */
function requireFilter(verb: "UPDATE" | "DELETE", where: Condition[]): void {
  if (where.length === 0) throw pgrst(400, "21000", `${verb} requires a WHERE clause`);
}

function requireWritable(relation: Relation, ok: boolean, verb: string): void {
  if (!ok) {
    throw pgrst(405, "55000", `cannot ${verb} into view "${relation.name}"`);
  }
}
