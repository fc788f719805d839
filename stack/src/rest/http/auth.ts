// Authorization: Bearer <jwt> → role and claims, as PostgREST verifies them
// (HS256, 30 s skew; anon without a token). Verified tokens are remembered until
// they expire so the hot path skips the HMAC. Beyond PostgREST, a token whose auth
// session is gone (signed out) is refused (db/sessions.ts; docs/security.md).
import type { StackContext } from "../../context.js";
import { type Claims, jwtErrors } from "../../shared/jwt.js";
import { REST_ERRORS } from "../errors.js";

export interface Caller {
  role: string;
  claims: Record<string, unknown>;
  /** `claims` serialised once: every request of this token sends it to Postgres. */
  claimsJson: string;
  anonymous: boolean;
}

const ANON_ROLE = "anon";
const CACHE_LIMIT = 5000;
const SKEW_SECONDS = 30;
/** GoTrue's words for a token whose session was deleted. */
const SESSION_ENDED = "Session from session_id claim in JWT does not exist";

function describeFailure(err: unknown) {
  if (err instanceof jwtErrors.JWTExpired) return REST_ERRORS.jwtClaimsInvalid("JWT expired");
  if (err instanceof jwtErrors.JWTClaimValidationFailed) {
    if (err.claim === "nbf") return REST_ERRORS.jwtClaimsInvalid("JWT not yet valid");
    if (err.claim === "iat") return REST_ERRORS.jwtClaimsInvalid("JWT issued at future");
    if (err.claim === "exp") return REST_ERRORS.jwtClaimsInvalid("The JWT 'exp' claim must be a number");
    return REST_ERRORS.jwtClaimsInvalid("Parsing claims failed");
  }
  if (err instanceof jwtErrors.JOSEAlgNotAllowed || err instanceof jwtErrors.JOSENotSupported) {
    return REST_ERRORS.jwtInvalid("Wrong or unsupported encoding algorithm");
  }
  if (err instanceof jwtErrors.JWTInvalid) return REST_ERRORS.jwtClaimsInvalid("Parsing claims failed");
  return REST_ERRORS.jwtInvalid("JWT cryptographic operation failed");
}

function fromClaims(claims: Claims): Caller {
  const role = typeof claims.role === "string" && claims.role ? claims.role : ANON_ROLE;
  const withRole = { ...claims, role };
  return { role, claims: withRole, claimsJson: JSON.stringify(withRole), anonymous: role === ANON_ROLE };
}

const NO_TOKEN = fromClaims({ role: ANON_ROLE });

export function createAuthenticator(ctx: StackContext) {
  /** Callers by token, built once per verified token (callers are never mutated). */
  const cache = new Map<string, { caller: Caller; exp: unknown }>();
  const assertSessionLive = async (claims: Record<string, unknown>) => {
    if (!(await ctx.sessions.claimsLive(claims))) throw REST_ERRORS.jwtClaimsInvalid(SESSION_ENDED);
  };

  return async function authenticate(header: string | undefined): Promise<Caller> {
    const match = header ? /^bearer\s*(.*)$/i.exec(header.trim()) : null;
    if (!match) return NO_TOKEN;
    const token = match[1].trim();
    if (!token) throw REST_ERRORS.jwtInvalid("Empty JWT is sent in Authorization header");
    const cached = cache.get(token);
    const now = ctx.clock.now() / 1000;
    if (cached && (typeof cached.exp !== "number" || cached.exp + SKEW_SECONDS > now)) {
      await assertSessionLive(cached.caller.claims);
      return cached.caller;
    }
    const parts = token.split(".").length;
    if (parts !== 3) throw REST_ERRORS.jwtInvalid(`Expected 3 parts in JWT; got ${parts}`);
    let claims: Claims;
    try {
      claims = await ctx.jwt.verify(token);
    } catch (err) {
      throw describeFailure(err);
    }
    if (claims.exp !== undefined && typeof claims.exp !== "number") {
      throw REST_ERRORS.jwtClaimsInvalid("The JWT 'exp' claim must be a number");
    }
    await assertSessionLive(claims);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    const caller = fromClaims(claims);
    cache.set(token, { caller, exp: claims.exp });
    return caller;
  };
}
