// Token checks as Realtime makes them on connect, join and `access_token`: a valid
// signature, `role` and `exp` claims, not expired (no clock skew allowed). Beyond
// hosted Realtime, a token whose auth session is gone (signed out) is refused too.
import { decodeJwt } from "jose";
import type pg from "pg";
import type { Claims, JwtKeys } from "../shared/jwt.js";
import { jwtErrors } from "../shared/jwt.js";

export interface ConfirmedToken {
  claims: Claims;
  role: string;
  /** Seconds since the epoch. */
  exp: number;
}

/** A refused token: `code` prefixes the join error reason (`InvalidJWTToken: …`). */
export class TokenError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  get reason(): string {
    return `${this.code}: ${this.message}`;
  }
}

function expiredError(jwt: JwtKeys, exp: number): TokenError {
  return new TokenError(
    "InvalidJWTToken",
    `Token has expired ${Math.max(0, Math.floor(jwt.clock.now() / 1000) - exp)} seconds ago`,
  );
}

export async function confirmToken(jwt: JwtKeys, token: string): Promise<ConfirmedToken> {
  let claims: Claims;
  try {
    claims = await jwt.verify(token);
  } catch (err) {
    if (err instanceof jwtErrors.JWTExpired) throw expiredError(jwt, Number(decodeJwt(token).exp));
    if (err instanceof jwtErrors.JWSSignatureVerificationFailed) {
      throw new TokenError("JwtSignatureError", "Failed to validate JWT signature");
    }
    throw new TokenError("MalformedJWT", "The token provided is not a valid JWT");
  }
  if (typeof claims.role !== "string" || typeof claims.exp !== "number") {
    throw new TokenError("InvalidJWTToken", "Fields `role` and `exp` are required in JWT");
  }
  if (claims.exp <= Math.floor(jwt.clock.now() / 1000)) throw expiredError(jwt, claims.exp);
  return { claims, role: claims.role, exp: claims.exp };
}

export const REVOKED_MESSAGE = "Token has been revoked";

/** Refuses a token whose `session_id` names a session that no longer exists. */
export async function confirmSession(admin: pg.Pool, claims: Claims): Promise<void> {
  const sessionId = claims.session_id;
  if (typeof sessionId !== "string") return;
  const { rows } = await admin.query("select 1 from auth.sessions where id::text = $1", [sessionId]);
  if (rows.length === 0) throw new TokenError("InvalidJWTToken", REVOKED_MESSAGE);
}
