// Phone sign-up and sign-in with one-time codes, as GoTrue does them once `[auth.sms]
// enable_signup` turns the phone provider on: the code goes out through the send_sms hook
// (the only SMS sender the stack has; without it, sending fails as GoTrue does without a
// provider), its hash sha224(phone + code) waits in confirmation_token, and verifying it
// confirms the number and signs the user in. Numbers are E.164 digits without "+".
// Not here (GoTrue has them): phone changes, MFA phone factors, test OTPs, the SMS limit.
import type { FastifyRequest } from "fastify";
import type pg from "pg";
import { parseGoDuration } from "../shared/duration.js";
import { AUTH_ERRORS } from "./errors.js";
import { objectOutput, runHook } from "./hooks.js";
import { generateOtp, recordOneTimeToken, tokenHash } from "./otp.js";
import type { AuthContext } from "./state.js";
import { findUserById, findUserByPhone, isBanned, renderUser, type UserRow, updateUser } from "./users.js";

/** GOTRUE_SMS_OTP_LENGTH and GOTRUE_SMS_OTP_EXP as the CLI sets them. */
const OTP_LENGTH = 6;
const OTP_EXPIRY_SECONDS = 6000;

export function phoneEnabled(ctx: AuthContext): boolean {
  return ctx.config.auth.sms.enable_signup;
}

/** GOTRUE_SMS_AUTOCONFIRM: numbers count as confirmed at sign-up unless confirmations are on. */
export function smsAutoconfirm(ctx: AuthContext): boolean {
  return !ctx.config.auth.sms.enable_confirmations;
}

/** GoTrue's validatePhone: "+" and spaces dropped, then E.164 digits. */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/^\+/, "").replaceAll(" ", "");
  if (!/^[1-9][0-9]{1,14}$/.test(digits)) throw AUTH_ERRORS.invalidPhone();
  return digits;
}

export function isPhoneConfirmed(user: UserRow): boolean {
  return user.phone_confirmed_at !== null;
}

/**
 * GoTrue's sendPhoneConfirmation: max_frequency first, then the code to the send_sms hook
 * (in the flow's transaction), then its hash into confirmation_token.
 */
export async function sendPhoneCode(
  ctx: AuthContext,
  req: FastifyRequest,
  db: pg.ClientBase,
  user: UserRow,
  phone: string,
): Promise<void> {
  const frequencyMs = parseGoDuration(ctx.config.auth.sms.max_frequency) ?? 5000;
  const waitMs = (user.confirmation_sent_at?.getTime() ?? 0) + frequencyMs - ctx.clock.now();
  if (user.confirmation_sent_at && waitMs > 0) throw AUTH_ERRORS.smsSendTooSoon(Math.ceil(waitMs / 1000));
  if (!ctx.config.auth.hook.send_sms) throw AUTH_ERRORS.smsProviderUnavailable();
  const otp = generateOtp(OTP_LENGTH);
  const current = (await findUserById(db, user.id)) ?? user;
  objectOutput(
    await runHook(ctx, "send_sms", { ip: req.ip }, { user: await renderUser(db, current), sms: { otp, phone } }, db),
  );
  const hashed = tokenHash(phone, otp);
  await updateUser(db, user.id, { confirmation_token: hashed, confirmation_sent_at: new Date(ctx.clock.now()) });
  await recordOneTimeToken(db, user.id, "confirmation_token", hashed, phone);
}

/** GoTrue's verifyUserAndToken for type sms: the user of the number, with an unexpired matching code. */
export async function userForPhoneCode(
  ctx: AuthContext,
  db: pg.ClientBase,
  phone: string,
  code: string,
): Promise<UserRow> {
  const user = await findUserByPhone(db, phone);
  if (!user) throw AUTH_ERRORS.otpExpired();
  if (isBanned(user, ctx.clock.now())) throw AUTH_ERRORS.userBannedVerifying();
  const sentAt = user.confirmation_sent_at?.getTime();
  const expected = user.confirmation_token ?? "";
  const hashed = tokenHash(phone, code);
  const fresh = sentAt !== undefined && ctx.clock.now() <= sentAt + OTP_EXPIRY_SECONDS * 1000;
  if (!expected || !fresh || (expected !== hashed && expected !== `pkce_${hashed}`)) throw AUTH_ERRORS.otpExpired();
  return user;
}
