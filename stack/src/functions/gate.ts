// verify_jwt, as the CLI's edge runtime main service applies it: any role passes,
// only the signature (the secret or the project's signing keys) and expiry of a
// `Bearer` token are checked, with no clock skew.
import type { JwtKeys } from "../shared/jwt.js";

type GateResult = { ok: true } | { ok: false; msg: string };

export async function checkJwt(authorization: string | undefined, jwt: JwtKeys): Promise<GateResult> {
  if (!authorization) return { ok: false, msg: "Error: Missing authorization header" };
  const [bearer, token] = authorization.split(" ");
  if (bearer !== "Bearer") return { ok: false, msg: "Error: Auth header is not 'Bearer {token}'" };
  try {
    await jwt.verify(token ?? "", { clockSkewSeconds: 0 });
    return { ok: true };
  } catch {
    return { ok: false, msg: "Invalid JWT" };
  }
}
