// The e-mail links GoTrue issues: a token in the user's row (with sent_at), a
// mirror in auth.one_time_tokens, a PKCE flow state when asked, and the mail.
import type { FastifyRequest } from "fastify";
import type pg from "pg";
import { sendEmailEnabled } from "./hook-events.js";
import { checkMaxFrequency, sendEmailChangeHook, sendMail } from "./mailer.js";
import { clearOneTimeToken, type IssuedToken, issueToken, recordOneTimeToken, type TokenColumn } from "./otp.js";
import { createFlowState, type PkceParams } from "./pkce.js";
import type { AuthMethod } from "./sessions.js";
import type { AuthContext } from "./state.js";
import type { MailType } from "./templates.js";
import { type UserRow, updateUser } from "./users.js";

export type LinkKind = "signup" | "invite" | "recovery" | "magiclink";

const KINDS: Record<
  LinkKind,
  { column: TokenColumn; sentAt: "confirmation_sent_at" | "recovery_sent_at"; mail: MailType; method: AuthMethod }
> = {
  signup: {
    column: "confirmation_token",
    sentAt: "confirmation_sent_at",
    mail: "confirmation",
    method: "email/signup",
  },
  invite: { column: "confirmation_token", sentAt: "confirmation_sent_at", mail: "invite", method: "invite" },
  recovery: { column: "recovery_token", sentAt: "recovery_sent_at", mail: "recovery", method: "recovery" },
  magiclink: { column: "recovery_token", sentAt: "recovery_sent_at", mail: "magic_link", method: "magiclink" },
};

interface LinkOptions {
  redirectTo: string;
  pkce: PkceParams | null;
  data?: Record<string, unknown>;
}

/** Writes the token for a link kind (generate_link stops here; the mail flows go on to send). */
export async function issueLink(
  ctx: AuthContext,
  db: pg.ClientBase,
  user: UserRow,
  kind: LinkKind,
  options: LinkOptions,
): Promise<IssuedToken> {
  const spec = KINDS[kind];
  const email = user.email ?? "";
  const token = issueToken(email, ctx.config.auth.email.otp_length, options.pkce !== null);
  await updateUser(db, user.id, {
    [spec.column]: token.hashed,
    [spec.sentAt]: new Date(ctx.clock.now()),
    ...(kind === "invite" ? { invited_at: new Date(ctx.clock.now()) } : {}),
  });
  await recordOneTimeToken(db, user.id, spec.column, token.hashed, email);
  if (options.pkce) await createFlowState(db, user.id, options.pkce, spec.method);
  return token;
}

export async function sendLink(
  ctx: AuthContext,
  req: FastifyRequest,
  db: pg.ClientBase,
  user: UserRow,
  kind: LinkKind,
  options: LinkOptions,
): Promise<void> {
  const spec = KINDS[kind];
  checkMaxFrequency(ctx, user[spec.sentAt]);
  const token = await issueLink(ctx, db, user, kind, options);
  await sendMail(ctx, req, db, {
    type: spec.mail,
    user,
    to: user.email ?? "",
    token,
    redirectTo: options.redirectTo,
    data: options.data ?? user.raw_user_meta_data ?? {},
  });
}

interface EmailChangeTokens {
  new: IssuedToken;
  current: IssuedToken | null;
}

/** Tokens for an e-mail change: one for the new address, one for the current when double_confirm_changes. */
export async function issueEmailChange(
  ctx: AuthContext,
  db: pg.ClientBase,
  user: UserRow,
  newEmail: string,
  options: LinkOptions,
): Promise<EmailChangeTokens> {
  const { otp_length } = ctx.config.auth.email;
  const pkce = options.pkce !== null;
  const tokens: EmailChangeTokens = {
    new: issueToken(newEmail, otp_length, pkce),
    current:
      ctx.config.auth.email.double_confirm_changes && user.email ? issueToken(user.email, otp_length, pkce) : null,
  };
  await updateUser(db, user.id, {
    email_change: newEmail,
    email_change_token_new: tokens.new.hashed,
    email_change_token_current: tokens.current?.hashed ?? "",
    email_change_sent_at: new Date(ctx.clock.now()),
    email_change_confirm_status: 0,
  });
  await recordOneTimeToken(db, user.id, "email_change_token_new", tokens.new.hashed, newEmail);
  if (tokens.current) {
    await recordOneTimeToken(db, user.id, "email_change_token_current", tokens.current.hashed, user.email ?? "");
  } else {
    await clearOneTimeToken(db, user.id, "email_change_token_current");
  }
  if (options.pkce) await createFlowState(db, user.id, options.pkce, "email_change");
  return tokens;
}

export async function sendEmailChange(
  ctx: AuthContext,
  req: FastifyRequest,
  db: pg.ClientBase,
  user: UserRow,
  newEmail: string,
  options: LinkOptions,
): Promise<void> {
  checkMaxFrequency(ctx, user.email_change_sent_at);
  const tokens = await issueEmailChange(ctx, db, user, newEmail, options);
  if (sendEmailEnabled(ctx)) return sendEmailChangeHook(ctx, req, db, user, tokens, options.redirectTo);
  const common = {
    type: "email_change" as const,
    user,
    redirectTo: options.redirectTo,
    email: user.email ?? "",
    newEmail,
  };
  await sendMail(ctx, req, db, { ...common, to: newEmail, token: tokens.new });
  if (tokens.current) await sendMail(ctx, req, db, { ...common, to: user.email ?? "", token: tokens.current });
}

/** GET /reauthenticate: a code (nonce) mailed to the user for a sensitive password change. */
export async function sendReauthentication(
  ctx: AuthContext,
  req: FastifyRequest,
  db: pg.ClientBase,
  user: UserRow,
): Promise<void> {
  checkMaxFrequency(ctx, user.reauthentication_sent_at);
  const token = issueToken(user.email ?? "", ctx.config.auth.email.otp_length, false);
  await updateUser(db, user.id, {
    reauthentication_token: token.hashed,
    reauthentication_sent_at: new Date(ctx.clock.now()),
  });
  await recordOneTimeToken(db, user.id, "reauthentication_token", token.hashed, user.email ?? "");
  await sendMail(ctx, req, db, {
    type: "reauthentication",
    user,
    to: user.email ?? "",
    token,
    redirectTo: ctx.config.auth.site_url,
  });
}
