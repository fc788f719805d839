// JWT helpers shared by every service: HS256 with the project secret, as the
// Supabase services verify and issue them.
import { errors, type JWTPayload, jwtVerify, SignJWT } from "jose";

export type Claims = JWTPayload & {
  role?: string;
  email?: string;
  session_id?: string;
  [key: string]: unknown;
};

/** PostgREST allows 30 s of clock skew on exp/nbf/iat. */
export const CLOCK_SKEW_SECONDS = 30;

export class JwtKeys {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /** Verifies an HS256 token; throws jose's errors (JWTExpired, JWSSignatureVerificationFailed, …). */
  async verify(token: string): Promise<Claims> {
    const { payload } = await jwtVerify(token, this.key, {
      algorithms: ["HS256"],
      clockTolerance: CLOCK_SKEW_SECONDS,
    });
    if (typeof payload.iat === "number" && payload.iat > Date.now() / 1000 + CLOCK_SKEW_SECONDS) {
      throw new errors.JWTClaimValidationFailed("JWT issued at future", payload, "iat", "check_failed");
    }
    return payload as Claims;
  }

  /** Signs claims as given (callers set iat/exp themselves so the claim order is theirs). */
  async sign(claims: Claims): Promise<string> {
    return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(this.key);
  }
}

export { errors as jwtErrors };
