// Postgres errors as PostgREST answers them: the SQLSTATE → HTTP status mapping of
// its Error.hs, and `RAISE SQLSTATE 'PGRST'`, where a function takes over the HTTP
// error response. For the latter MESSAGE is a JSON object {code, message, details?,
// hint?} (the body), DETAIL a JSON object {status, status_text?, headers} (status and
// headers); anything else is PGRST121, a 500 naming what could not be read.
import type pg from "pg";
import type { ServiceError } from "../shared/errors.js";
import { REST_ERRORS, restError } from "./errors.js";

const MESSAGE_HINT =
  "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.";
const DETAIL_HINT =
  "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const isOptionalText = (v: unknown) => v === undefined || v === null || typeof v === "string";

function readMessage(text: string) {
  const m = parseObject(text);
  if (
    !m ||
    typeof m.code !== "string" ||
    typeof m.message !== "string" ||
    !isOptionalText(m.details) ||
    !isOptionalText(m.hint)
  )
    return undefined;
  return {
    code: m.code,
    message: m.message,
    details: (m.details as string | undefined) ?? null,
    hint: (m.hint as string | undefined) ?? null,
  };
}

function readDetail(text: string) {
  const d = parseObject(text);
  if (!d || !Number.isInteger(d.status) || !isOptionalText(d.status_text)) return undefined;
  const headers = d.headers;
  if (typeof headers !== "object" || headers === null || Array.isArray(headers)) return undefined;
  if (!Object.values(headers).every((v) => typeof v === "string")) return undefined;
  return { status: d.status as number, headers: headers as Record<string, string> };
}

/** The response a `RAISE SQLSTATE 'PGRST'` asks for. */
function raisedPgrst(err: pg.DatabaseError): ServiceError {
  const message = readMessage(err.message);
  if (!message) return REST_ERRORS.raisedUnreadable(`Invalid JSON value for MESSAGE: '${err.message}'`, MESSAGE_HINT);
  if (err.detail === undefined)
    return REST_ERRORS.raisedUnreadable("DETAIL is missing in the RAISE statement", DETAIL_HINT);
  const detail = readDetail(err.detail);
  if (!detail) return REST_ERRORS.raisedUnreadable(`Invalid JSON value for DETAIL: '${err.detail}'`, DETAIL_HINT);
  return restError(detail.status, message.code, message.message, message.details, message.hint, detail.headers);
}

/** HTTP status for a Postgres error, as PostgREST maps it. */
function statusForSqlState(code: string, message: string, anonymous: boolean): number {
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
