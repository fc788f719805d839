// REST errors with PostgREST's body {code, message, details, hint}, and the
// SQLSTATE → HTTP status mapping of PostgREST's Error.hs.
import type pg from "pg";
import { restError, type ServiceError } from "../shared/errors.js";
import type { RequestFault } from "../shared/requestFaults.js";
import { raisedPgrst } from "./raise-pgrst.js";

export { restError };

export function pgrst(
  status: number,
  code: string,
  message: string,
  details: unknown = null,
  hint: string | null = null,
): ServiceError {
  return restError(status, code, message, details, hint);
}

/**
 * A request fault (shared/requestFaults) as PostgREST words it. PostgREST itself has
 * no body limit; its one way to answer 413 is the PT413 convention, used here.
 */
export function restRequestFault(fault: RequestFault): ServiceError {
  switch (fault.kind) {
    case "body_too_large":
      return restError(413, "PT413", "Payload Too Large", fault.message);
    case "invalid_json":
    case "json_too_deep":
      return restError(400, "PGRST102", "Empty or invalid json", fault.message);
    default:
      return restError(400, "PGRST100", fault.message);
  }
}

/** PGRST100 from a parse failure. */
export function badQuery(message: string, details: string | null): ServiceError {
  return restError(400, "PGRST100", message, details);
}

/** HTTP status for a Postgres error, as PostgREST maps it. */
export function statusForSqlState(code: string, message: string, anonymous: boolean): number {
  if (code === "23503" || code === "23505") return 409;
  if (code === "42501") return anonymous ? 401 : 403;
  if (code === "42P01" || code === "42883") return 404;
  if (code === "42P17") return 500;
  if (code === "25006") return 405;
  if (code === "21000") return message.endsWith("requires a WHERE clause") ? 400 : 500;
  if (code === "22023" && /^role .* does not exist$/.test(message)) return 401;
  if (code === "P0001") return 400;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code.startsWith("P0")) return 500;
  if (code.startsWith("08") || code.startsWith("53") || code === "57P01") return code === "53400" ? 500 : 503;
  if (["0L", "0P", "28"].some((p) => code.startsWith(p))) return 403;
  if (["25", "2D", "38", "39", "3B", "40", "54", "55", "57", "58", "F0", "HV", "XX"].some((p) => code.startsWith(p)))
    return 500;
  return 400;
}

/** A Postgres error as the client sees it. */
export function fromPgError(err: pg.DatabaseError, anonymous: boolean): ServiceError {
  const code = err.code ?? "XX000";
  if (code === "PGRST") return raisedPgrst(err);
  const status = statusForSqlState(code, err.message, anonymous);
  const headers: Record<string, string> = status === 401 ? { "www-authenticate": "Bearer" } : {};
  return restError(status, code, err.message, err.detail ?? null, err.hint ?? null, headers);
}

export function isPgError(err: unknown): err is pg.DatabaseError {
  return typeof err === "object" && err !== null && "code" in err && "severity" in err;
}
