// Small helpers every auth route uses: rate limits, client metadata, redirects.
import type { FastifyRequest } from "fastify";
import type { StackContext } from "../../context.js";
import { queryParam } from "../body.js";
import { tooManyRequests } from "../errors.js";
import type { LimitName } from "../rateLimit.js";
import { resolveRedirect } from "../redirect.js";
import { authRuntime } from "../runtime.js";

export function rateLimit(ctx: StackContext, req: FastifyRequest, name: Exclude<LimitName, "email_sent">): void {
  if (!authRuntime(ctx).limiter.take(name, req.ip)) {
    throw tooManyRequests("over_request_rate_limit", "Request rate limit reached");
  }
}

export function clientMeta(req: FastifyRequest): { userAgent?: string; ip?: string } {
  return { userAgent: req.headers["user-agent"], ip: req.ip };
}

/** redirect_to from the query (auth-js sends it there), checked against the allow list. */
export function redirectTarget(ctx: StackContext, req: FastifyRequest, fromBody?: string): string {
  return resolveRedirect(queryParam(req, "redirect_to") ?? fromBody, ctx.config.auth);
}
