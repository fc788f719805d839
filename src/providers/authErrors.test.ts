import { describe, expect, it } from "vitest";
import { MESSAGES } from "../i18n/messages";
import { authErrorMessage } from "./authErrors";

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

  it("passes other messages through", () => {
    expect(authErrorMessage({ status: 400, code: "email_not_confirmed", message: "Email not confirmed" })).toBe(
      "Email not confirmed",
    );
  });
});
