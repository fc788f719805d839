// One-time tokens as GoTrue makes them: a numeric OTP mailed to the user, and its
// hash sha224(hex)(email + otp) stored in the user's token column (prefixed with
// `pkce_` for PKCE flows) and mirrored into auth.one_time_tokens.
import { createHash, randomInt } from "node:crypto";
import type pg from "pg";

export const PKCE_PREFIX = "pkce_";

export type TokenColumn =
  | "confirmation_token"
  | "recovery_token"
  | "email_change_token_new"
  | "email_change_token_current"
  | "reauthentication_token";

/** auth.one_time_token_type for each users column. */
const TOKEN_TYPE: Record<TokenColumn, string> = {
  confirmation_token: "confirmation_token",
  recovery_token: "recovery_token",
  email_change_token_new: "email_change_token_new",
  email_change_token_current: "email_change_token_current",
  reauthentication_token: "reauthentication_token",
};

export function generateOtp(length: number): string {
  let otp = "";
  for (let i = 0; i < length; i++) otp += String(randomInt(10));
  return otp;
}

export function tokenHash(email: string, otp: string): string {
  return createHash("sha224")
    .update(email + otp)
    .digest("hex");
}

export interface IssuedToken {
  otp: string;
  /** What the users column and the action link carry. */
  hashed: string;
}

export function issueToken(email: string, otpLength: number, pkce: boolean): IssuedToken {
  const otp = generateOtp(otpLength);
  const hash = tokenHash(email, otp);
  return { otp, hashed: pkce ? PKCE_PREFIX + hash : hash };
}

/** Keeps auth.one_time_tokens in step with a users token column (GoTrue writes both). */
export async function recordOneTimeToken(
  db: pg.ClientBase,
  userId: string,
  column: TokenColumn,
  hashed: string,
  relatesTo: string,
): Promise<void> {
  await db.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to)
     values (gen_random_uuid(), $1, $2::auth.one_time_token_type, $3, $4)
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [userId, TOKEN_TYPE[column], hashed, relatesTo],
  );
}

export async function clearOneTimeToken(db: pg.ClientBase, userId: string, column: TokenColumn): Promise<void> {
  await db.query("delete from auth.one_time_tokens where user_id = $1 and token_type = $2::auth.one_time_token_type", [
    userId,
    TOKEN_TYPE[column],
  ]);
}
