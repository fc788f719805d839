// Signed URL tokens: HS256 JWTs with the project secret, as storage-api issues them.
// Verified without clock skew allowance, so `expiresIn` means what it says.
import { jwtVerify } from "jose";
import type { StackContext } from "../context.js";
import { ERRORS } from "./errors.js";

export interface DownloadToken {
  url: string;
  /** A render's transformations (signed URLs made with `transform`). */
  transformations?: string;
}

export interface UploadToken {
  url: string;
  owner: string | null;
  upsert: boolean;
}

export async function signToken(
  ctx: StackContext,
  claims: Record<string, unknown>,
  expiresIn: number,
): Promise<string> {
  const iat = Math.floor(ctx.clock.now() / 1000);
  return ctx.jwt.signWithSecret({ ...claims, iat, exp: iat + expiresIn });
}

/** Verifies `token` and that it was issued for exactly `bucket/key`. */
export async function verifyToken<T extends { url: string }>(
  ctx: StackContext,
  token: unknown,
  bucket: string,
  key: string,
): Promise<T> {
  if (typeof token !== "string" || !token) throw ERRORS.invalidRequest("Missing token query parameter");
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(ctx.config.auth.jwt_secret), {
      algorithms: ["HS256"],
      currentDate: new Date(ctx.clock.now()),
    }));
  } catch (err) {
    throw ERRORS.invalidJwt((err as Error).message);
  }
  if (payload.url !== `${bucket}/${key}`) throw ERRORS.invalidSignature();
  return payload as unknown as T;
}
