// MFA with TOTP through supabase-js, codes computed here from the enrolment's
// secret: enrolment, challenge, verification to aal2 (in the JWT, in the AAL
// answer, and in RLS), unenrolment, and GoTrue's errors along the way. The fixture
// also signs tokens with an ES256 key: see auth-signing-keys.test.ts.
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { decodeJwt } from "jose";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "./fixtures/auth/helpers.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projectDir: path.join(FIXTURES, "auth-mfa") });
});
afterAll(async () => {
  await stack?.stop();
});

const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

async function signedIn(): Promise<SupabaseClient> {
  const email = uniqueEmail("mfa");
  const client = stack.anon();
  const { error } = await client.auth.signUp({ email, password: "password-1" });
  expect(error).toBeNull();
  return client;
}

async function enrolled(client: SupabaseClient) {
  const { data, error } = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "phone" });
  expect(error).toBeNull();
  if (!data) throw new Error("no enrolment");
  return data;
}

describe("TOTP factors", () => {
  it("enrols with a secret, URI and QR code, and verifies a code to aal2", async () => {
    const client = await signedIn();
    const factor = await enrolled(client);
    expect(factor).toMatchObject({ type: "totp", friendly_name: "phone" });
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/127\.0\.0\.1%3A3000:mfa/);
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    let listed = await client.auth.mfa.listFactors();
    expect(listed.data?.all).toMatchObject([{ id: factor.id, status: "unverified" }]);
    expect(listed.data?.totp).toEqual([]); // only verified factors count here

    const { data: challenge, error } = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(error).toBeNull();
    expect(challenge?.expires_at).toBeGreaterThan(Date.now() / 1000);
    const verified = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge?.id as string,
      code: codeFor(factor.totp.secret),
    });
    expect(verified.error).toBeNull();
    const claims = decodeJwt(verified.data?.access_token as string);
    expect(claims.aal).toBe("aal2");
    expect((claims.amr as { method: string }[]).map((m) => m.method)).toEqual(["totp", "password"]);

    listed = await client.auth.mfa.listFactors();
    expect(listed.data?.totp).toMatchObject([{ id: factor.id, status: "verified" }]);
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
  });

  it("lets RLS require aal2: a new sign-in sees nothing until it verifies", async () => {
    const email = uniqueEmail("aal");
    const client = stack.anon();
    await client.auth.signUp({ email, password: "password-1" });
    const factor = await enrolled(client);
    await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });

    const later = stack.anon();
    await later.auth.signInWithPassword({ email, password: "password-1" });
    const aal = await later.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    expect((await later.from("notes").select("body")).data).toEqual([]);

    const { error } = await later.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: codeFor(factor.totp.secret),
    });
    expect(error).toBeNull();
    expect((await later.from("notes").select("body")).data).toEqual([{ body: "only with a second factor" }]);
  });

  it("refuses a wrong code, a second unnamed factor, and enrolling or unenrolling at aal1", async () => {
    const client = await signedIn();
    const factor = await enrolled(client);
    const wrong = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: "000000" });
    expect(wrong.error).toMatchObject({
      status: 422,
      code: "mfa_verification_failed",
      message: "Invalid TOTP code entered",
    });
    const same = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "phone" });
    expect(same.error).toMatchObject({
      code: "mfa_factor_name_conflict",
      message: 'A factor with the friendly name "phone" for this user already exists',
    });

    await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });
    const email = (await client.auth.getUser()).data.user?.email as string;
    const aal1 = stack.anon();
    await aal1.auth.signInWithPassword({ email, password: "password-1" });
    const another = await aal1.auth.mfa.enroll({ factorType: "totp", friendlyName: "tablet" });
    expect(another.error).toMatchObject({ status: 403, code: "insufficient_aal" });
    const remove = await aal1.auth.mfa.unenroll({ factorId: factor.id });
    expect(remove.error).toMatchObject({ status: 422, code: "insufficient_aal" });
  });

  it("unenrols from an aal2 session, which falls back to aal1 on its next token", async () => {
    const client = await signedIn();
    const factor = await enrolled(client);
    await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });
    expect((await client.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    const { data } = await client.auth.refreshSession();
    expect(decodeJwt(data.session?.access_token as string)).toMatchObject({ aal: "aal1" });
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  it("answers a challenge from another address or for another user's factor as GoTrue does", async () => {
    const client = await signedIn();
    const factor = await enrolled(client);
    const [{ id }] = await stack.sql<{ id: string }>(
      "insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values (gen_random_uuid(), $1, now(), '10.9.9.9') returning id",
      [factor.id],
    );
    const elsewhere = await client.auth.mfa.verify({ factorId: factor.id, challengeId: id, code: "123456" });
    expect(elsewhere.error).toMatchObject({ code: "mfa_ip_address_mismatch" });
    const stranger = await signedIn();
    const foreign = await stranger.auth.mfa.challenge({ factorId: factor.id });
    expect(foreign.error).toMatchObject({ status: 404, code: "mfa_factor_not_found" });
  });
});

describe("[auth.mfa] switches", () => {
  it("answers GoTrue's disabled errors where the CLI's defaults leave MFA off", async () => {
    const plain = await startTestStack({ projectDir: path.join(FIXTURES, "auth") });
    try {
      const client = plain.anon();
      await client.auth.signUp({ email: uniqueEmail("off"), password: "password-1" });
      const totp = await client.auth.mfa.enroll({ factorType: "totp" });
      expect(totp.error).toMatchObject({ status: 422, code: "mfa_totp_enroll_not_enabled" });
      const phone = await client.auth.mfa.enroll({ factorType: "phone", phone: "+15555550100" });
      expect(phone.error).toMatchObject({ status: 422, code: "mfa_phone_enroll_not_enabled" });
    } finally {
      await plain.stop();
    }
  });
});

describe("account changes of an account with a verified factor", () => {
  it("needs an aal2 session to change the e-mail or password (401 insufficient_aal), as GoTrue", async () => {
    const email = uniqueEmail("guarded");
    const client = stack.anon();
    expect((await client.auth.signUp({ email, password: "password-1" })).error).toBeNull();
    const factor = await enrolled(client);
    const verified = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: codeFor(factor.totp.secret),
    });
    expect(verified.error).toBeNull();

    // A password-only (aal1) session of the same account, as an attacker with the password has.
    const attacker = stack.anon();
    expect((await attacker.auth.signInWithPassword({ email, password: "password-1" })).error).toBeNull();
    const refused = {
      status: 401,
      code: "insufficient_aal",
      message: "AAL2 session is required to update email or password when MFA is enabled.",
    };
    expect((await attacker.auth.updateUser({ password: "attacker-pass-1" })).error).toMatchObject(refused);
    expect((await attacker.auth.updateUser({ email: uniqueEmail("thief") })).error).toMatchObject(refused);
    // Nothing changed: the owner still signs in with the old password, and no mail went out.
    expect((await stack.anon().auth.signInWithPassword({ email, password: "password-1" })).error).toBeNull();
    const row = await stack.sql("select email, email_change from auth.users where email = $1", [email]);
    expect(row[0].email).toBe(email);
    expect(row[0].email_change ?? "").toBe("");
    // The same address, metadata and an empty password are no change of credentials.
    expect((await attacker.auth.updateUser({ email, data: { theme: "dark" } })).error).toBeNull();

    // The aal2 session may.
    expect((await client.auth.updateUser({ password: "password-2" })).error).toBeNull();
  });
});
