// Auth errors (sign-in, password, authenticator app) in docs/product.md §8 words, chosen by
// the error's `code` (GoTrue's error_code), never by its English text: the screens show them
// through localizeMessage, in the operator's language. A code without a sentence of its own
// gets a general one naming the code, never the server's English.
import { MESSAGES, templated } from "../i18n/messages";

export interface AuthLikeError {
  status?: number;
  code?: string;
  message: string;
  name?: string;
}

/** Sentences for the codes an operator can meet: message key and English text. */
const BY_CODE: Record<string, [string, string]> = {
  weak_password: ["auth.errors.weakPassword", "Choose a stronger password of at least 10 characters."],
  same_password: ["auth.errors.samePassword", "The new password must differ from the old one."],
  email_not_confirmed: [
    "auth.errors.emailNotConfirmed",
    "Confirm your e-mail address first: open the link we sent you.",
  ],
  user_banned: ["auth.errors.userBanned", "This account is blocked. Ask an administrator."],
  mfa_verification_failed: [
    "auth.errors.wrongCode",
    "That code is not right. Enter the code your authenticator app shows now.",
  ],
  mfa_challenge_expired: ["auth.errors.codeExpired", "That took too long. Enter the code your app shows now."],
  mfa_ip_address_mismatch: [
    "auth.errors.networkChanged",
    "Your network changed during the check. Enter the code again.",
  ],
  mfa_factor_not_found: ["auth.errors.appGone", "This authenticator app is no longer set up. Start the set-up again."],
  mfa_factor_name_conflict: ["auth.errors.appExists", "An authenticator app is already being set up. Start again."],
  too_many_enrolled_mfa_factors: ["auth.errors.tooManyApps", "This account has too many authenticator apps set up."],
  mfa_totp_enroll_not_enabled: ["auth.errors.appsOff", "Authenticator apps are turned off for this project."],
  mfa_totp_verify_not_enabled: ["auth.errors.appsOff", "Authenticator apps are turned off for this project."],
  insufficient_aal: ["auth.errors.needsCode", "Confirm with your authenticator app's code first."],
  reauthentication_needed: ["auth.errors.reauthenticate", "Sign in again to confirm this change."],
  otp_expired: ["auth.errors.linkExpired", "This link has expired or was already used. Request a new one."],
};

/** Answers of the server that mean the session is gone. */
const SESSION_GONE = new Set(["session_not_found", "refresh_token_not_found", "refresh_token_already_used", "bad_jwt"]);

export function authErrorMessage(error: AuthLikeError): string {
  const code = error.code ?? "";
  if (error.status === 429 || code.startsWith("over_")) return MESSAGES.tooManyAttempts;
  if (code === "invalid_credentials") return MESSAGES.wrongCredentials;
  if (SESSION_GONE.has(code)) return MESSAGES.sessionEnded;
  // auth-js's own class for a request that never got an answer (or a 502/503/504).
  if (error.name === "AuthRetryableFetchError" || error.status === 0) return MESSAGES.network;
  const known = BY_CODE[code];
  if (known) return templated(known[1], known[0]);
  return code
    ? templated(`The sign-in service refused this (${code}). Try again.`, "auth.errors.other", { code })
    : templated("The sign-in service could not do this. Try again.", "auth.errors.unknown");
}
