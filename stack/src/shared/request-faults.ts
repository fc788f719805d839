// Faults a request can have before any handler runs: a URL that does not decode, a
// body over the service's limit, unparsable or nested too deep. They are named here
// once; each service words them in its own error shape (Service.frameworkError), so
// neither the gateway nor this module knows any service's errors.
import type { FastifyInstance } from "fastify";

type RequestFaultKind =
  | "bad_url"
  | "body_too_large"
  | "invalid_json"
  | "json_too_deep"
  | "unsupported_media_type"
  | "invalid_request";

export class RequestFault extends Error {
  constructor(
    readonly kind: RequestFaultKind,
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

/**
 * Nesting beyond this is refused before it reaches Postgres, whose recursive JSON
 * parser would otherwise fail with max_stack_depth (a 500). Real documents stay far
 * below it; 512 is also what common JSON parsers (serde_json: 128, Go: 10 000) bound.
 */
export const MAX_JSON_DEPTH = 512;

/** True when arrays/objects nest deeper than `max` (strings skipped; one pass, no parse). */
export function jsonNestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

export function jsonTooDeep(): RequestFault {
  return new RequestFault("json_too_deep", `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, 400);
}

const FASTIFY_FAULTS: Record<string, RequestFaultKind> = {
  FST_ERR_BAD_URL: "bad_url",
  FST_ERR_CTP_BODY_TOO_LARGE: "body_too_large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupported_media_type",
  FST_ERR_CTP_EMPTY_JSON_BODY: "invalid_json",
  FST_ERR_CTP_INVALID_JSON_BODY: "invalid_json",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "invalid_request",
};

/** The fault behind a framework error, or undefined for anything that is not the client's. */
export function requestFaultOf(err: unknown): RequestFault | undefined {
  if (err instanceof RequestFault) return err;
  const e = err as { code?: string; statusCode?: number; message?: string };
  const status = e?.statusCode;
  if (!status || status >= 500) return undefined;
  const kind = (e.code && FASTIFY_FAULTS[e.code]) || (err instanceof SyntaxError ? "invalid_json" : "invalid_request");
  return new RequestFault(kind, e.message ?? "Bad request", status);
}

/**
 * Replaces a scope's application/json parser with Fastify's own plus the depth bound,
 * for services that hand parsed JSON to Postgres.
 */
export function guardJsonDepth(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    if (jsonNestsDeeperThan(body as string)) return done(jsonTooDeep(), undefined);
    parse(req, body as string, done);
  });
}
