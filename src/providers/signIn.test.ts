// @vitest-environment jsdom
import type { GoTrueClient } from "@supabase/auth-js";
import { describe, expect, it, vi } from "vitest";
import { setNewPassword } from "./signIn";

/** Just what setNewPassword asks of the auth client. */
function fakeAuth(options: { aal: [string, string]; updateError?: { code: string; message: string } }) {
  const updateUser = vi.fn(async () => ({ data: {}, error: options.updateError ?? null }));
  const auth = {
    getSession: async () => ({ data: { session: { access_token: "t" } } }),
    mfa: {
      getAuthenticatorAssuranceLevel: async () => ({
        data: { currentLevel: options.aal[0], nextLevel: options.aal[1] },
        error: null,
      }),
    },
    updateUser,
  } as unknown as GoTrueClient;
  return { auth, updateUser };
}

describe("setNewPassword", () => {
  it("asks for the authenticator app's code before a reset link's aal1 session may set it", async () => {
    const { auth, updateUser } = fakeAuth({ aal: ["aal1", "aal2"] });
    expect(await setNewPassword(auth, "a-new-password")).toEqual({ ok: false, message: "", secondFactor: true });
    expect(updateUser).not.toHaveBeenCalled();
  });

  it("asks for the code when Auth answers insufficient_aal", async () => {
    const { auth } = fakeAuth({
      aal: ["aal1", "aal1"],
      updateError: { code: "insufficient_aal", message: "AAL2 session is required" },
    });
    expect(await setNewPassword(auth, "a-new-password")).toMatchObject({ ok: false, secondFactor: true });
  });

  it("sets it at once for an account without an app", async () => {
    const { auth, updateUser } = fakeAuth({ aal: ["aal1", "aal1"] });
    expect(await setNewPassword(auth, "a-new-password")).toEqual({ ok: true });
    expect(updateUser).toHaveBeenCalledWith({ password: "a-new-password" });
  });
});
