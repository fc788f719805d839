// Answers that must match GoTrue's word for word, found by the official auth-js
// suite: pagination defaults, e-mail validation, metadata admin calls leave alone,
// reauthentication messages, and the "disabled" errors of features the CLI's
// defaults leave off (manual linking, SAML SSO, Web3, OIDC id_token, phone OTP).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "./fixtures/auth/helpers.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projectDir: path.join(FIXTURES, "auth") });
});
afterAll(async () => {
  await stack?.stop();
});

const authUrl = () => `${stack.url}/auth/v1`;
const INVALID_EMAIL = "xx:;x@x.x";

describe("admin API as GoTrue reads it", () => {
  it("treats empty page and per_page (what listUsers() sends) as the defaults", async () => {
    const res = await fetch(`${authUrl()}/admin/users?page=&per_page=`, {
      headers: { apikey: stack.keys.serviceRole, authorization: `Bearer ${stack.keys.serviceRole}` },
    });
    expect(res.status).toBe(200);
    expect((await stack.service().auth.admin.listUsers()).error).toBeNull();
  });

  it("refuses addresses GoTrue's checkmail refuses, in createUser, invite and generateLink", async () => {
    const admin = stack.service().auth.admin;
    const expected = {
      status: 400,
      code: "validation_failed",
      message: "Unable to validate email address: invalid format",
    };
    expect((await admin.createUser({ email: INVALID_EMAIL, password: "password-1" })).error).toMatchObject(expected);
    expect((await admin.inviteUserByEmail(INVALID_EMAIL)).error).toMatchObject(expected);
    const link = await admin.generateLink({ type: "magiclink", email: INVALID_EMAIL });
    expect(link.error).toMatchObject(expected);
    expect((await admin.createUser({ email: "ops+tag@example.org" })).error).toBeNull();
  });

  it("keeps user_metadata as given for unconfirmed admin-created and invited users", async () => {
    const admin = stack.service().auth.admin;
    const created = await admin.createUser({ email: uniqueEmail("meta"), user_metadata: { team: "ops" } });
    expect(created.data.user?.user_metadata).toEqual({ team: "ops" });
    const invited = await admin.inviteUserByEmail(uniqueEmail("inv"), { data: { team: "qa" } });
    expect(invited.data.user?.user_metadata).toEqual({ team: "qa" });
    const confirmed = await admin.createUser({ email: uniqueEmail("conf"), email_confirm: true });
    expect(confirmed.data.user?.user_metadata).toEqual({ email_verified: true });
  });
});

describe("user endpoints", () => {
  it("words reauthentication refusals as GoTrue does", async () => {
    // A user without e-mail or phone, as an anonymous sign-in makes one.
    const [{ id }] = await stack.sql<{ id: string }>(
      `insert into auth.users (instance_id, id, aud, role, is_anonymous, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', true, now(), now())
       returning id`,
    );
    const now = Math.floor(Date.now() / 1000);
    const token = await stack.ctx.jwt.sign({
      sub: id,
      role: "authenticated",
      aud: "authenticated",
      iat: now,
      exp: now + 60,
    });
    const res = await fetch(`${authUrl()}/reauthenticate`, {
      headers: { apikey: stack.keys.anon, authorization: `Bearer ${token}`, "x-supabase-api-version": "2024-01-01" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: "validation_failed",
      msg: "Reauthentication requires the user to have an email or a phone number",
    });
    const user = stack.anon();
    await user.auth.signUp({ email: uniqueEmail("reauth"), password: "password-1" });
    const done = await user.auth.reauthenticate();
    expect(done.error).toBeNull();
    const { error } = await user.auth.updateUser({ password: "password-2", nonce: "000000" });
    expect(error?.code).not.toBe("reauthentication_not_valid"); // a recent session needs no nonce
  });

  it("answers the features the CLI leaves off with their own errors, not 404 Unsupported path", async () => {
    const client = stack.anon();
    await client.auth.signUp({ email: uniqueEmail("off"), password: "password-1" });
    const link = await client.auth.linkIdentity({ provider: "github", options: { skipBrowserRedirect: true } });
    expect(link.error).toMatchObject({
      status: 404,
      code: "manual_linking_disabled",
      message: "Manual linking is disabled",
    });
    const { data } = await client.auth.getUserIdentities();
    const unlink = await client.auth.unlinkIdentity(data?.identities[0] as never);
    expect(unlink.error).toMatchObject({ code: "manual_linking_disabled" });

    const sso = await client.auth.signInWithSSO({ domain: "example.org" });
    expect(sso.error).toMatchObject({ status: 404, code: "saml_provider_disabled", message: "SAML 2.0 is disabled" });
    const idToken = await client.auth.signInWithIdToken({ provider: "google", token: "not-a-token" });
    expect(idToken.error).toMatchObject({
      status: 400,
      code: "provider_disabled",
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    });
    const web3 = await fetch(`${authUrl()}/token?grant_type=web3`, {
      method: "POST",
      headers: { apikey: stack.keys.anon, "content-type": "application/json" },
      body: JSON.stringify({ chain: "solana", message: "m", signature: "s" }),
    });
    expect(await web3.json()).toMatchObject({ error_code: "web3_provider_disabled", msg: "Web3 provider is disabled" });
  });

  it("checks a phone OTP's number, then finds no such user (there are no phone users)", async () => {
    const client = stack.anon();
    const bad = await client.auth.verifyOtp({ phone: "+1555-invalid", token: "123456", type: "sms" });
    expect(bad.error).toMatchObject({
      code: "validation_failed",
      message: "Invalid phone number format (E.164 required)",
    });
    const none = await client.auth.verifyOtp({ phone: "+15555550100", token: "123456", type: "sms" });
    expect(none.error).toMatchObject({ status: 403, code: "otp_expired", message: "Token has expired or is invalid" });
  });

  it("refuses a phone password sign-in while [auth.sms] enable_signup is off, as GoTrue", async () => {
    const { error } = await stack.anon().auth.signInWithPassword({ phone: "+15555550100", password: "password-1" });
    expect(error).toMatchObject({ status: 422, code: "phone_provider_disabled", message: "Phone logins are disabled" });
  });
});
