// Row-level security for postgres_changes: which of several committed rows of one
// table may each subscriber (role + claims) select? One round trip for all rows and
// all subscribers. A row is judged as it was committed: its image from the WAL goes
// through the subscriber's SELECT policies (realtime.stack_visible, base 57), so a
// row deleted or changed since still reaches those who could see it. Only an image
// missing a value (an unchanged TOASTed column) is looked up by primary key after
// commit, as the subscriber (the same function with the lookup's statement).
import type pg from "pg";
import { quoteIdent, quoteQualified } from "../../shared/sql.js";
import type { RelationInfo } from "./relations.js";

export interface Viewer {
  role: string;
  claimsJson: string;
}

/**
 * `select array_agg(ordinal) from jsonb_array_elements($1) … where (select true from
 * "s"."t" where "id" = (key->>0)::bigint …)`: $1 holds each row's key values. The
 * lookup is a scalar subquery so that it stays one primary-key probe per row: as a
 * join, a generic plan may hash the whole table (and run its policy on every row).
 */
function visibleRowsSql(rel: RelationInfo): string {
  const match = rel.primaryKey
    .map((column, i) => {
      const type = rel.columns.find((c) => c.name === column)?.sqlType ?? "text";
      return `${quoteIdent(column)} = (k.key ->> ${i})::${type}`;
    })
    .join(" and ");
  return (
    "select coalesce(array_agg(k.ordinal::int), '{}') from jsonb_array_elements($1::jsonb) with ordinality k(key, ordinal) " +
    `where (select true from ${quoteQualified(rel.schema, rel.table)} where ${match})`
  );
}

/** Claims JSON → its sub and email, parsed once per claim set (bounded: cleared when full). */
const legacyClaims = new Map<string, { sub: string; email: string }>();
const LEGACY_CLAIMS_CACHED = 10_000;

/** The claim values the legacy `request.jwt.claim.*` settings carry ('' when absent). */
function claimText(claimsJson: string, name: "sub" | "email"): string {
  let parsed = legacyClaims.get(claimsJson);
  if (!parsed) {
    const claims = JSON.parse(claimsJson) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === "string" ? value : "");
    parsed = { sub: text(claims.sub), email: text(claims.email) };
    if (legacyClaims.size >= LEGACY_CLAIMS_CACHED) legacyClaims.clear();
    legacyClaims.set(claimsJson, parsed);
  }
  return parsed[name];
}

/** Rows as keys (looked up after commit) or as committed images (judged as they are). */
type Rows = { keys: string } | { images: string };

/** Ordinals (1-based, into the rows) of the rows each viewer may see; viewers that see none are absent. */
async function check(pool: pg.Pool, rel: RelationInfo, rows: Rows, viewers: Viewer[], xids: number[]) {
  const { rows: found } = await pool.query<{ viewer: number; ordinals: number[] }>(
    "select viewer, ordinals from realtime.stack_visible($1, $2, $3, $4, $5, $6, $7, $8)",
    [
      "keys" in rows ? visibleRowsSql(rel) : null,
      rel.oid,
      "keys" in rows ? rows.keys : rows.images,
      xids,
      viewers.map((v) => v.role),
      viewers.map((v) => v.claimsJson),
      viewers.map((v) => claimText(v.claimsJson, "sub")),
      viewers.map((v) => claimText(v.claimsJson, "email")),
    ],
  );
  const visible: number[][] = viewers.map(() => []);
  for (const row of found) visible[row.viewer - 1] = row.ordinals;
  return visible;
}

/** Viewers per call at least before the check is split over two connections. */
const MIN_VIEWERS_PER_CALL = 32;
/** Calls one check runs at once: Postgres checks the groups on separate cores. */
const PARALLEL_CALLS = 2;

/** Consecutive groups (role order kept, so each group keeps one plan per role). */
function split<T>(items: T[]): T[][] {
  const calls = Math.min(PARALLEL_CALLS, Math.max(1, Math.floor(items.length / MIN_VIEWERS_PER_CALL)));
  const size = Math.ceil(items.length / calls);
  return Array.from({ length: calls }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/** One group's check; when it fails, each viewer alone, so that one bad claim hides rows from that viewer only. */
async function checkGroup(pool: pg.Pool, rel: RelationInfo, rows: Rows, viewers: Viewer[], xids: number[]) {
  try {
    return await check(pool, rel, rows, viewers, xids);
  } catch {
    // One subscriber's claims can break a policy (a bad cast).
    return Promise.all(
      viewers.map((v) =>
        check(pool, rel, rows, [v], xids).then(
          (r) => r[0],
          () => [],
        ),
      ),
    );
  }
}

/** A committed row: column → Postgres text (undefined: an unchanged TOAST value, not sent). */
type RowImage = Record<string, string | null | undefined>;

/** Whether the image holds every stored column, so the policies can be run on it alone. */
function isComplete(rel: RelationInfo, row: RowImage): boolean {
  return rel.columns.every((c) => c.generated || row[c.name] !== undefined);
}

/**
 * For each viewer, the indexes (into `rows`) of the committed rows it may see; `xids`
 * are the transactions that wrote them (the check waits until they are visible).
 */
export async function visibleRows(
  pool: pg.Pool,
  rel: RelationInfo,
  rows: RowImage[],
  xids: number[],
  viewers: Viewer[],
): Promise<Array<Set<number>>> {
  const result = viewers.map(() => new Set<number>());
  if (viewers.length === 0 || rows.length === 0) return result;
  const whole = rows.flatMap((row, i) => (isComplete(rel, row) ? [i] : []));
  const partial = rows.flatMap((row, i) => (isComplete(rel, row) ? [] : [i]));
  const parts: Array<{ indexes: number[]; rows: Rows }> = [];
  if (whole.length > 0) parts.push({ indexes: whole, rows: { images: JSON.stringify(whole.map((i) => rows[i])) } });
  if (partial.length > 0) {
    const keys = partial.map((i) => rel.primaryKey.map((c) => rows[i][c] ?? null));
    parts.push({ indexes: partial, rows: { keys: JSON.stringify(keys) } });
  }
  for (const part of parts) {
    const seen = await visibleIn(pool, rel, part.rows, xids, viewers);
    seen.forEach((ordinals, viewer) => {
      for (const ordinal of ordinals) result[viewer].add(part.indexes[ordinal]);
    });
  }
  return result;
}

/** One kind of rows for all viewers: for each viewer, the 0-based positions it may see. */
async function visibleIn(
  pool: pg.Pool,
  rel: RelationInfo,
  rows: Rows,
  xids: number[],
  viewers: Viewer[],
): Promise<Array<Set<number>>> {
  const result = viewers.map(() => new Set<number>());
  // Grouped by role, the prepared check keeps one plan while the role stays the same. A
  // three-way compare (equal roles are 0, so the stable sort keeps their order) without
  // localeCompare's collation cost: this runs per change for every subscriber.
  const role = (i: number) => viewers[i].role;
  const order = viewers.map((_, i) => i).sort((a, b) => (role(a) < role(b) ? -1 : role(a) > role(b) ? 1 : 0));
  const groups = split(order.map((i) => viewers[i]));
  const visible = (await Promise.all(groups.map((g) => checkGroup(pool, rel, rows, g, xids)))).flat();
  order.forEach((viewerIndex, position) => {
    for (const ordinal of visible[position] ?? []) result[viewerIndex].add(ordinal - 1);
  });
  return result;
}
