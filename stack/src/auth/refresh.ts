// grant_type=refresh_token (GoTrue's RefreshTokenGrant): rotate the token; a
// revoked token is honoured only as the parent of the session's active token or
// within refresh_token_reuse_interval; any other reuse revokes the whole session.
import type pg from "pg";
import type { ServiceError } from "../shared/errors.js";
import { AUTH_ERRORS } from "./errors.js";
import type { HookOrigin } from "./hooks.js";
import { insertRefreshToken, type RefreshTokenRow, type SessionRow, sessionResponse } from "./sessions.js";
import type { AuthContext } from "./state.js";
import { findUserById, isBanned } from "./users.js";

type RefreshResult = { session: Record<string, unknown> } | { error: ServiceError };

export async function refreshGrant(
  ctx: AuthContext,
  db: pg.ClientBase,
  token: string,
  origin: HookOrigin,
): Promise<RefreshResult> {
  // Lock the session before its token, the order logout's cascade takes them in (no deadlock).
  const { rows: sessions } = await db.query<SessionRow>(
    `select id, user_id, created_at, aal from auth.sessions
     where id = (select session_id from auth.refresh_tokens where token = $1) for update`,
    [token],
  );
  const { rows } = await db.query<RefreshTokenRow>("select * from auth.refresh_tokens where token = $1 for update", [
    token,
  ]);
  const current = rows[0];
  if (!current) throw AUTH_ERRORS.refreshTokenNotFound();
  const session = sessions[0];
  if (!session) throw AUTH_ERRORS.refreshSessionNotFound();
  const user = await findUserById(db, session.user_id);
  if (!user) throw AUTH_ERRORS.refreshSessionNotFound();
  if (isBanned(user, ctx.clock.now())) throw AUTH_ERRORS.refreshUserBanned();

  let issued: string;
  if (!ctx.config.auth.enable_refresh_token_rotation && !current.revoked) {
    // Rotation off: the same refresh token keeps working.
    issued = current.token;
  } else if (!current.revoked) {
    await db.query("update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1", [current.id]);
    issued = await insertRefreshToken(db, user.id, session.id, current.token);
  } else {
    const { rows: active } = await db.query<RefreshTokenRow>(
      "select * from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1",
      [session.id],
    );
    const reuseMs = ctx.config.auth.refresh_token_reuse_interval * 1000;
    if (active[0] && active[0].parent === current.token) {
      // The client lost the response that carried the child: hand it out again.
      issued = active[0].token;
    } else if (ctx.clock.now() - current.updated_at.getTime() < reuseMs) {
      issued = await insertRefreshToken(db, user.id, session.id, current.token);
    } else if (ctx.config.auth.enable_refresh_token_rotation) {
      // As GoTrue's RevokeTokenFamily: revoked, updated_at untouched.
      await db.query("update auth.refresh_tokens set revoked = true where session_id = $1", [session.id]);
      // Returned, not thrown: the revocation must commit.
      return { error: AUTH_ERRORS.refreshTokenAlreadyUsed() };
    } else {
      issued = current.token;
    }
  }
  await db.query("update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1", [
    session.id,
  ]);
  return { session: await sessionResponse(ctx, db, user, session, issued, "token_refresh", origin) };
}
