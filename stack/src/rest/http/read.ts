// GET/HEAD on a table or view, and the shared "run a read, shape the response"
// step that RPC results use too. Compiled reads are cached per URL.
import type pg from "pg";
import { readInScope, withScope } from "../../db/scope.js";
import { REST_ERRORS } from "../errors.js";
import { closestMatch, SUGGESTION_MIN_SCORE } from "../fuzzy.js";
import { parseQuery } from "../parse/query.js";
import { planRead } from "../plan/read.js";
import type { Output, ReadNode } from "../plan/types.js";
import { qualifiedKey, type Relation, type SchemaCache } from "../schema/types.js";
import { countSql, readSql, SqlBuilder, type SqlQuery } from "../sql/index.js";
import type { RestRequest, RestResponse } from "./context.js";
import { readLimits, scopeFor } from "./context.js";
import { explainResponse } from "./explain.js";
import { CONTENT_TYPES, mediaOf } from "./negotiate.js";
import { contentRange, csvHeader, preferenceApplied, readStatus, requireSingleRow, unwrapSingle } from "./respond.js";
import { gucsOf, type ResponseGucs } from "./response-gucs.js";

interface CompiledRead {
  main: SqlQuery;
  /**
   * The statement whose plan estimate is the total: always for count=planned; for
   * count=estimated only once the exact count (limited to max_rows + 1) exceeds `above`.
   */
  planned?: { query: SqlQuery; above?: number };
  offset: number;
  names: string[];
}

export interface ReadResult {
  total: number | null;
  page: number;
  body: string;
  gucs?: ResponseGucs;
}

export function findRelation(cache: SchemaCache, schema: string, name: string): Relation {
  const relation = cache.relations.get(qualifiedKey(schema, name));
  if (relation) return relation;
  const names = [...cache.relations.values()].filter((r) => r.schema === schema).map((r) => r.name);
  const similar = closestMatch(names, name, SUGGESTION_MIN_SCORE);
  throw REST_ERRORS.noTable(`${schema}.${name}`, similar, schema);
}

export function outputNames(node: ReadNode): string[] {
  return node.outputs.flatMap((o: Output) => (o.kind === "spread" ? outputNames(o.node) : [o.name]));
}

export function compileRead(
  node: ReadNode,
  r: RestRequest,
  extra: { with?: (b: SqlBuilder) => string; scalar?: string } = {},
): CompiledRead {
  const b = new SqlBuilder();
  const withSql = extra.with?.(b);
  const countMode = r.prefs.count;
  const maxRows = r.cache.settings.maxRows;
  // As PostgREST: estimated counts exactly up to max_rows, beyond that the planner's
  // estimate stands in. Reads from a CTE (RPC) have no plan to ask: exact only.
  const plannable = !withSql && (countMode === "planned" || (countMode === "estimated" && maxRows > 0));
  const text = readSql(b, node, {
    ...((countMode === "exact" || countMode === "estimated") && {
      count: plannable ? { limit: maxRows + 1 } : {},
    }),
    csv: r.media === "csv",
    stripNulls: r.stripNulls,
    ...(extra.scalar && { scalar: extra.scalar }),
    ...(withSql && { with: withSql }),
  });
  const compiled: CompiledRead = {
    main: { text, values: b.values },
    offset: node.offset ?? 0,
    names: outputNames(node),
  };
  if (plannable) {
    const pb = new SqlBuilder();
    const query = { text: `explain (format json) ${countSql(pb, node)}`, values: pb.values };
    compiled.planned = countMode === "planned" ? { query } : { query, above: maxRows };
  }
  return compiled;
}

export async function runRead(client: pg.PoolClient, compiled: CompiledRead): Promise<ReadResult> {
  const { rows } = await client.query(compiled.main.text, compiled.main.values);
  const row = rows[0];
  let { total } = resultOf(row);
  const planned = compiled.planned;
  if (planned && (planned.above === undefined || (total ?? 0) > planned.above)) {
    const plan = await client.query(planned.query.text, planned.query.values);
    const json = plan.rows[0]["QUERY PLAN"];
    const estimate = Math.round(Number((typeof json === "string" ? JSON.parse(json) : json)[0].Plan["Plan Rows"]));
    // An estimate below what was counted exactly would be plainly wrong.
    total = planned.above === undefined ? estimate : Math.max(total ?? 0, estimate);
  }
  return { ...resultOf(row), total };
}

/** The row every read statement returns: total, page (rows returned), body and response settings. */
function resultOf(row: Record<string, unknown>): ReadResult {
  const gucs = gucsOf(row);
  return {
    total: row.total === null ? null : Number(row.total),
    page: Number(row.page),
    body: row.body as string,
    ...(gucs && { gucs }),
  };
}

/** A read result as the HTTP response PostgREST would send. */
export function readResponse(
  r: RestRequest,
  compiled: CompiledRead,
  result: ReadResult,
  options: { singleValue?: boolean } = {},
): RestResponse {
  const headers: Record<string, string> = { "content-type": CONTENT_TYPES[mediaOf(r)] };
  let body: string;
  if (r.media === "object") {
    requireSingleRow(result.page);
    body = unwrapSingle(result.body);
  } else if (r.media === "csv") {
    body = `${csvHeader(compiled.names)}\n${result.body}`;
  } else {
    body = options.singleValue ? unwrapSingle(result.body) : result.body;
  }
  const status = readStatus(compiled.offset, result.page, result.total);
  headers["content-range"] = contentRange(compiled.offset, result.page, result.total);
  const applied = preferenceApplied(r.prefs, ["params", "count"]);
  if (applied) headers["preference-applied"] = applied;
  return { status, headers, body: r.method === "HEAD" ? "" : body, ...(result.gucs && { gucs: result.gucs }) };
}

const PLAN_CACHE_LIMIT = 1000;

/** Compiled reads by request (one per REST service, built with it), the oldest dropped past the limit. */
export class ReadPlanCache {
  private readonly plans = new Map<string, CompiledRead>();

  get(key: string): CompiledRead | undefined {
    return this.plans.get(key);
  }

  set(key: string, compiled: CompiledRead): void {
    if (this.plans.size >= PLAN_CACHE_LIMIT) this.plans.delete(this.plans.keys().next().value as string);
    this.plans.set(key, compiled);
  }

  get size(): number {
    return this.plans.size;
  }
}

export async function handleTableRead(r: RestRequest, name: string, planCache: ReadPlanCache): Promise<RestResponse> {
  const key = `${r.cache.version}\u0000${r.schema}\u0000${name}\u0000${r.media}\u0000${r.prefs.count}\u0000${r.stripNulls}\u0000${JSON.stringify(r.range)}\u0000${r.query}`;
  let compiled = planCache.get(key);
  if (!compiled) {
    const relation = findRelation(r.cache, r.schema, name);
    const node = planRead(relation, { kind: "relation", relation }, parseQuery(r.query), readLimits(r));
    compiled = compileRead(node, r);
    planCache.set(key, compiled);
  }
  const plan = compiled;
  if (r.media === "plan") return explainResponse(r, plan.main, true);
  const scope = scopeFor(r, true);
  // Without a planner estimate to ask for, the read is one statement: one round trip.
  // Its result columns are always (total, page, body), so it can be prepared.
  const result = plan.planned
    ? await withScope(r.ctx.db.api, scope, (client) => runRead(client, plan))
    : resultOf((await readInScope(r.ctx.db.api, scope, { ...plan.main, prepare: true }))[0]);
  return readResponse(r, plan, result);
}
