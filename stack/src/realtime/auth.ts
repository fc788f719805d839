// Token checks as Realtime makes them on connect, join and `access_token`: a valid
// signature, `role` and `exp` claims, not expired (no clock skew allowed). Beyond
// hosted Realtime, a token whose auth session is gone (signed out) is refused too.
import { decodeJwt } from "jose";
import type pg from "pg";
import type { Claims, JwtKeys } from "../shared/jwt.js";
import { jwtErrors } from "../shared/jwt.js";
import { REALTIME_ERRORS, type RealtimeError } from "./errors.js";

interface ConfirmedToken {
  claims: Claims;
  role: string;
  /** Seconds since the epoch. */
  exp: number;
}

function expiredError(jwt: JwtKeys, exp: number): RealtimeError {
  return REALTIME_ERRORS.tokenExpired(Math.max(0, Math.floor(jwt.clock.now() / 1000) - exp));
}

export async function confirmToken(jwt: JwtKeys, token: string): Promise<ConfirmedToken> {
  let claims: Claims;
  try {
    claims = await jwt.verify(token);
  } catch (err) {
    if (err instanceof jwtErrors.JWTExpired) throw expiredError(jwt, Number(decodeJwt(token).exp));
    if (err instanceof jwtErrors.JWSSignatureVerificationFailed) {
      throw REALTIME_ERRORS.badSignature();
    }
    throw REALTIME_ERRORS.malformedToken();
  }
  if (typeof claims.role !== "string" || typeof claims.exp !== "number") {
    throw REALTIME_ERRORS.claimsMissing();
  }
  if (claims.exp <= Math.floor(jwt.clock.now() / 1000)) throw expiredError(jwt, claims.exp);
  return { claims, role: claims.role, exp: claims.exp };
}

/** Refuses a token whose `session_id` names a session that no longer exists. */
export async function confirmSession(admin: pg.Pool, claims: Claims): Promise<void> {
  const sessionId = claims.session_id;
  if (typeof sessionId !== "string") return;
  const { rows } = await admin.query("select 1 from auth.sessions where id::text = $1", [sessionId]);
  if (rows.length === 0) throw REALTIME_ERRORS.tokenRevoked();
}
