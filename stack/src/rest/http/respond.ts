// Status codes, Content-Range and Preference-Applied, as PostgREST computes them.

import { REST_ERRORS } from "../errors.js";
import type { Preferences } from "../parse/prefer.js";

// `0-9/57` or `0-9/*`; the range part is `*` when nothing was returned.
export function contentRange(offset: number, page: number, total: number | null): string {
  const range = page === 0 || total === 0 ? "*" : `${offset}-${offset + page - 1}`;
  return `${range}/${total ?? "*"}`;
}

/** 200, 206 (a counted partial page) or 416 (offset past the end). */
export function readStatus(offset: number, page: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total) {
    throw REST_ERRORS.rangeNotSatisfiable(`An offset of ${offset} was requested, but there are only ${total} rows.`);
  }
  return page < total ? 206 : 200;
}

/** 406 unless exactly one row: singular responses (`Accept: vnd.pgrst.object`). */
export function requireSingleRow(page: number): void {
  if (page !== 1) {
    throw REST_ERRORS.notSingular(page);
  }
}

/** The one object of a one-element JSON array text, without re-serialising it. */
export function unwrapSingle(body: string): string {
  const trimmed = body.trim();
  return trimmed === "[]" ? "null" : trimmed.slice(1, -1).trim();
}

const ECHOED: [keyof Preferences, string][] = [
  ["resolution", "resolution"],
  ["missing", "missing"],
  ["return", "return"],
  ["params", "params"],
  ["count", "count"],
  ["tx", "tx"],
  ["handling", "handling"],
  ["timezone", "timezone"],
  ["maxAffected", "max-affected"],
];

/** The preferences that were honoured, for `Preference-Applied`. */
export function preferenceApplied(prefs: Preferences, honoured: (keyof Preferences)[]): string | undefined {
  const items = ECHOED.filter(([k]) => honoured.includes(k) && prefs[k] !== undefined).map(
    ([k, name]) => `${name}=${prefs[k]}`,
  );
  return items.length ? items.join(", ") : undefined;
}

/** Fails the request under handling=strict when max-affected is exceeded. */
export function checkMaxAffected(prefs: Preferences, affected: number): void {
  if (prefs.handling === "strict" && prefs.maxAffected !== undefined && affected > prefs.maxAffected) {
    throw REST_ERRORS.maxAffectedExceeded(affected);
  }
}

/** A CSV header line from the output names. */
export function csvHeader(names: string[]): string {
  return names.map((n) => (/[",\n\r]/.test(n) ? `"${n.replaceAll('"', '""')}"` : n)).join(",");
}
