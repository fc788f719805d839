// Sign-in, password reset and a new password, with supabase-js auth directly: the sign-in
// screens run before (and without) Refine, and Refine's authProvider signs in through here too.
import type { SupabaseClient } from "@supabase/supabase-js";
import { MESSAGES } from "../i18n/messages";
import { authErrorMessage } from "./authErrors";
import { forgetFirstReads, IDENTITY, PREFERENCES, rpcReadKey, startFirstRead, takeScreenReads } from "./firstReads";
import { needsSecondFactor } from "./mfa";
import type { PermissionStore } from "./permissions";
import { readPreferenceRow } from "./preferenceRows";
import { markSignedIn, markSigningOut } from "./session";
import { readStaffRow } from "./staffRow";

/** `secondFactor`: the password was right; the authenticator app's code comes next. */
export type AuthOutcome = { ok: true } | { ok: false; message: string; secondFactor?: true };

const failed = (message: string): AuthOutcome => ({ ok: false, message });

/** Staff only: an account without permission rows is signed out again. */
async function passesStaffGate(client: SupabaseClient, permissions: PermissionStore): Promise<boolean> {
  const held = await permissions.get();
  if (held.size > 0) return true;
  markSigningOut();
  await client.auth.signOut({ scope: "local" });
  return false;
}

export async function signIn(
  client: SupabaseClient,
  permissions: PermissionStore,
  { email, password }: { email: string; password: string },
): Promise<AuthOutcome> {
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) return failed(authErrorMessage(error));
  try {
    if (await needsSecondFactor(client)) return { ok: false, message: "", secondFactor: true };
  } catch {
    return failed(MESSAGES.network);
  }
  return finishSignIn(client, permissions);
}

/**
 * Starts what the console reads first (firstReads.ts) when a session exists: the staff gate's
 * permissions and the first screen's reads, side by side. Returns whether there is a session.
 */
export async function warmUp(client: SupabaseClient, permissions: PermissionStore): Promise<boolean> {
  const { data } = await client.auth.getSession();
  const userId = data.session?.user.id;
  if (!userId) return false;
  startFirstRead(userId, IDENTITY, () => readStaffRow(client, userId));
  startFirstRead(userId, PREFERENCES, () => readPreferenceRow(client, userId));
  for (const read of takeScreenReads()) {
    startFirstRead(userId, rpcReadKey(read), () => client.rpc(read.rpc, read.args, { get: true }));
  }
  // A failure here is the console's to report when it asks again (the store does not keep it).
  permissions.get().catch(() => undefined);
  return true;
}

/** After the password (and the app's code, when the account has one): the staff gate. */
export async function finishSignIn(client: SupabaseClient, permissions: PermissionStore): Promise<AuthOutcome> {
  permissions.clear();
  await warmUp(client, permissions);
  try {
    if (!(await passesStaffGate(client, permissions))) {
      forgetFirstReads();
      return failed(MESSAGES.noAccess);
    }
  } catch {
    forgetFirstReads();
    return failed(MESSAGES.network);
  }
  markSignedIn();
  return { ok: true };
}

/** The e-mail's link opens /update-password with a recovery session. */
export async function requestPasswordReset(client: SupabaseClient, email: string): Promise<AuthOutcome> {
  const redirectTo = `${window.location.origin}/update-password`;
  const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo });
  return error ? failed(authErrorMessage(error)) : { ok: true };
}

export const LINK_EXPIRED = "This link has expired or was already used. Request a new one.";

/** Sets the password of the recovery or invite session the e-mail link opened. */
export async function setNewPassword(client: SupabaseClient, password: string): Promise<AuthOutcome> {
  const { data } = await client.auth.getSession();
  if (!data.session) return failed(LINK_EXPIRED);
  const { error } = await client.auth.updateUser({ password });
  if (error) return failed(authErrorMessage(error));
  markSignedIn();
  return { ok: true };
}

/** True when this browser holds a session (the console checks the rest). */
export async function hasSession(client: SupabaseClient): Promise<boolean> {
  const { data } = await client.auth.getSession();
  return Boolean(data.session);
}
