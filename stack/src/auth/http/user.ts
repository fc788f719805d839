// GET/PUT /user and GET /reauthenticate: the signed-in user reading and changing itself.
// As GoTrue's UserUpdate: with a verified MFA factor, changing the e-mail or password
// needs an aal2 session (401 insufficient_aal); a new e-mail address is only ever
// mailed a confirmation (with double_confirm_changes, both addresses are, and both must
// confirm) and becomes the account's once confirmed, whatever enable_confirmations
// says. Only an anonymous user under autoconfirm gets the address at once.
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { normalizeEmail, readBody } from "../body.js";
import { type Caller, requireUser } from "../caller.js";
import { AUTH_ERRORS } from "../errors.js";
import { sendEmailChange, sendReauthentication } from "../links.js";
import { clearOneTimeToken, tokenHash } from "../otp.js";
import { UserUpdateParams } from "../params.js";
import { checkPasswordStrength, hashPassword, passwordMatches } from "../passwords.js";
import { readPkceParams } from "../pkce.js";
import type { AuthContext } from "../state.js";
import { inTransaction } from "../tx.js";
import { findUserByEmail, findUserById, isConfirmed, mergeMetadata, renderUser, updateUser } from "../users.js";
import { rateLimit, redirectTarget } from "./common.js";

const RECENT_SESSION_MS = 24 * 3600_000;

/** secure_password_change: a session older than a day must prove itself with the mailed nonce. */
async function checkReauthentication(ctx: AuthContext, db: pg.ClientBase, caller: Caller, nonce?: string) {
  if (!ctx.config.auth.email.secure_password_change) return;
  const { session, user } = caller;
  if (session && ctx.clock.now() - session.created_at.getTime() < RECENT_SESSION_MS) return;
  if (!nonce) throw AUTH_ERRORS.reauthenticationNeeded();
  const sentAt = user.reauthentication_sent_at?.getTime() ?? 0;
  const expired = sentAt + ctx.config.auth.email.otp_expiry * 1000 < ctx.clock.now();
  if (!user.reauthentication_token || expired || tokenHash(user.email ?? "", nonce) !== user.reauthentication_token) {
    throw AUTH_ERRORS.reauthenticationNotValid();
  }
  await updateUser(db, user.id, { reauthentication_token: "" });
  await clearOneTimeToken(db, user.id, "reauthentication_token");
}

async function changePassword(ctx: AuthContext, db: pg.ClientBase, caller: Caller, password: string, nonce?: string) {
  checkPasswordStrength(password, ctx.config.auth);
  if (await passwordMatches(password, caller.user.encrypted_password)) {
    throw AUTH_ERRORS.samePassword();
  }
  await checkReauthentication(ctx, db, caller, nonce);
  await updateUser(db, caller.user.id, { encrypted_password: await hashPassword(password) });
  // As GoTrue's UpdatePassword: every other session of the user ends.
  await db.query("delete from auth.sessions where user_id = $1 and id is distinct from $2", [
    caller.user.id,
    caller.session?.id ?? null,
  ]);
}

/** GoTrue's HasMFAEnabled && !session.IsAAL2() check, before any field is written. */
async function assertAalForCredentials(db: pg.ClientBase, caller: Caller, changesCredentials: boolean) {
  if (!changesCredentials || caller.session?.aal === "aal2") return;
  const { rows } = await db.query("select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1", [
    caller.user.id,
  ]);
  if (rows.length > 0) throw AUTH_ERRORS.insufficientAalToUpdate();
}

async function assertEmailFree(db: pg.ClientBase, email: string, selfId: string) {
  const other = await findUserByEmail(db, email);
  if (other && other.id !== selfId) {
    throw AUTH_ERRORS.emailExists();
  }
}

export function userRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get("/user", async (req) => {
    const { user } = await requireUser(ctx, req, ctx.db.admin);
    return renderUser(ctx.db.admin, user);
  });

  app.put("/user", async (req) => {
    rateLimit(ctx, req, "user");
    const body = readBody(req, UserUpdateParams);
    const pkce = readPkceParams(body);
    const redirectTo = redirectTarget(ctx, req);
    const newEmail = body.email !== undefined ? normalizeEmail(body.email) : undefined;
    return inTransaction(ctx, async (db) => {
      const caller = await requireUser(ctx, req, db);
      const { user } = caller;
      if (body.phone !== undefined) throw AUTH_ERRORS.phoneUpdateDisabled();
      const changesEmail = newEmail !== undefined && newEmail !== "" && newEmail !== user.email;
      await assertAalForCredentials(db, caller, (body.password ?? "") !== "" || changesEmail);
      if (body.data) {
        await updateUser(db, user.id, { raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, body.data) });
      }
      if (body.password !== undefined) await changePassword(ctx, db, caller, body.password, body.nonce);
      if (newEmail && changesEmail) {
        await assertEmailFree(db, newEmail, user.id);
        if (!(user.is_anonymous && !ctx.config.auth.email.enable_confirmations)) {
          const current = await findUserById(db, user.id);
          if (current) await sendEmailChange(ctx, req, db, current, newEmail, { redirectTo, pkce });
        } else {
          await updateUser(db, user.id, { email: newEmail, email_change: "" });
          await db.query(
            `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text)
             where user_id = $1 and provider = 'email'`,
            [user.id, newEmail],
          );
        }
      }
      const updated = await findUserById(db, user.id);
      if (!updated) throw AUTH_ERRORS.userNotFound();
      return renderUser(db, updated);
    });
  });

  app.get("/reauthenticate", async (req) => {
    await inTransaction(ctx, async (db) => {
      const { user } = await requireUser(ctx, req, db);
      if (!user.email) throw AUTH_ERRORS.reauthenticationImpossible();
      if (!isConfirmed(user)) throw AUTH_ERRORS.emailNotConfirmed();
      await sendReauthentication(ctx, req, db, user);
    });
    return {};
  });
}
