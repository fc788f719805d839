// Passkeys through supabase-js (experimental.passkey), with a software authenticator
// that makes real attestations and signatures: registration, discoverable sign-in to a
// working session, list/rename/delete, the admin routes, and every way a ceremony is
// refused (replayed or foreign challenge, wrong origin or RP ID, no user presence,
// forged signature, counter going back, an authenticator never registered), the aal2
// rule once MFA is on, the per-user limit and GoTrue's "disabled" answer.
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { decodeJwt } from "jose";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { uniqueEmail } from "./fixtures/auth/helpers.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";
import { TestAuthenticator } from "./webauthn-authenticator.js";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projectDir: path.join(FIXTURES, "auth-passkeys") });
});
afterAll(async () => {
  await stack?.stop();
});

const passkeyClient = (key = stack.keys.anon) =>
  createClient(stack.url, key, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      experimental: { passkey: true },
    },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });

async function signedUp(): Promise<{ client: SupabaseClient; userId: string }> {
  const client = passkeyClient();
  const { data, error } = await client.auth.signUp({ email: uniqueEmail("passkey"), password: "password-1" });
  expect(error).toBeNull();
  return { client, userId: data.user?.id as string };
}

async function registered(client: SupabaseClient, authenticator = new TestAuthenticator()) {
  const { data: options, error } = await client.auth.passkey.startRegistration();
  expect(error).toBeNull();
  const credential = authenticator.create(options?.options as never);
  const created = await client.auth.passkey.verifyRegistration({
    challengeId: options?.challenge_id as string,
    credential: credential as never,
  });
  expect(created.error).toBeNull();
  return { authenticator, passkey: created.data as { id: string; created_at: string } };
}

/** A sign-in attempt with `answer` made from the server's options. */
async function signIn(answer: (options: { challenge: string }) => unknown) {
  const client = passkeyClient();
  const { data: options, error } = await client.auth.passkey.startAuthentication();
  expect(error).toBeNull();
  const result = await client.auth.passkey.verifyAuthentication({
    challengeId: options?.challenge_id as string,
    credential: answer(options?.options as never) as never,
  });
  return { client, ...result };
}

const codeOf = (err: unknown) => (err as { code?: string } | null)?.code;

describe("passkeys", () => {
  it("registers a passkey with GoTrue's options and signs in with it to a working session", async () => {
    const { client, userId } = await signedUp();
    const { data: options } = await client.auth.passkey.startRegistration();
    expect(options?.expires_at).toBeGreaterThan(Date.now() / 1000 + 250);
    expect(options?.options).toMatchObject({
      rp: { id: "localhost", name: "Passkey tests" },
      user: { id: Buffer.from(userId).toString("base64url") },
      timeout: 300_000,
      authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "preferred" },
      attestation: "none",
    });
    expect(options?.options.pubKeyCredParams.map((p) => p.alg)).toEqual([
      -7, -35, -36, -257, -258, -259, -37, -38, -39, -8,
    ]);

    const { authenticator, passkey } = await registered(client);
    expect(passkey).toEqual({ id: expect.any(String), friendly_name: "Passkey", created_at: expect.any(String) });
    const [row] = await stack.sql<{ aaguid: string; sign_count: string; transports: string[] }>(
      "select aaguid, sign_count, transports from auth.webauthn_credentials where id = $1",
      [passkey.id],
    );
    expect(row).toEqual({ aaguid: "00000000-0000-0000-0000-000000000000", sign_count: "0", transports: ["internal"] });

    // The next registration options exclude the passkey already held.
    const again = await client.auth.passkey.startRegistration();
    expect(again.data?.options.excludeCredentials).toEqual([{ type: "public-key", id: authenticator.id }]);

    const signInOptions = await passkeyClient().auth.passkey.startAuthentication();
    expect(signInOptions.data?.options).toEqual({
      challenge: expect.any(String),
      timeout: 300_000,
      rpId: "localhost",
      userVerification: "preferred",
    });
    const { client: signedIn, data, error } = await signIn((o) => authenticator.get(o));
    expect(error).toBeNull();
    expect(data?.user?.id).toBe(userId);
    const claims = decodeJwt(data?.session?.access_token as string);
    expect(claims).toMatchObject({ sub: userId, aal: "aal1" });
    expect((claims.amr as { method: string }[]).map((m) => m.method)).toEqual(["passkey"]);
    expect((await signedIn.auth.getUser(data?.session?.access_token)).data.user?.id).toBe(userId);
    const [used] = await stack.sql<{ sign_count: string; last_used_at: Date | null }>(
      "select sign_count, last_used_at from auth.webauthn_credentials where id = $1",
      [passkey.id],
    );
    expect(used.sign_count).toBe("1");
    expect(used.last_used_at).toBeInstanceOf(Date);
    expect((await client.auth.passkey.list()).data).toEqual([
      { id: passkey.id, friendly_name: "Passkey", created_at: passkey.created_at, last_used_at: expect.any(String) },
    ]);
  });

  it("refuses a ceremony whose origin, RP ID, presence, signature or counter is wrong, or whose challenge is used", async () => {
    const { client } = await signedUp();
    // Registration: each challenge is consumed by its first attempt, whatever its outcome.
    for (const authenticator of [
      new TestAuthenticator("https://evil.example"),
      new TestAuthenticator("http://localhost:5173", "evil.example"),
    ]) {
      const { data: options } = await client.auth.passkey.startRegistration();
      const credential = authenticator.create(options?.options as never);
      const refused = await client.auth.passkey.verifyRegistration({
        challengeId: options?.challenge_id as string,
        credential: credential as never,
      });
      expect(codeOf(refused.error)).toBe("webauthn_verification_failed");
      const retried = await client.auth.passkey.verifyRegistration({
        challengeId: options?.challenge_id as string,
        credential: new TestAuthenticator().create(options?.options as never) as never,
      });
      expect(codeOf(retried.error)).toBe("webauthn_challenge_not_found");
    }
    const { data: absent } = await client.auth.passkey.startRegistration();
    const noPresence = await client.auth.passkey.verifyRegistration({
      challengeId: absent?.challenge_id as string,
      credential: new TestAuthenticator().create(absent?.options as never, { userPresent: false }) as never,
    });
    expect(codeOf(noPresence.error)).toBe("webauthn_verification_failed");

    const { authenticator } = await registered(client);
    expect((await signIn((o) => authenticator.get(o, { userPresent: false }))).error).toMatchObject({
      code: "webauthn_verification_failed",
      status: 400,
    });
    const forged = await signIn((o) => {
      const answer = authenticator.get(o);
      const signature = Buffer.from(answer.response.signature, "base64url");
      signature[signature.length - 1] ^= 1;
      return { ...answer, response: { ...answer.response, signature: signature.toString("base64url") } };
    });
    expect(codeOf(forged.error)).toBe("webauthn_verification_failed");
    const wrongOrigin = await signIn((o) => {
      authenticator.origin = "https://evil.example";
      const answer = authenticator.get(o);
      authenticator.origin = "http://localhost:5173";
      return answer;
    });
    expect(codeOf(wrongOrigin.error)).toBe("webauthn_verification_failed");
    expect((await signIn((o) => authenticator.get(o, { counter: 5 }))).error).toBeNull();
    // A counter that does not move forward means a cloned authenticator.
    expect(codeOf((await signIn((o) => authenticator.get(o, { counter: 5 }))).error)).toBe(
      "webauthn_verification_failed",
    );

    // An authenticator bound to the user's handle but never registered, and a replay.
    const stranger = new TestAuthenticator();
    const { data: binding } = await client.auth.passkey.startRegistration();
    stranger.create(binding?.options as never);
    expect(codeOf((await signIn((o) => stranger.get(o))).error)).toBe("webauthn_verification_failed");
    const first = passkeyClient();
    const { data: options } = await first.auth.passkey.startAuthentication();
    const answer = authenticator.get(options?.options as never);
    const ok = await first.auth.passkey.verifyAuthentication({
      challengeId: options?.challenge_id as string,
      credential: answer as never,
    });
    expect(ok.error).toBeNull();
    const replay = await passkeyClient().auth.passkey.verifyAuthentication({
      challengeId: options?.challenge_id as string,
      credential: answer as never,
    });
    expect(replay.error).toMatchObject({ code: "webauthn_challenge_not_found", status: 400 });

    // A registration challenge is no sign-in challenge, nor another user's.
    const { data: foreign } = await client.auth.passkey.startRegistration();
    const crossed = await passkeyClient().auth.passkey.verifyAuthentication({
      challengeId: foreign?.challenge_id as string,
      credential: authenticator.get(foreign?.options as never) as never,
    });
    expect(codeOf(crossed.error)).toBe("webauthn_challenge_not_found");
    const { client: other } = await signedUp();
    const { data: theirs } = await other.auth.passkey.startRegistration();
    const stolen = await client.auth.passkey.verifyRegistration({
      challengeId: theirs?.challenge_id as string,
      credential: new TestAuthenticator().create(theirs?.options as never) as never,
    });
    expect(codeOf(stolen.error)).toBe("webauthn_challenge_not_found");
  });

  it("answers GoTrue's errors for bad bodies, expired challenges and a credential registered twice", async () => {
    const { client } = await signedUp();
    const token = (await client.auth.getSession()).data.session?.access_token;
    const post = (route: string, body: unknown) =>
      fetch(`${stack.url}/auth/v1/passkeys/${route}`, {
        method: "POST",
        headers: {
          apikey: stack.keys.anon,
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "x-supabase-api-version": "2024-01-01",
        },
        body: JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { code: string; msg: string } }));
    expect(await post("registration/verify", { credential: {} })).toMatchObject({
      status: 400,
      body: { code: "validation_failed", msg: "challenge_id is required" },
    });
    expect(await post("authentication/verify", { challenge_id: "nope", credential: {} })).toMatchObject({
      status: 400,
      body: { code: "validation_failed", msg: "challenge_id must be a valid UUID" },
    });
    expect(await post("authentication/verify", { challenge_id: crypto.randomUUID() })).toMatchObject({
      status: 400,
      body: { code: "validation_failed", msg: "credential is required" },
    });
    expect(await post("authentication/verify", { challenge_id: 7, credential: {} })).toMatchObject({
      status: 400,
      body: { code: "bad_json" },
    });
    const { data: options } = await client.auth.passkey.startAuthentication();
    expect(await post("authentication/verify", { challenge_id: options?.challenge_id, credential: "x" })).toMatchObject(
      { status: 400, body: { code: "webauthn_verification_failed", msg: "Invalid credential response" } },
    );

    const { data: late } = await client.auth.passkey.startRegistration();
    await stack.sql("update auth.webauthn_challenges set expires_at = now() - interval '1 second' where id = $1", [
      late?.challenge_id,
    ]);
    const expired = await client.auth.passkey.verifyRegistration({
      challengeId: late?.challenge_id as string,
      credential: new TestAuthenticator().create(late?.options as never) as never,
    });
    expect(expired.error).toMatchObject({ code: "webauthn_challenge_expired", status: 400 });

    const { authenticator } = await registered(client);
    const { data: twice } = await client.auth.passkey.startRegistration();
    const duplicate = await client.auth.passkey.verifyRegistration({
      challengeId: twice?.challenge_id as string,
      credential: authenticator.create(twice?.options as never) as never,
    });
    expect(duplicate.error).toMatchObject({ code: "webauthn_credential_exists", status: 422 });
  });

  it("renames and deletes the user's own passkeys, and a deleted passkey signs in no more", async () => {
    const { client } = await signedUp();
    const { authenticator, passkey } = await registered(client);
    const renamed = await client.auth.passkey.update({ passkeyId: passkey.id, friendlyName: "Laptop" });
    expect(renamed.data).toMatchObject({ id: passkey.id, friendly_name: "Laptop" });
    expect(
      (await client.auth.passkey.update({ passkeyId: passkey.id, friendlyName: "x".repeat(121) })).error,
    ).toMatchObject({ code: "validation_failed", status: 400 });
    // Another user's passkey is "not found" to this one.
    const { client: other } = await signedUp();
    expect((await other.auth.passkey.update({ passkeyId: passkey.id, friendlyName: "mine" })).error).toMatchObject({
      status: 404,
    });
    expect((await other.auth.passkey.delete({ passkeyId: passkey.id })).error).toMatchObject({ status: 404 });
    expect((await client.auth.passkey.delete({ passkeyId: passkey.id })).error).toBeNull();
    expect((await client.auth.passkey.list()).data).toEqual([]);
    expect(codeOf((await signIn((o) => authenticator.get(o))).error)).toBe("webauthn_verification_failed");
  });

  it("lets an admin list and delete a user's passkeys", async () => {
    const { client, userId } = await signedUp();
    const { passkey } = await registered(client);
    const admin = passkeyClient(stack.keys.serviceRole).auth.admin.passkey;
    expect((await admin.listPasskeys({ userId })).data).toEqual([
      { id: passkey.id, friendly_name: "Passkey", created_at: passkey.created_at },
    ]);
    const missing = crypto.randomUUID();
    expect((await admin.listPasskeys({ userId: missing })).error).toMatchObject({ status: 404 });
    expect((await admin.deletePasskey({ userId, passkeyId: missing })).error).toMatchObject({ status: 404 });
    expect((await admin.deletePasskey({ userId, passkeyId: passkey.id })).error).toBeNull();
    expect((await admin.listPasskeys({ userId })).data).toEqual([]);
    // Not for a user's own token.
    const res = await fetch(`${stack.url}/auth/v1/admin/users/${userId}/passkeys`, {
      headers: {
        apikey: stack.keys.anon,
        authorization: `Bearer ${(await client.auth.getSession()).data.session?.access_token}`,
      },
    });
    expect(res.status).toBe(403);
  });

  it("needs aal2 to register or delete a passkey once the user has MFA, and a session to register at all", async () => {
    const { client } = await signedUp();
    const { passkey } = await registered(client);
    const { data: factor } = await client.auth.mfa.enroll({ factorType: "totp" });
    const code = new TOTP({ secret: Secret.fromBase32(factor?.totp.secret as string) }).generate();
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor?.id as string });
    const aal2 = await client.auth.mfa.verify({
      factorId: factor?.id as string,
      challengeId: challenge?.id as string,
      code,
    });
    expect(aal2.error).toBeNull();
    // An aal1 session of the same user (a passkey sign-in) may not change passkeys.
    const { authenticator } = await registered(client);
    const { client: aal1 } = await signIn((o) => authenticator.get(o));
    expect((await aal1.auth.passkey.startRegistration()).error).toMatchObject({
      code: "insufficient_aal",
      status: 403,
    });
    expect((await aal1.auth.passkey.delete({ passkeyId: passkey.id })).error).toMatchObject({
      code: "insufficient_aal",
    });
    expect((await aal1.auth.passkey.list()).data).toHaveLength(2);
    expect((await client.auth.passkey.delete({ passkeyId: passkey.id })).error).toBeNull();

    const anonymous = await passkeyClient().auth.passkey.startRegistration();
    expect(anonymous.error?.name).toBe("AuthSessionMissingError");
  });

  it("stops at ten passkeys per user, lists passkeys_enabled in /settings, and answers 404 when passkeys are off", async () => {
    const { client } = await signedUp();
    for (let i = 0; i < 10; i++) await registered(client);
    expect((await client.auth.passkey.startRegistration()).error).toMatchObject({
      code: "too_many_passkeys",
      status: 422,
    });
    const settings = await fetch(`${stack.url}/auth/v1/settings`, { headers: { apikey: stack.keys.anon } });
    expect(await settings.json()).toMatchObject({ passkeys_enabled: true });

    stack.ctx.config.auth.passkey.enabled = false;
    try {
      const off = await passkeyClient().auth.passkey.startAuthentication();
      expect(off.error).toMatchObject({ code: "passkey_disabled", status: 404, message: "Passkeys are disabled" });
      expect((await client.auth.passkey.list()).error).toMatchObject({ code: "passkey_disabled" });
    } finally {
      stack.ctx.config.auth.passkey.enabled = true;
    }
  });
});
