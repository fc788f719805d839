// A join's `config.postgres_changes` entries: the ids the join reply returns and the
// validation Realtime does when it creates the subscription (table, filter columns
// and values — at most 100 of them in one `in` filter, as Realtime — the role of the
// token). A filter's values are checked against the column type in one query.
import type pg from "pg";
import { type ColumnFilter, FilterParseError, parseFilter } from "./filters.js";
import type { ChangeEvent } from "./subscriptions.js";

export type BindingParams = Record<string, unknown>;

export interface BindingSpec {
  id: number;
  event: ChangeEvent;
  schema: string;
  table: string;
  filters: ColumnFilter[];
}

export class BindingError extends Error {}

/** Realtime's cap on the values of one `in` filter (its subscription_check_filters). */
export const MAX_IN_VALUES = 100;

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The binding's id: a hash of its params in 1..2^27-1 (upstream uses
 * :erlang.phash2(params), same range). realtime-js ignores ids that are 0.
 */
export function bindingId(params: BindingParams): number {
  let hash = 0x811c9dc5;
  for (const ch of stableJson(params)) {
    hash ^= ch.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % (2 ** 27 - 1)) + 1;
}

const EVENTS: ChangeEvent[] = ["*", "INSERT", "UPDATE", "DELETE"];

function describe(p: BindingParams): string {
  return `[event: ${p.event ?? "*"}, schema: ${p.schema ?? "public"}, table: ${p.table ?? "*"}, filter: ${p.filter ?? ""}]`;
}

function unableToSubscribe(p: BindingParams): BindingError {
  return new BindingError(
    `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${describe(p)}`,
  );
}

/** Parses and checks the bindings against the catalog; throws BindingError with the system message. */
export async function resolveBindings(pool: pg.Pool, list: BindingParams[], role: string): Promise<BindingSpec[]> {
  const roleRow = await pool.query("select 1 from pg_roles where rolname = $1", [role]);
  if (roleRow.rows.length === 0) throw new BindingError(`role "${role}" does not exist`);
  const specs: BindingSpec[] = [];
  for (const params of list) {
    const event = String(params.event ?? "*").toUpperCase() as ChangeEvent;
    if (!EVENTS.includes(event)) throw unableToSubscribe(params);
    const schema = typeof params.schema === "string" && params.schema ? params.schema : "public";
    const table = typeof params.table === "string" && params.table ? params.table : "*";
    let filters: ColumnFilter[];
    try {
      filters = parseFilter(typeof params.filter === "string" ? params.filter : undefined);
    } catch (err) {
      if (err instanceof FilterParseError) throw new BindingError(err.message);
      throw err;
    }
    if (table !== "*" || schema !== "*") await checkTarget(pool, params, schema, table, filters);
    specs.push({ id: bindingId(params), event, schema, table, filters });
  }
  return specs;
}

async function checkTarget(
  pool: pg.Pool,
  params: BindingParams,
  schema: string,
  table: string,
  filters: ColumnFilter[],
): Promise<void> {
  if (table === "*") {
    const { rows } = await pool.query("select 1 from pg_namespace where nspname = $1", [schema]);
    if (rows.length === 0 || filters.length > 0) throw unableToSubscribe(params);
    return;
  }
  const { rows } = await pool.query<{ name: string; type: string }>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = $1 and c.relname = $2`,
    [schema, table],
  );
  if (rows.length === 0) throw unableToSubscribe(params);
  for (const f of filters) {
    const column = rows.find((r) => r.name === f.column);
    if (!column) throw new BindingError(`invalid column for filter ${f.column}`);
    if (f.op === "in" && f.values.length > MAX_IN_VALUES) {
      throw new BindingError(`too many values for \`in\` filter. Maximum ${MAX_IN_VALUES}`);
    }
    const invalid = await pool.query<{ value: string }>(
      "select v as value from unnest($1::text[]) with ordinality u(v, n) where not pg_input_is_valid(v, $2) order by n limit 1",
      [f.values, column.type],
    );
    if (invalid.rows.length > 0) {
      const value = invalid.rows[0].value;
      throw new BindingError(
        `invalid filter value ${JSON.stringify(value)} for column ${f.column} of type ${column.type}`,
      );
    }
  }
}
