import { describe, expect, it } from "vitest";
import { collectMessages, createI18n } from "../i18n";
import { createI18nProvider } from "../i18n/i18nProvider";
import { localizeMessage, MESSAGES } from "../i18n/messages";
import { authErrorMessage } from "./authErrors";

const german = createI18nProvider(
  createI18n(
    collectMessages(import.meta.glob<{ default: Record<string, string> }>("../i18n/locales/*/*.ts", { eager: true })),
    "de",
  ),
);
const inGerman = (error: Parameters<typeof authErrorMessage>[0]) =>
  localizeMessage(authErrorMessage(error), german.translate);

describe("authErrorMessage", () => {
  it("says wrong e-mail or password for invalid credentials", () => {
    expect(authErrorMessage({ status: 400, code: "invalid_credentials", message: "Invalid login credentials" })).toBe(
      MESSAGES.wrongCredentials,
    );
  });

  it("asks to wait after too many attempts", () => {
    expect(
      authErrorMessage({ status: 429, code: "over_request_rate_limit", message: "Request rate limit reached" }),
    ).toBe(MESSAGES.tooManyAttempts);
  });

  it("reports an unreachable server", () => {
    expect(authErrorMessage({ status: 0, name: "AuthRetryableFetchError", message: "Failed to fetch" })).toBe(
      MESSAGES.network,
    );
  });

  it("words a wrong authenticator code by its code, in German too, never the server's English", () => {
    const wrong = { status: 422, code: "mfa_verification_failed", message: "Invalid TOTP code entered" };
    expect(authErrorMessage(wrong)).toBe("That code is not right. Enter the code your authenticator app shows now.");
    expect(inGerman(wrong)).toBe(
      "Dieser Code stimmt nicht. Geben Sie den Code ein, den Ihre Authenticator-App jetzt zeigt.",
    );
    // The code decides, whatever text the server sends.
    expect(authErrorMessage({ ...wrong, message: "Ungültiger Code" })).toBe(authErrorMessage(wrong));
  });

  it("has German for every code it words", () => {
    for (const code of [
      "weak_password",
      "same_password",
      "email_not_confirmed",
      "mfa_challenge_expired",
      "insufficient_aal",
    ]) {
      const english = authErrorMessage({ status: 400, code, message: "server text" });
      expect(english).not.toBe("server text");
      expect(inGerman({ status: 400, code, message: "server text" })).not.toBe(english);
    }
  });

  it("names an unknown code in a sentence of its own instead of the server's text", () => {
    const other = { status: 400, code: "something_new", message: "Something new happened" };
    expect(authErrorMessage(other)).toBe("The sign-in service refused this (something_new). Try again.");
    expect(inGerman(other)).toBe("Der Anmeldedienst hat das abgelehnt (something_new). Versuchen Sie es erneut.");
    expect(authErrorMessage({ status: 500, message: "boom" })).toBe(
      "The sign-in service could not do this. Try again.",
    );
  });
});
