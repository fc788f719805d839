// Everything one REST request carries through the handlers.
import type { StackContext } from "../../context.js";
import type { RequestScope } from "../../db/scope.js";
import type { Preferences } from "../parse/prefer.js";
import type { ReadLimits } from "../plan/read.js";
import type { SchemaCache } from "../schema/types.js";
import type { Caller } from "./auth.js";
import type { Media } from "./negotiate.js";
import type { ResponseGucs } from "./response-gucs.js";

export interface RestRequest {
  ctx: StackContext;
  cache: SchemaCache;
  method: string;
  /** Path after /rest/v1, e.g. `/todos` or `/rpc/f`. */
  path: string;
  /** Raw query string (without `?`). */
  query: string;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  caller: Caller;
  prefs: Preferences;
  schema: string;
  media: Media;
  /** `nulls=stripped` on the Accept header: fields that are null are left out of the JSON. */
  stripNulls: boolean;
  range?: { offset: number; limit?: number };
}

export interface RestResponse {
  status: number;
  /** A list for a header sent several times (Set-Cookie from response.headers). */
  headers: Record<string, string | string[]>;
  body?: string;
  /** response.headers / response.status as the request's statement left them. */
  gucs?: ResponseGucs;
}

/** What bounds and allows a read of this request (db_max_rows, Range, db_aggregates_enabled). */
export function readLimits(r: RestRequest): ReadLimits {
  return {
    maxRows: r.cache.settings.maxRows,
    aggregates: r.cache.settings.aggregatesEnabled,
    ...(r.range && { range: r.range }),
  };
}

export function scopeFor(r: RestRequest, readOnly: boolean): RequestScope {
  return {
    role: r.caller.role,
    claims: r.caller.claims,
    claimsJson: r.caller.claimsJson,
    method: r.method,
    path: r.path,
    headers: flatHeaders(r.headers),
    searchPath: [r.schema, ...r.cache.settings.extraSearchPath],
    readOnly,
    ...(r.prefs.timezone && { settings: { timezone: r.prefs.timezone } }),
  };
}

/** Header values as single strings (Node keeps repeated Set-Cookie as a list). */
function flatHeaders(headers: RestRequest["headers"]): Record<string, string> {
  let flat = true;
  for (const k in headers) {
    const v = headers[k];
    if (v === undefined || Array.isArray(v)) flat = false;
  }
  if (flat) return headers as Record<string, string>;
  const result: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) result[k] = Array.isArray(v) ? v.join(", ") : v;
  return result;
}
