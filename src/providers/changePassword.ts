// Password change with the current password proven first. Auth's PUT /user changes the
// password of whoever holds the session; re-signing in with the current password is what
// proves it is the operator at the keyboard (and leaves the console on a fresh session,
// which the change keeps while every other session of the account ends).
import type { GoTrueClient } from "@supabase/auth-js";
import { authErrorMessage } from "./authErrors";

export type PasswordChange = { ok: true } | { ok: false; field?: "currentPassword" | "newPassword"; message: string };

export const WRONG_CURRENT = "The current password is not correct.";

export async function changePassword(
  auth: GoTrueClient,
  email: string,
  currentPassword: string,
  newPassword: string,
): Promise<PasswordChange> {
  const proof = await auth.signInWithPassword({ email, password: currentPassword });
  if (proof.error) {
    if (proof.error.code === "invalid_credentials")
      return { ok: false, field: "currentPassword", message: WRONG_CURRENT };
    return { ok: false, message: authErrorMessage(proof.error) };
  }
  // current_password: where Auth is configured to require it, it checks it itself.
  const { error } = await auth.updateUser({ password: newPassword, current_password: currentPassword });
  if (error) {
    const field = error.code === "weak_password" || error.code === "same_password" ? "newPassword" : undefined;
    return { ok: false, field, message: authErrorMessage(error) };
  }
  return { ok: true };
}
