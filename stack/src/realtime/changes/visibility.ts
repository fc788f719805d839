// Row-level security for postgres_changes: which of several committed rows of one
// table may each subscriber (role + claims) select? One round trip for all rows and
// all subscribers (realtime.stack_visible_rows, base file 42): the rows are looked
// up by primary key after commit, as the subscriber, so SELECT policies decide.
import type pg from "pg";
import { quoteIdent, quoteQualified } from "../../shared/sql.js";
import type { RelationInfo } from "./relations.js";

export interface Viewer {
  role: string;
  claimsJson: string;
}

/**
 * `select array_agg(ordinal) from jsonb_array_elements($1) … where exists (select 1
 * from "s"."t" where "id" = (row->>0)::bigint …)`: $1 holds each row's key values.
 */
export function visibleRowsSql(rel: RelationInfo): string {
  const match = rel.primaryKey
    .map((column, i) => {
      const type = rel.columns.find((c) => c.name === column)?.sqlType ?? "text";
      return `${quoteIdent(column)} = (k.key ->> ${i})::${type}`;
    })
    .join(" and ");
  return (
    "select coalesce(array_agg(k.ordinal::int), '{}') from jsonb_array_elements($1::jsonb) with ordinality k(key, ordinal) " +
    `where exists (select 1 from ${quoteQualified(rel.schema, rel.table)} where ${match})`
  );
}

async function check(pool: pg.Pool, rel: RelationInfo, keys: string, viewers: Viewer[], xids: number[]) {
  const { rows } = await pool.query<{ visible: number[][] }>(
    "select realtime.stack_visible_rows($1, $2, $3, $4, $5) as visible",
    [visibleRowsSql(rel), keys, viewers.map((v) => v.role), viewers.map((v) => v.claimsJson), xids],
  );
  return rows[0].visible;
}

/**
 * For each viewer, the indexes (into `keyRows`) of the rows it may see; `xids` are
 * the transactions that wrote the rows (the check waits until they are visible).
 */
export async function visibleRows(
  pool: pg.Pool,
  rel: RelationInfo,
  keyRows: Array<Array<string | null>>,
  xids: number[],
  viewers: Viewer[],
): Promise<Array<Set<number>>> {
  const result = viewers.map(() => new Set<number>());
  if (viewers.length === 0 || keyRows.length === 0) return result;
  // Grouped by role, the prepared check keeps one plan while the role stays the same.
  const order = viewers.map((_, i) => i).sort((a, b) => (viewers[a].role < viewers[b].role ? -1 : 1));
  const keys = JSON.stringify(keyRows);
  const sorted = order.map((i) => viewers[i]);
  let visible: number[][];
  try {
    visible = await check(pool, rel, keys, sorted, xids);
  } catch {
    // One subscriber's claims can break a policy (a bad cast): check each alone so
    // that only that subscriber misses the rows.
    visible = await Promise.all(
      sorted.map((v) =>
        check(pool, rel, keys, [v], xids).then(
          (r) => r[0],
          () => [],
        ),
      ),
    );
  }
  order.forEach((viewerIndex, position) => {
    for (const ordinal of visible[position] ?? []) result[viewerIndex].add(ordinal - 1);
  });
  return result;
}
