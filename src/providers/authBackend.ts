// The console's way to auth (sign-in, password, authenticator app), with the auth client
// alone (authClient.ts), so the sign-in screens load no more of supabase-js than auth. What a sign-in does past the password (the operator
// gate, the console's first reads) is the console's side, in the console's chunks, which the
// sign-in screens start loading as the operator submits (consoleLoader.preloadConsole).
import { MESSAGES } from "../i18n/messages";
import { authClient } from "./authClient";
import { changePassword } from "./changePassword";
import { confirmCode, removeApp, startSetup, verifiedApp } from "./mfa";
import { type AuthOutcome, failed, hasSession, requestPasswordReset, setNewPassword, signIn } from "./signIn";

/** The operator gate, through the console's backend (a chunk that may still be on its way). */
async function finishSignIn(): Promise<AuthOutcome> {
  const loaded = await import("./backend").catch(() => undefined);
  return loaded ? loaded.backend.auth.finishSignIn() : failed(MESSAGES.network);
}

export const authBackend = {
  /**
   * Makes the auth client as the page opens: it reads the session a sign-in or recovery link
   * carries in the URL before anything changes the address, and keeps the session fresh.
   */
  start: (): void => void authClient(),
  signIn: (credentials: { email: string; password: string }) => signIn(authClient(), credentials, finishSignIn),
  /** After the second factor: the sign-in's last steps (access check, session mark). */
  finishSignIn,
  hasSession: () => hasSession(authClient()),
  requestPasswordReset: (email: string) => requestPasswordReset(authClient(), email),
  setNewPassword: (password: string) => setNewPassword(authClient(), password),
  changePassword: (email: string, currentPassword: string, newPassword: string) =>
    changePassword(authClient(), email, currentPassword, newPassword),
  /** The authenticator app: the second step of a sign-in, and its set-up on /profile. */
  mfa: {
    verifiedApp: () => verifiedApp(authClient()),
    confirmCode: (factorId: string, code: string) => confirmCode(authClient(), factorId, code),
    startSetup: (name: string) => startSetup(authClient(), name),
    removeApp: (factorId: string) => removeApp(authClient(), factorId),
  },
};
