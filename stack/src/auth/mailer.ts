// Sends auth's e-mails into the mail catcher: renders the template, builds the
// action link GoTrue would (<api>/auth/v1/verify?token=…&type=…&redirect_to=…)
// and enforces max_frequency and the e-mail rate limit first. With the send_email hook
// the hook gets the link's parts instead, and the catcher nothing (hook-events.ts).
import type { FastifyRequest } from "fastify";
import type pg from "pg";
import { storeMail } from "../mail/store.js";
import { parseGoDuration } from "../shared/duration.js";
import { AUTH_ERRORS } from "./errors.js";
import { sendEmailEnabled, sendEmailHook } from "./hook-events.js";
import { hookOrigin } from "./hooks.js";
import type { IssuedToken } from "./otp.js";
import type { AuthContext } from "./state.js";
import { htmlToText, type MailType, renderTemplate, templateFor } from "./templates.js";
import { findUserById, renderUser, type UserRow } from "./users.js";

/** The `type` a link verifies as, per mail. */
const VERIFY_TYPE: Record<MailType, string | null> = {
  confirmation: "signup",
  invite: "invite",
  recovery: "recovery",
  magic_link: "magiclink",
  email_change: "email_change",
  reauthentication: null,
};

/** GoTrue's email_action_type, per mail. */
const ACTION_TYPE: Record<MailType, string> = {
  confirmation: "signup",
  invite: "invite",
  recovery: "recovery",
  magic_link: "magiclink",
  email_change: "email_change",
  reauthentication: "reauthentication",
};

/** The account as the hook sees it: its row now, with the token just issued. */
async function userJsonOf(db: pg.ClientBase, user: UserRow): Promise<Record<string, unknown>> {
  return renderUser(db, (await findUserById(db, user.id)) ?? user);
}

/**
 * An e-mail change through the send_email hook: one call for both addresses, with GoTrue's
 * fields (when the current address must confirm too, `token` is its code and `token_new` the
 * new address's, while the hashes are the other way round, as GoTrue sends them).
 */
export async function sendEmailChangeHook(
  ctx: AuthContext,
  req: FastifyRequest,
  db: pg.ClientBase,
  user: UserRow,
  tokens: { new: IssuedToken; current: IssuedToken | null },
  redirectTo: string,
): Promise<void> {
  if (ctx.auth.emailLimited && !ctx.auth.limiter.takeEmail("all")) throw AUTH_ERRORS.overEmailSendRateLimit();
  await sendEmailHook(ctx, db, hookOrigin(req), await userJsonOf(db, user), {
    token: tokens.current ? tokens.current.otp : tokens.new.otp,
    token_hash: tokens.new.hashed,
    redirect_to: redirectTo,
    email_action_type: ACTION_TYPE.email_change,
    token_new: tokens.current ? tokens.new.otp : "",
    token_hash_new: tokens.current?.hashed ?? "",
  });
}

export function actionLink(ctx: AuthContext, hashed: string, verifyType: string, redirectTo: string): string {
  const query = new URLSearchParams({ token: hashed, type: verifyType, redirect_to: redirectTo });
  return `${ctx.config.api.external_url}/auth/v1/verify?${query}`;
}

/** 429 when the previous mail of this kind went out less than max_frequency ago. */
export function checkMaxFrequency(ctx: AuthContext, lastSentAt: Date | null): void {
  if (!lastSentAt) return;
  const frequencyMs = parseGoDuration(ctx.config.auth.email.max_frequency) ?? 1000;
  const waitMs = lastSentAt.getTime() + frequencyMs - ctx.clock.now();
  if (waitMs > 0) {
    throw AUTH_ERRORS.emailSendTooSoon(Math.ceil(waitMs / 1000));
  }
}

interface MailRequest {
  type: MailType;
  /** The account the mail is about. */
  user: UserRow;
  to: string;
  token: IssuedToken;
  redirectTo: string;
  /** The account's address (for email_change mails sent to the new address). */
  email?: string;
  newEmail?: string;
  data?: Record<string, unknown>;
}

export async function sendMail(ctx: AuthContext, req: FastifyRequest, db: pg.ClientBase, mail: MailRequest) {
  const runtime = ctx.auth;
  if (runtime.emailLimited && !runtime.limiter.takeEmail("all")) {
    throw AUTH_ERRORS.overEmailSendRateLimit();
  }
  if (sendEmailEnabled(ctx)) {
    await sendEmailHook(ctx, db, hookOrigin(req), await userJsonOf(db, mail.user), {
      token: mail.token.otp,
      token_hash: mail.token.hashed,
      redirect_to: mail.redirectTo,
      email_action_type: ACTION_TYPE[mail.type],
      token_new: "",
      token_hash_new: "",
    });
    return;
  }
  const verifyType = VERIFY_TYPE[mail.type];
  const link = verifyType ? actionLink(ctx, mail.token.hashed, verifyType, mail.redirectTo) : null;
  const data = {
    ConfirmationURL: link ?? "",
    Token: mail.token.otp,
    TokenHash: mail.token.hashed,
    SiteURL: ctx.config.auth.site_url,
    Email: mail.email ?? mail.to,
    NewEmail: mail.newEmail ?? "",
    RedirectTo: mail.redirectTo,
    Data: mail.data ?? {},
  };
  const template = templateFor(ctx.config, mail.type);
  const html = renderTemplate(template.html, data, true);
  await storeMail(db, {
    to: mail.to,
    subject: renderTemplate(template.subject, data, false),
    html,
    text: htmlToText(html),
    actionLink: link,
    type: mail.type,
  });
  ctx.log.debug(`mail ${mail.type} to ${mail.to} (${req.method} ${req.url})`);
}
