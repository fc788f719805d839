// Small helpers every auth route uses: rate limits, client metadata, redirects.
import type { FastifyRequest } from "fastify";
import { queryParam } from "../body.js";
import { AUTH_ERRORS } from "../errors.js";
import type { BucketName } from "../rate-limit.js";
import { resolveRedirect } from "../redirect.js";
import type { AuthContext } from "../state.js";

/**
 * GoTrue's performRateLimitingWithHeader: requests are counted per first value of
 * the rate-limit header, and not at all without that header (as under the CLI).
 */
export function rateLimit(ctx: AuthContext, req: FastifyRequest, name: BucketName): void {
  const { limiter, rateLimitHeader } = ctx.auth;
  if (!rateLimitHeader) return;
  const raw = req.headers[rateLimitHeader];
  const key = (Array.isArray(raw) ? raw.join(",") : (raw ?? "")).split(",")[0].trim();
  if (key && !limiter.take(name, key)) {
    throw AUTH_ERRORS.overRequestRateLimit();
  }
}

export function clientMeta(req: FastifyRequest): { userAgent?: string; ip?: string } {
  return { userAgent: req.headers["user-agent"], ip: req.ip };
}

/** redirect_to from the query (auth-js sends it there), checked against the allow list. */
export function redirectTarget(ctx: AuthContext, req: FastifyRequest, fromBody?: string): string {
  return resolveRedirect(queryParam(req, "redirect_to") ?? fromBody, ctx.config.auth);
}
