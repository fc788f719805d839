// [auth] enable_signup = false: nobody signs up, admins still create and invite.
// enable_refresh_token_rotation = false: a refresh token stays the same.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followLink, latestMail, uniqueEmail } from "./fixtures/auth/helpers.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projectDir: path.join(FIXTURES, "auth-closed") });
});
afterAll(async () => {
  await stack?.stop();
});

describe("closed sign-ups", () => {
  it("refuses sign-ups and magic links for unknown addresses, and says so in settings", async () => {
    const email = uniqueEmail();
    const signUp = await stack.anon().auth.signUp({ email, password: "password-1" });
    expect(signUp.error).toMatchObject({ status: 422, code: "signup_disabled" });
    const otp = await stack.anon().auth.signInWithOtp({ email });
    expect(otp.error).toMatchObject({ status: 422, code: "signup_disabled" });
    const [{ n }] = await stack.sql("select count(*)::int as n from auth.users where email = $1", [email]);
    expect(n).toBe(0);
    const settings = await (
      await fetch(`${stack.url}/auth/v1/settings`, { headers: { apikey: stack.keys.anon } })
    ).json();
    expect(settings.disable_signup).toBe(true);
    expect(settings.external).toMatchObject({ github: true, google: false, apple: false, email: true });
  });

  it("still lets admins create and invite users, who then sign in", async () => {
    const admin = stack.service().auth.admin;
    const created = uniqueEmail("created");
    expect((await admin.createUser({ email: created, password: "password-1", email_confirm: true })).error).toBeNull();
    expect((await stack.anon().auth.signInWithPassword({ email: created, password: "password-1" })).error).toBeNull();

    const invited = uniqueEmail("invited");
    expect((await admin.inviteUserByEmail(invited)).error).toBeNull();
    const link = await followLink((await latestMail(stack, invited)).action_link as string);
    expect(link.fragment.get("type")).toBe("invite");
    // A known, confirmed address may use magic links even with sign-ups closed.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await stack.anon().auth.signInWithOtp({ email: invited })).error).toBeNull();
  });

  it("changes the e-mail through generated email_change links", async () => {
    const admin = stack.service().auth.admin;
    const email = uniqueEmail("old");
    const newEmail = uniqueEmail("new");
    await admin.createUser({ email, password: "password-1", email_confirm: true });
    const current = await admin.generateLink({ type: "email_change_current", email, newEmail });
    const next = await admin.generateLink({ type: "email_change_new", email, newEmail });
    expect(current.error).toBeNull();
    expect(next.data.properties?.verification_type).toBe("email_change_new");
    // Each generate_link call issues fresh tokens for both sides; the latest pair is the valid one.
    const [row] = await stack.sql(
      "select email_change_token_current, email_change_token_new from auth.users where email = $1",
      [email],
    );
    expect(row.email_change_token_new).toBe(next.data.properties?.hashed_token);
    const viaNew = await stack.anon().auth.verifyOtp({ token_hash: row.email_change_token_new, type: "email_change" });
    expect(viaNew.error).toBeNull(); // the first of two confirmations: a message, no session
    const viaCurrent = await stack
      .anon()
      .auth.verifyOtp({ token_hash: row.email_change_token_current, type: "email_change" });
    expect(viaCurrent.error).toBeNull();
    expect(viaCurrent.data.user?.email).toBe(newEmail);
    expect((await stack.anon().auth.signInWithPassword({ email: newEmail, password: "password-1" })).error).toBeNull();
  });

  it("keeps the refresh token when rotation is off", async () => {
    const email = uniqueEmail("norotate");
    await stack.service().auth.admin.createUser({ email, password: "password-1", email_confirm: true });
    const { data } = await stack.anon().auth.signInWithPassword({ email, password: "password-1" });
    const token = data.session?.refresh_token as string;
    for (let i = 0; i < 2; i++) {
      const refreshed = await stack.anon().auth.refreshSession({ refresh_token: token });
      expect(refreshed.error).toBeNull();
      expect(refreshed.data.session?.refresh_token).toBe(token);
    }
  });
});
