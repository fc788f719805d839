// Sessions, refresh tokens and access tokens, as GoTrue's tokens service:
// every sign-in makes an auth.sessions row, an amr claim and a refresh token;
// access tokens are HS256 JWTs whose claims mirror the user and session (or what the
// custom access token hook makes of them, hook-claims.ts).
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { customizeClaims } from "./hook-claims.js";
import type { HookOrigin } from "./hooks.js";
import type { AuthContext } from "./state.js";
import { INSTANCE_ID, renderUser, type UserRow } from "./users.js";

const ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** crypto.SecureAlphanumeric(12): GoTrue's v1 refresh tokens. */
function newRefreshToken(): string {
  const bytes = randomBytes(24);
  let out = "";
  for (const b of bytes) {
    if (b >= 248) continue; // 248 = 62 * 4: keeps the draw uniform
    out += ALPHANUMERIC[b % 62];
    if (out.length === 12) return out;
  }
  return out + newRefreshToken().slice(0, 12 - out.length);
}

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  aal: string | null;
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

/** Authentication methods recorded in mfa_amr_claims and carried in the JWT's amr. */
export type AuthMethod =
  | "password"
  | "otp"
  | "magiclink"
  | "recovery"
  | "invite"
  | "email/signup"
  | "email_change"
  | "anonymous"
  | "totp"
  | "passkey";

/** What the access token hook is told of how the token came about (GoTrue's AuthenticationMethod). */
type TokenOrigin = AuthMethod | "token_refresh";

/** Where a sign-in came from: the session row keeps it; the hooks' metadata carry the address. */
interface ClientMeta extends HookOrigin {
  userAgent?: string;
}

async function createSession(
  db: pg.ClientBase,
  userId: string,
  method: AuthMethod,
  meta: ClientMeta,
): Promise<{ session: SessionRow; refreshToken: string }> {
  const { rows } = await db.query<SessionRow>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
     values (gen_random_uuid(), $1, now(), now(), 'aal1', now() at time zone 'utc', $2, $3)
     returning id, user_id, created_at, aal`,
    [userId, meta.userAgent ?? null, meta.ip ?? null],
  );
  const session = rows[0];
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), $2)`,
    [session.id, method],
  );
  await db.query("update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1", [userId]);
  await db.query("update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = $2", [
    userId,
    method === "anonymous" ? "anonymous" : "email",
  ]);
  const refreshToken = await insertRefreshToken(db, userId, session.id, null);
  return { session, refreshToken };
}

export async function insertRefreshToken(
  db: pg.ClientBase,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), $4, $5)`,
    [INSTANCE_ID, token, userId, parent, sessionId],
  );
  return token;
}

async function signAccessToken(
  ctx: AuthContext,
  db: pg.ClientBase,
  user: UserRow,
  session: SessionRow,
  method: TokenOrigin,
  origin: HookOrigin,
): Promise<{ token: string; expiresAt: number }> {
  const { rows: amr } = await db.query<{ method: string; timestamp: number }>(
    `select authentication_method as method, extract(epoch from updated_at)::bigint::int as timestamp
     from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [session.id],
  );
  const iat = Math.floor(ctx.clock.now() / 1000);
  const exp = iat + ctx.config.auth.jwt_expiry;
  // Claim order follows GoTrue's AccessTokenClaims (registered claims first).
  const claims = {
    iss: `${ctx.config.api.external_url}/auth/v1`,
    sub: user.id,
    aud: user.aud ?? "",
    exp,
    iat,
    email: user.email ?? "",
    phone: user.phone ?? "",
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? "",
    aal: session.aal ?? "aal1",
    amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  };
  const token = await ctx.jwt.sign(await customizeClaims(ctx, db, claims, method, origin));
  return { token, expiresAt: exp };
}

/** The session JSON auth-js stores: tokens, expiry and the user. */
export async function sessionResponse(
  ctx: AuthContext,
  db: pg.ClientBase,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
  method: TokenOrigin,
  origin: HookOrigin,
): Promise<Record<string, unknown>> {
  const { token, expiresAt } = await signAccessToken(ctx, db, user, session, method, origin);
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: ctx.config.auth.jwt_expiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await renderUser(db, user),
  };
}

/** Signs the user in: a new session with its first refresh token, then the session JSON. */
export async function startSession(
  ctx: AuthContext,
  db: pg.ClientBase,
  userId: string,
  method: AuthMethod,
  meta: ClientMeta,
): Promise<Record<string, unknown>> {
  const { session, refreshToken } = await createSession(db, userId, method, meta);
  const { rows } = await db.query<UserRow>("select * from auth.users where id = $1", [userId]);
  return sessionResponse(ctx, db, rows[0], session, refreshToken, method, meta);
}
