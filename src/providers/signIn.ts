// Sign-in, password reset and a new password, with the auth client alone: the sign-in
// screens run before (and without) Refine and the rest of supabase-js, and Refine's
// authProvider signs in through here too. What follows a right password (the operator gate
// and the console's first reads) is the console's side: operatorGate.ts, passed in as `finish`.
import type { GoTrueClient } from "@supabase/auth-js";
import { MESSAGES } from "../i18n/messages";
import { authErrorMessage } from "./authErrors";
import { needsSecondFactor } from "./mfa";
import { markSignedIn } from "./session";

/** `secondFactor`: the password was right; the authenticator app's code comes next. */
export type AuthOutcome = { ok: true } | { ok: false; message: string; secondFactor?: true };

export const failed = (message: string): AuthOutcome => ({ ok: false, message });

export async function signIn(
  auth: GoTrueClient,
  { email, password }: { email: string; password: string },
  finish: () => Promise<AuthOutcome>,
): Promise<AuthOutcome> {
  const { error } = await auth.signInWithPassword({ email, password });
  if (error) return failed(authErrorMessage(error));
  try {
    if (await needsSecondFactor(auth)) return { ok: false, message: "", secondFactor: true };
  } catch {
    return failed(MESSAGES.network);
  }
  return finish();
}

/** The e-mail's link opens /update-password with a recovery session. */
export async function requestPasswordReset(auth: GoTrueClient, email: string): Promise<AuthOutcome> {
  const redirectTo = `${window.location.origin}/update-password`;
  const { error } = await auth.resetPasswordForEmail(email, { redirectTo });
  return error ? failed(authErrorMessage(error)) : { ok: true };
}

export const LINK_EXPIRED = "This link has expired or was already used. Request a new one.";

/**
 * Sets the password of the recovery or invite session the e-mail link opened. An
 * account with an authenticator app needs its code first (Auth refuses an aal1
 * session with insufficient_aal): the outcome asks for the second factor.
 */
export async function setNewPassword(auth: GoTrueClient, password: string): Promise<AuthOutcome> {
  const { data } = await auth.getSession();
  if (!data.session) return failed(LINK_EXPIRED);
  const secondFactor: AuthOutcome = { ok: false, message: "", secondFactor: true };
  try {
    if (await needsSecondFactor(auth)) return secondFactor;
  } catch {
    return failed(MESSAGES.network);
  }
  const { error } = await auth.updateUser({ password });
  if (error?.code === "insufficient_aal") return secondFactor;
  if (error) return failed(authErrorMessage(error));
  markSignedIn();
  return { ok: true };
}

/** True when this browser holds a session (the console checks the rest). */
export async function hasSession(auth: GoTrueClient): Promise<boolean> {
  const { data } = await auth.getSession();
  return Boolean(data.session);
}
