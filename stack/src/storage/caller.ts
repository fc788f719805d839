// Who is calling Storage, and running SQL as them: storage-api verifies the bearer
// JWT, then runs each database step as the JWT's role with its claims set, so RLS
// policies on storage.objects / storage.buckets decide.
import type { FastifyRequest } from "fastify";
import type pg from "pg";
import type { StackContext } from "../context.js";
import { withScope } from "../db/scope.js";
import type { ServiceError } from "../shared/errors.js";
import type { Claims } from "../shared/jwt.js";
import { ERRORS, fromPgError } from "./errors.js";

const SESSION_ENDED = "Session from session_id claim in JWT does not exist";

export interface Caller {
  role: string;
  claims: Claims;
  /** The `sub` claim: the owner recorded on objects the caller creates. */
  owner: string | null;
}

export async function callerOf(ctx: StackContext, req: FastifyRequest): Promise<Caller> {
  // As storage-api's jwt plugin: whatever follows "Bearer " is the token, and a
  // missing header is an empty one (which fails as "Invalid Compact JWS").
  const token = (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
  let claims: Claims;
  try {
    claims = await ctx.jwt.verify(token);
  } catch (err) {
    throw ERRORS.invalidJwt((err as Error).message);
  }
  // Beyond storage-api: a signed-out session's token is refused (docs/security.md).
  if (!(await ctx.sessions.claimsLive(claims))) throw ERRORS.invalidJwt(SESSION_ENDED);
  const role = typeof claims.role === "string" && claims.role ? claims.role : "anon";
  return { role, claims: { ...claims, role }, owner: typeof claims.sub === "string" ? claims.sub : null };
}

function headerRecord(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

/**
 * Runs `fn` in one transaction as `caller`, with the settings storage-api sets
 * (`storage.operation`, `storage.allow_delete_query`). Postgres errors become
 * storage errors (42501 → 403, unique violation → 409 via `onDuplicate`).
 */
export async function runAs<T>(
  ctx: StackContext,
  req: FastifyRequest,
  caller: Caller,
  operation: string,
  fn: (client: pg.PoolClient) => Promise<T>,
  options: { rollback?: boolean; onDuplicate?: () => ServiceError } = {},
): Promise<T> {
  try {
    return await withScope(
      ctx.db.api,
      {
        role: caller.role,
        claims: caller.claims,
        method: req.method,
        path: req.url.split("?")[0],
        headers: headerRecord(req),
        searchPath: ["storage", "public", "extensions"],
        settings: { "storage.operation": operation, "storage.allow_delete_query": "true" },
      },
      fn,
      { rollback: options.rollback },
    );
  } catch (err) {
    throw fromPgError(err, options.onDuplicate);
  }
}
