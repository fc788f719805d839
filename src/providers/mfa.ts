// Two-factor sign-in with an authenticator app (TOTP) through supabase-js: setting
// one up on /profile, asking for its code at sign-in, and removing it. Whether a
// session must have passed it is the database's call (app.mfa_ok); this only helps
// the operator get there.
import type { GoTrueClient } from "@supabase/auth-js";
import { svgImageSource } from "../lib/svgImage";
import { authErrorMessage } from "./authErrors";

export interface TotpSetup {
  factorId: string;
  /** The QR code as an <img> source (lib/svgImage.ts: auth-js's own data URL is cut off at its first `#`). */
  qrImage: string;
  secret: string;
}

const ok = <T>({ data, error }: { data: T | null; error: { message: string } | null }): T => {
  if (error) throw new Error(authErrorMessage(error));
  return data as T;
};

/** The session signed in with a password but the account has an app: its code comes next. */
export async function needsSecondFactor(auth: GoTrueClient): Promise<boolean> {
  const aal = ok(await auth.mfa.getAuthenticatorAssuranceLevel());
  return aal.nextLevel === "aal2" && aal.currentLevel !== "aal2";
}

/** The account's confirmed authenticator app, if it has one. */
export async function verifiedApp(auth: GoTrueClient): Promise<string | undefined> {
  return ok(await auth.mfa.listFactors()).totp[0]?.id;
}

/** Checks a code from the app; the session becomes aal2. */
export async function confirmCode(auth: GoTrueClient, factorId: string, code: string): Promise<void> {
  ok(await auth.mfa.challengeAndVerify({ factorId, code }));
}

/** GoTrue's error_code for a factor that no longer exists. */
const FACTOR_GONE = "mfa_factor_not_found";

/** A new app to scan; a half-finished earlier set-up is dropped first (they share a name). */
export async function startSetup(auth: GoTrueClient, name: string): Promise<TotpSetup> {
  const { all } = ok(await auth.mfa.listFactors());
  for (const stale of all.filter((f) => f.status === "unverified")) {
    const { error } = await auth.mfa.unenroll({ factorId: stale.id });
    // Already gone is what this wanted: a cancelled set-up's removal (MfaCard) may finish
    // between the list and this call.
    if (error && error.code !== FACTOR_GONE) throw new Error(authErrorMessage(error));
  }
  const enrolled = ok(await auth.mfa.enroll({ factorType: "totp", friendlyName: name }));
  return { factorId: enrolled.id, qrImage: svgImageSource(enrolled.totp.qr_code), secret: enrolled.totp.secret };
}

/** Removes an app, confirmed or one whose set-up the operator gave up. */
export async function removeApp(auth: GoTrueClient, factorId: string): Promise<void> {
  ok(await auth.mfa.unenroll({ factorId }));
}
