// verify_jwt, as the CLI's edge runtime main service applies it: any role passes,
// only the signature and expiry of a `Bearer` HS256 token are checked.
import { jwtVerify } from "jose";

export type GateResult = { ok: true } | { ok: false; msg: string };

export async function checkJwt(authorization: string | undefined, secret: string): Promise<GateResult> {
  if (!authorization) return { ok: false, msg: "Error: Missing authorization header" };
  const [bearer, token] = authorization.split(" ");
  if (bearer !== "Bearer") return { ok: false, msg: "Error: Auth header is not 'Bearer {token}'" };
  try {
    await jwtVerify(token ?? "", new TextEncoder().encode(secret), { algorithms: ["HS256"] });
    return { ok: true };
  } catch {
    return { ok: false, msg: "Invalid JWT" };
  }
}
