// Who is calling: the Bearer JWT checked as GoTrue's requireAuthentication,
// requireAdmin and maybeLoadUserOrSession do.
import type { FastifyRequest } from "fastify";
import type pg from "pg";
import { type Claims, jwtErrors } from "../shared/jwt.js";
import { AUTH_ERRORS } from "./errors.js";
import type { SessionRow } from "./sessions.js";
import type { AuthContext } from "./state.js";
import { findUserById, type UserRow } from "./users.js";

const ADMIN_ROLES = new Set(["service_role", "supabase_admin"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

function bearer(req: FastifyRequest): string {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  if (!m) throw AUTH_ERRORS.noAuthorization();
  return m[1];
}

function describeJwtError(err: unknown): string {
  if (err instanceof jwtErrors.JWTExpired) return "token has invalid claims: token is expired";
  if (err instanceof jwtErrors.JWTClaimValidationFailed) return `token has invalid claims: ${err.message}`;
  if (err instanceof jwtErrors.JWSSignatureVerificationFailed) return "signature is invalid";
  if (err instanceof jwtErrors.JOSEAlgNotAllowed) return "token is unverifiable: signing method is invalid";
  return "token is malformed";
}

async function verifiedClaims(ctx: AuthContext, req: FastifyRequest): Promise<Claims> {
  const token = bearer(req);
  try {
    return await ctx.jwt.verify(token);
  } catch (err) {
    throw AUTH_ERRORS.badJwt(describeJwtError(err));
  }
}

export async function requireAdmin(ctx: AuthContext, req: FastifyRequest): Promise<Claims> {
  const claims = await verifiedClaims(ctx, req);
  if (typeof claims.role !== "string" || !ADMIN_ROLES.has(claims.role)) throw AUTH_ERRORS.notAdmin();
  return claims;
}

export interface Caller {
  claims: Claims;
  user: UserRow;
  session: SessionRow | null;
}

/** The signed-in user and session named by the JWT; both must still exist. */
export async function requireUser(ctx: AuthContext, req: FastifyRequest, db: pg.ClientBase | pg.Pool): Promise<Caller> {
  const claims = await verifiedClaims(ctx, req);
  if (!claims.sub) throw AUTH_ERRORS.invalidClaim("missing sub claim");
  if (!isUuid(claims.sub)) throw AUTH_ERRORS.invalidClaim("sub claim must be a UUID");
  const user = await findUserById(db, claims.sub);
  if (!user) throw AUTH_ERRORS.userFromJwtMissing();
  let session: SessionRow | null = null;
  if (claims.session_id !== undefined) {
    if (!isUuid(claims.session_id)) throw AUTH_ERRORS.invalidClaim("session_id claim must be a UUID");
    const { rows } = await db.query<SessionRow>(
      "select id, user_id, created_at, aal from auth.sessions where id = $1 and user_id = $2",
      [claims.session_id, user.id],
    );
    session = rows[0] ?? null;
    if (!session) throw AUTH_ERRORS.sessionFromJwtMissing();
  }
  return { claims, user, session };
}
