// @vitest-environment jsdom
// The session marks: a chosen sign-out, and whether a session was open before this page.
import { beforeEach, expect, it } from "vitest";
import { isSigningOut, markSignedIn, markSigningOut, sessionWasLost } from "./session";

beforeEach(() => localStorage.clear());

it("a sign-out is over once the operator signs in again without a page load", () => {
  markSigningOut();
  expect(isSigningOut()).toBe(true);
  markSignedIn();
  // The access watch ends revoked sessions again (it stands aside while signing out).
  expect(isSigningOut()).toBe(false);
  expect(sessionWasLost()).toBe(true);
  expect(sessionWasLost()).toBe(false);
});
