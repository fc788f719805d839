// What the console remembers about the session across page loads: whether one was open
// (so a missing session means "ended", not "never signed in") and a notice for the login page.
const HAD_SESSION = "opsdesk.hadSession";
const NOTICE = "opsdesk.notice";

let signingOut = false;

/** A session is open: a sign-out chosen before it (without a page load since) is over. */
export function markSignedIn(): void {
  signingOut = false;
  localStorage.setItem(HAD_SESSION, "1");
}

/** The operator chose to sign out: no "session ended" notice for that. */
export function markSigningOut(): void {
  signingOut = true;
  localStorage.removeItem(HAD_SESSION);
}

export function isSigningOut(): boolean {
  return signingOut;
}

/** True once after a session that was open has gone away. */
export function sessionWasLost(): boolean {
  const had = localStorage.getItem(HAD_SESSION) === "1";
  localStorage.removeItem(HAD_SESSION);
  return had;
}

export function setLoginNotice(message: string): void {
  sessionStorage.setItem(NOTICE, message);
}

export function takeLoginNotice(): string | undefined {
  const message = sessionStorage.getItem(NOTICE) ?? undefined;
  sessionStorage.removeItem(NOTICE);
  return message;
}
