// PostgREST's in-database configuration: `alter role authenticator [in database d]
// set pgrst.<name> = '<value>'` overrides what config.toml says (a database-specific
// setting wins over the role-wide one), and is read again with the schema cache, on
// `NOTIFY pgrst, 'reload config'` as on 'reload schema'.
import type pg from "pg";
import type { StackConfig } from "../../config/index.js";

type TxEnd = "commit" | "commit-allow-override" | "rollback" | "rollback-allow-override";

/**
 * The settings the REST service honours. Others PostgREST knows (JWT, CORS, server
 * timing, pre-request…) have no effect here: the gateway and auth own those concerns.
 */
export interface RestSettings {
  schemas: string[];
  extraSearchPath: string[];
  maxRows: number;
  aggregatesEnabled: boolean;
  /** `Accept: application/vnd.pgrst.plan` answers with EXPLAIN output. */
  planEnabled: boolean;
  txEnd: TxEnd;
  /** `disabled` answers the root endpoint with PGRST126. */
  openapiMode: string;
}

const SETTINGS_SQL = `
with role_setting as (
  select setdatabase as database, unnest(setconfig) as setting
  from pg_catalog.pg_db_role_setting
  where setrole = (select oid from pg_roles where rolname = 'authenticator')
    and setdatabase in (0, (select oid from pg_database where datname = current_database()))
), kv as (
  select database, substr(setting, 1, strpos(setting, '=') - 1) as k, substr(setting, strpos(setting, '=') + 1) as v
  from role_setting
)
select distinct on (k) substr(k, 7) as key, v as value
from kv
where k like 'pgrst.%' and v is not null
order by k, database desc nulls last`;

const TX_ENDS: TxEnd[] = ["commit", "commit-allow-override", "rollback", "rollback-allow-override"];

/** PostgREST's list syntax: comma-separated, spaces around items ignored. */
function list(value: string): string[] {
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  return /^(true|on|yes|1)$/i.test(value.trim());
}

export function settingsFrom(
  all: Map<string, string>,
  api: Pick<StackConfig["api"], "schemas" | "extra_search_path" | "max_rows">,
): RestSettings {
  const maxRows = Number(all.get("db_max_rows"));
  const txEnd = all.get("db_tx_end") as TxEnd | undefined;
  const schemas = all.has("db_schemas") ? list(all.get("db_schemas") as string) : [];
  return {
    schemas: schemas.length ? schemas : api.schemas,
    extraSearchPath: all.has("db_extra_search_path")
      ? list(all.get("db_extra_search_path") as string)
      : api.extra_search_path,
    maxRows: Number.isInteger(maxRows) && maxRows > 0 ? maxRows : api.max_rows,
    aggregatesEnabled: bool(all.get("db_aggregates_enabled"), false),
    planEnabled: bool(all.get("db_plan_enabled"), false),
    txEnd: txEnd && TX_ENDS.includes(txEnd) ? txEnd : "commit",
    openapiMode: all.get("openapi_mode")?.trim() ?? "follow-privileges",
  };
}

export async function loadSettings(db: pg.Pool | pg.ClientBase, api: StackConfig["api"]): Promise<RestSettings> {
  const { rows } = await db.query<{ key: string; value: string }>(SETTINGS_SQL);
  return settingsFrom(new Map(rows.map((r) => [r.key, r.value])), api);
}

/** Whether the transaction ends in a rollback, given an allowed `Prefer: tx=…` and db_tx_end. */
export function rollsBack(settings: RestSettings, preferred: "commit" | "rollback" | undefined): boolean {
  // `preferred` is only set where db_tx_end allows the override (http/routes).
  if (preferred) return preferred === "rollback";
  return settings.txEnd.startsWith("rollback");
}
