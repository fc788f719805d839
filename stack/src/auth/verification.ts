// Verifying e-mail tokens (GoTrue's verify.go): find the user by the hashed token
// (link) or by e-mail + OTP (code), check expiry, then confirm, recover or change
// the e-mail. The caller turns the outcome into a session, a redirect or a message.
import type pg from "pg";
import { AUTH_ERRORS } from "./errors.js";
import { clearOneTimeToken, PKCE_PREFIX, type TokenColumn, tokenHash } from "./otp.js";
import type { AuthMethod } from "./sessions.js";
import type { AuthContext } from "./state.js";
import { confirmEmail, findUserByToken, isBanned, isConfirmed, type UserRow, updateUser } from "./users.js";

const VERIFY_TYPES = ["signup", "invite", "magiclink", "recovery", "email_change", "email"] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

const COLUMNS: Record<VerifyType, TokenColumn[]> = {
  signup: ["confirmation_token"],
  invite: ["confirmation_token"],
  magiclink: ["recovery_token"],
  recovery: ["recovery_token"],
  email_change: ["email_change_token_new", "email_change_token_current"],
  email: ["confirmation_token", "recovery_token"],
};

const SENT_AT: Record<TokenColumn, keyof UserRow> = {
  confirmation_token: "confirmation_sent_at",
  recovery_token: "recovery_sent_at",
  email_change_token_new: "email_change_sent_at",
  email_change_token_current: "email_change_sent_at",
  reauthentication_token: "reauthentication_sent_at",
};

export function isVerifyType(value: unknown): value is VerifyType {
  return typeof value === "string" && (VERIFY_TYPES as readonly string[]).includes(value);
}

export type VerifyOutcome =
  | { kind: "signed_in"; userId: string; method: AuthMethod; pkce: boolean }
  | { kind: "email_change_pending" };

export interface VerifyInput {
  type: VerifyType;
  /** The hashed token of a link (or `token_hash` of verifyOtp). */
  tokenHash?: string;
  /** Or the e-mail and the OTP code the mail showed. */
  email?: string;
  otp?: string;
}

const stripPkce = (value: string) => (value.startsWith(PKCE_PREFIX) ? value.slice(PKCE_PREFIX.length) : value);

async function findByOtp(db: pg.ClientBase, columns: TokenColumn[], email: string, otp: string) {
  const hash = tokenHash(email, otp);
  const { rows } = await db.query<UserRow>(
    `select * from auth.users where aud = 'authenticated' and (lower(email) = lower($1) or lower(email_change) = lower($1))
     for update`,
    [email],
  );
  for (const user of rows) {
    const column = columns.find((c) => user[c] && stripPkce(user[c] as string) === hash);
    if (column) return { user, column };
  }
  return null;
}

async function findUser(db: pg.ClientBase, input: VerifyInput): Promise<{ user: UserRow; column: TokenColumn } | null> {
  const columns = COLUMNS[input.type];
  if (input.tokenHash) {
    const user = await findUserByToken(db, columns, input.tokenHash);
    const column = user && columns.find((c) => user[c] === input.tokenHash);
    return user && column ? { user, column } : null;
  }
  if (input.email && input.otp) return findByOtp(db, columns, input.email, input.otp);
  throw AUTH_ERRORS.validationFailed("Verify requires either a token or a token hash");
}

function isExpired(ctx: AuthContext, user: UserRow, column: TokenColumn): boolean {
  const sentAt = user[SENT_AT[column]] as Date | null;
  return !sentAt || sentAt.getTime() + ctx.config.auth.email.otp_expiry * 1000 < ctx.clock.now();
}

async function clearToken(db: pg.ClientBase, user: UserRow, column: TokenColumn) {
  await updateUser(db, user.id, { [column]: "" });
  await clearOneTimeToken(db, user.id, column);
}

/** Applies a confirmed e-mail change: the address, the identity and the confirmation. */
async function applyEmailChange(db: pg.ClientBase, user: UserRow): Promise<void> {
  await db.query(
    `update auth.users set email = email_change, email_change = '', email_change_token_new = '',
       email_change_token_current = '', email_change_confirm_status = 0,
       email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where id = $1`,
    [user.id],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [user.id, user.email_change],
  );
  await clearOneTimeToken(db, user.id, "email_change_token_new");
  await clearOneTimeToken(db, user.id, "email_change_token_current");
}

export async function verify(ctx: AuthContext, db: pg.ClientBase, input: VerifyInput): Promise<VerifyOutcome> {
  const found = await findUser(db, input);
  if (!found || isExpired(ctx, found.user, found.column)) {
    throw AUTH_ERRORS.otpExpired();
  }
  const { user, column } = found;
  if (isBanned(user, ctx.clock.now())) throw AUTH_ERRORS.userBannedConfirming();
  const pkce = (user[column] as string).startsWith(PKCE_PREFIX);
  const signedIn = (method: AuthMethod): VerifyOutcome => ({ kind: "signed_in", userId: user.id, method, pkce });

  if (column === "confirmation_token") {
    await clearOneTimeToken(db, user.id, column);
    await confirmEmail(db, user.id);
    return signedIn(input.type === "invite" ? "invite" : "email/signup");
  }
  if (column === "recovery_token") {
    await clearToken(db, user, column);
    if (!isConfirmed(user)) await confirmEmail(db, user.id);
    return signedIn(input.type === "recovery" ? "recovery" : "magiclink");
  }
  // E-mail change: with double confirmation the first of the two links only records progress.
  const secure = ctx.config.auth.email.double_confirm_changes && !!user.email && !!user.email_change_token_current;
  if (secure && (user.email_change_confirm_status ?? 0) === 0) {
    await clearToken(db, user, column);
    await updateUser(db, user.id, { email_change_confirm_status: 1 });
    return { kind: "email_change_pending" };
  }
  await applyEmailChange(db, user);
  return signedIn("email_change");
}
