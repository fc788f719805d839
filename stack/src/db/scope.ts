// The per-request transaction every API service runs in: who is calling (RequestScope)
// becomes the transaction's role, claims and request settings, as PostgREST and
// storage-api set them, so RLS policies written for hosted Supabase behave the same.
import type pg from "pg";
import { pipeline, type Statement } from "./pipeline.js";

/** Who is calling and how: what PostgREST and storage-api put into the session. */
export interface RequestScope {
  role: string;
  claims: Record<string, unknown>;
  /** `claims` as JSON when the caller already has it (REST keeps it per verified token). */
  claimsJson?: string;
  method: string;
  path: string;
  /** Lower-cased request headers. */
  headers: Record<string, string>;
  /** Schemas for search_path (request schema first, then the extra search path). */
  searchPath: string[];
  readOnly?: boolean;
  /** Extra transaction-local settings, e.g. storage.operation. */
  settings?: Record<string, string>;
}

/**
 * Runs `fn` in one transaction as the caller: SET LOCAL ROLE via set_config, the
 * claims and request GUCs PostgREST sets, plus the legacy per-claim settings that
 * auth.uid() and storage policies read. `rollback` ends with ROLLBACK instead of
 * COMMIT (Prefer: tx=rollback, permission probes).
 */
export async function withScope<T>(
  pool: pg.Pool,
  scope: RequestScope,
  fn: (client: pg.PoolClient) => Promise<T>,
  options: { rollback?: boolean } = {},
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    // BEGIN and the settings in one round trip; the Sync does not end an explicit transaction.
    await pipeline(client, [{ text: scope.readOnly ? "begin read only" : "begin", values: [] }, scopeSettings(scope)]);
    const result = await fn(client);
    await client.query(options.rollback ? "rollback" : "commit");
    return result;
  } catch (err) {
    try {
      await client.query("rollback");
    } catch {
      broken = true;
    }
    throw err;
  } finally {
    client.release(broken);
  }
}

/** The settings every scope makes, in the order of their values ($1…$8, $2 twice). */
const SCOPE_SETTINGS = [
  "set_config('search_path', $1, true)",
  "set_config('role', $2, true)",
  "set_config('request.jwt.claims', $3, true)",
  "set_config('request.jwt.claim.role', $2, true)",
  "set_config('request.jwt.claim.sub', $4, true)",
  "set_config('request.jwt.claim.email', $5, true)",
  "set_config('request.method', $6, true)",
  "set_config('request.path', $7, true)",
  "set_config('request.headers', $8, true)",
];
const SCOPE_VALUES = 8;

/**
 * The settings statement's text by its shape (how many extra settings, read only or
 * not): built once, so each request's lookup of its prepared statement finds the same
 * string instead of hashing and comparing a new one. Its one row has no columns: the
 * values just set (the caller's headers and claims among them) are not sent back.
 */
const scopeTexts = new Map<string, string>();

function scopeText(extra: number, readOnly: boolean): string {
  const shape = `${extra}:${readOnly}`;
  let text = scopeTexts.get(shape);
  if (text === undefined) {
    const parts = [...SCOPE_SETTINGS];
    for (let i = 0; i < extra; i++) {
      const n = SCOPE_VALUES + 2 * i + 1;
      parts.push(`set_config($${n}, $${n + 1}, true)`);
    }
    if (readOnly) parts.push("set_config('transaction_read_only', 'on', true)");
    // A subquery whose outputs are volatile is neither pulled up nor pruned: every call runs, in order.
    text = `select from (select ${parts.join(", ")}) pgrst_scope`;
    scopeTexts.set(shape, text);
  }
  return text;
}

/**
 * The one statement that makes a transaction the caller's: SET LOCAL ROLE via
 * set_config, the claims and request GUCs PostgREST sets, plus the legacy per-claim
 * settings that auth.uid() and storage policies read. `readOnly` also sets the
 * transaction read only (for transactions not opened by BEGIN READ ONLY). Its text
 * depends only on which settings there are: prepared once per connection, and its
 * result is not read.
 */
function scopeSettings(scope: RequestScope, options: { readOnly?: boolean } = {}): Statement {
  const claims = scope.claimsJson ?? JSON.stringify(scope.claims);
  const sub = typeof scope.claims.sub === "string" ? scope.claims.sub : "";
  const email = typeof scope.claims.email === "string" ? scope.claims.email : "";
  const values: string[] = [
    scope.searchPath.map((s) => `"${s.replaceAll('"', '""')}"`).join(", "),
    scope.role,
    claims,
    sub,
    email,
    scope.method,
    scope.path,
    JSON.stringify(scope.headers),
  ];
  let extra = 0;
  if (scope.settings) {
    for (const key in scope.settings) {
      values.push(key, scope.settings[key]);
      extra++;
    }
  }
  return { text: scopeText(extra, options.readOnly === true), values, prepare: true, discard: true };
}

/**
 * One read-only statement as the caller (see withScope), in a single round trip:
 * the scope's settings and the statement are pipelined in one transaction.
 */
export async function readInScope(
  pool: pg.Pool,
  scope: RequestScope,
  statement: Statement,
): Promise<Record<string, unknown>[]> {
  const client = await pool.connect();
  let broken = false;
  try {
    const [, rows] = await pipeline(client, [scopeSettings(scope, { readOnly: true }), statement]);
    return rows;
  } catch (err) {
    // A server error leaves the connection ready (the Sync ended the transaction);
    // anything else may have left it mid-protocol.
    broken = !(err instanceof Error && "severity" in err);
    throw err;
  } finally {
    client.release(broken);
  }
}
