// Row-level security for postgres_changes: may each subscriber (role + claims) select
// the committed row? One round trip per change for every subscriber at once
// (realtime.stack_rows_visible, base file 41), the row looked up by its primary key.
import type pg from "pg";
import { quoteIdent, quoteQualified } from "../../shared/sql.js";
import type { RelationInfo } from "./relations.js";

export interface Viewer {
  role: string;
  claimsJson: string;
}

/** `select exists (select 1 from "s"."t" where "id" = $1 …)`, prepared by the SQL function. */
export function rowExistsSql(rel: RelationInfo): string {
  const where = rel.primaryKey.map((column, i) => `${quoteIdent(column)} = $${i + 1}`).join(" and ");
  return `select exists (select 1 from ${quoteQualified(rel.schema, rel.table)} where ${where})`;
}

/** Which viewers see the row whose key columns hold `keyValues` (Postgres text). */
export async function visibleTo(
  pool: pg.Pool,
  rel: RelationInfo,
  keyValues: Array<string | null>,
  viewers: Viewer[],
): Promise<boolean[]> {
  if (viewers.length === 0) return [];
  // Grouped by role, the prepared check keeps one plan while the role stays the same.
  const order = viewers.map((_, i) => i).sort((a, b) => (viewers[a].role < viewers[b].role ? -1 : 1));
  const { rows } = await pool.query<{ visible: boolean[] }>(
    "select realtime.stack_rows_visible($1, $2, $3, $4) as visible",
    [rowExistsSql(rel), keyValues, order.map((i) => viewers[i].role), order.map((i) => viewers[i].claimsJson)],
  );
  const result = new Array<boolean>(viewers.length).fill(false);
  order.forEach((viewerIndex, position) => {
    result[viewerIndex] = rows[0].visible[position] === true;
  });
  return result;
}
