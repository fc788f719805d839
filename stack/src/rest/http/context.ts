// Everything one REST request carries through the handlers.
import type { StackContext } from "../../context.js";
import type { RequestScope } from "../../db/index.js";
import type { Preferences } from "../parse/prefer.js";
import type { SchemaCache } from "../schema/types.js";
import type { Caller } from "./auth.js";
import type { Media } from "./negotiate.js";

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
  range?: { offset: number; limit?: number };
}

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

export function scopeFor(r: RestRequest, readOnly: boolean): RequestScope {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : v;
  return {
    role: r.caller.role,
    claims: r.caller.claims,
    method: r.method,
    path: r.path,
    headers,
    searchPath: [r.schema, ...r.ctx.config.api.extra_search_path],
    readOnly,
    ...(r.prefs.timezone && { settings: { timezone: r.prefs.timezone } }),
  };
}
