// `RAISE SQLSTATE 'PGRST'`: a function takes over the HTTP error response. MESSAGE
// is a JSON object {code, message, details?, hint?} (the body), DETAIL a JSON object
// {status, status_text?, headers} (status and headers). Anything else is PostgREST's
// PGRST121, a 500 naming what could not be read.
import type pg from "pg";
import { restError, type ServiceError } from "../shared/errors.js";

const MESSAGE_HINT =
  "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.";
const DETAIL_HINT =
  "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";

function unreadable(details: string, hint: string): ServiceError {
  return restError(500, "PGRST121", "Could not parse JSON in the RAISE SQLSTATE 'PGRST' error", details, hint);
}

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
export function raisedPgrst(err: pg.DatabaseError): ServiceError {
  const message = readMessage(err.message);
  if (!message) return unreadable(`Invalid JSON value for MESSAGE: '${err.message}'`, MESSAGE_HINT);
  if (err.detail === undefined) return unreadable("DETAIL is missing in the RAISE statement", DETAIL_HINT);
  const detail = readDetail(err.detail);
  if (!detail) return unreadable(`Invalid JSON value for DETAIL: '${err.detail}'`, DETAIL_HINT);
  return restError(detail.status, message.code, message.message, message.details, message.hint, detail.headers);
}
