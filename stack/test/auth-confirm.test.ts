// GoTrue with [auth.email] enable_confirmations, secure_password_change and a
// stricter password policy, through supabase-js and the mail catcher.
import path from "node:path";
import { createClient, type Session } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { authStateOf, followLink, latestMail, mailsTo, uniqueEmail } from "./fixtures/auth/helpers.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projectDir: path.join(FIXTURES, "auth-confirm") });
});
afterAll(async () => {
  await stack?.stop();
});

const PASSWORD = "password1";

/** Signs up and confirms through the mailed link; returns the session the link carried. */
async function confirmedUser(email = uniqueEmail()) {
  const { error } = await stack.anon().auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  const link = await followLink((await latestMail(stack, email)).action_link as string);
  const client = stack.anon();
  const set = await client.auth.setSession({
    access_token: link.fragment.get("access_token") as string,
    refresh_token: link.fragment.get("refresh_token") as string,
  });
  expect(set.error).toBeNull();
  return { email, client, session: set.data.session as Session };
}

describe("sign-up with confirmations", () => {
  it("mails a confirmation instead of a session, and the link signs the user in", async () => {
    const email = uniqueEmail();
    const { data, error } = await stack.anon().auth.signUp({ email, password: PASSWORD, options: { data: { n: 1 } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { n: 1, email_verified: false } });
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const refused = await stack.anon().auth.signInWithPassword({ email, password: PASSWORD });
    expect(refused.error).toMatchObject({ status: 400, code: "email_not_confirmed" });

    const mail = await latestMail(stack, email);
    expect(mail).toMatchObject({ subject: "Confirm Your Email", type: "confirmation" });
    const link = await followLink(mail.action_link as string);
    expect(link.status).toBe(303);
    expect(link.location.origin).toBe("http://127.0.0.1:3000");
    expect(link.fragment.get("type")).toBe("signup");
    const signedIn = await stack.anon().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.user_metadata.email_verified).toBe(true);
    const [row] = await stack.sql(
      "select confirmation_token, email_confirmed_at is not null as confirmed from auth.users where email = $1",
      [email],
    );
    expect(row).toEqual({ confirmation_token: "", confirmed: true });
  });

  it("answers a confirmed address with an obfuscated user and sends nothing", async () => {
    const { email, session } = await confirmedUser();
    const before = (await mailsTo(stack, email)).length;
    const { data, error } = await stack.anon().auth.signUp({ email, password: "another1" });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.id).not.toBe(session.user.id);
    expect(data.user?.identities).toEqual([]);
    expect((await mailsTo(stack, email)).length).toBe(before);
  });

  it("verifies the mailed code, limits resends to max_frequency and resends after it", async () => {
    const email = uniqueEmail();
    await stack.anon().auth.signUp({ email, password: PASSWORD });
    const again = await stack.anon().auth.resend({ type: "signup", email });
    expect(again.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await stack.anon().auth.resend({ type: "signup", email })).error).toBeNull();
    const mails = await mailsTo(stack, email);
    expect(mails).toHaveLength(2);
    const code = /enter the code: (\d{6})/.exec(mails[0].text)?.[1] as string;
    const stale = /enter the code: (\d{6})/.exec(mails[1].text)?.[1] as string;
    if (stale !== code) {
      const old = await stack.anon().auth.verifyOtp({ email, token: stale, type: "signup" });
      expect(old.error).toMatchObject({ status: 403, code: "otp_expired" });
    }
    const { data, error } = await stack.anon().auth.verifyOtp({ email, token: code, type: "signup" });
    expect(error).toBeNull();
    expect(data.session?.user.email_confirmed_at).toBeTruthy();
  });

  it("confirms a PKCE sign-up with ?code= and exchanges it", async () => {
    const client = createClient(stack.url, stack.keys.anon, {
      auth: { flowType: "pkce", persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const email = uniqueEmail("pkce");
    expect((await client.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const link = await followLink((await latestMail(stack, email)).action_link as string);
    const code = link.query.get("code") as string;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it("signs in a user whose old password breaks the policy, flagging it as weak", async () => {
    const email = uniqueEmail("weak");
    await stack.sql(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
         crypt('short', gen_salt('bf')), now(), '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
      [email],
    );
    const { data, error } = await stack.anon().auth.signInWithPassword({ email, password: "short" });
    expect(error).toBeNull();
    expect(data.session).toBeTruthy();
    expect(data.weakPassword?.reasons).toEqual(["length", "characters"]);
  });

  it("applies minimum_password_length and password_requirements", async () => {
    const letters = await stack.anon().auth.signUp({ email: uniqueEmail(), password: "abcdefghij" });
    expect(letters.error).toMatchObject({ status: 422, code: "weak_password", reasons: ["characters"] });
    const short = await stack.anon().auth.signUp({ email: uniqueEmail(), password: "abc1" });
    expect(short.error).toMatchObject({ code: "weak_password", reasons: ["length"] });
    expect(short.error?.message).toBe("Password should be at least 8 characters.");
  });
});

describe("anonymous sign-ins", () => {
  it("signs in anonymously when enabled, with an anonymous user and amr", async () => {
    const { data, error } = await stack.anon().auth.signInAnonymously({ options: { data: { theme: "dark" } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      is_anonymous: true,
      email: "",
      app_metadata: { provider: "anonymous" },
      user_metadata: { theme: "dark" },
      identities: [],
    });
    const claims = JSON.parse(
      Buffer.from((data.session as Session).access_token.split(".")[1], "base64url").toString(),
    );
    expect(claims).toMatchObject({ is_anonymous: true, role: "authenticated", amr: [{ method: "anonymous" }] });
  });

  it("limits anonymous sign-ins per address per hour (anonymous_users, 30 by default) when keyed", async () => {
    authStateOf(stack).rateLimitHeader = "x-client-address";
    const client = stack.anon({ "x-client-address": "10.1.1.1" });
    const results = await Promise.all(Array.from({ length: 31 }, () => client.auth.signInAnonymously()));
    const limited = results.filter((r) => r.error?.status === 429);
    expect(limited).toHaveLength(1);
    expect(limited[0].error?.code).toBe("over_request_rate_limit");
    expect(results.filter((r) => r.data.session)).toHaveLength(30);
  });
});

describe("changes that need confirmation", () => {
  it("changes the e-mail after both the current and the new address confirm", async () => {
    const { email, client } = await confirmedUser();
    const newEmail = uniqueEmail("new");
    const { data, error } = await client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: newEmail });
    const toNew = await latestMail(stack, newEmail);
    const toCurrent = await latestMail(stack, email);
    expect(toNew.subject).toBe("Confirm Email Change");
    expect(toCurrent.type).toBe("email_change");

    const first = await followLink(toCurrent.action_link as string);
    expect(first.fragment.get("message")).toBe(
      "Confirmation link accepted. Please proceed to confirm link sent to the other email",
    );
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
    const second = await followLink(toNew.action_link as string);
    expect(second.fragment.get("type")).toBe("email_change");
    const after = await stack.anon().auth.getUser(second.fragment.get("access_token") as string);
    expect(after.data.user?.email).toBe(newEmail);
    expect((await stack.anon().auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error).toBeNull();
  });

  it("asks an old session for the mailed nonce before changing the password", async () => {
    const { email, client, session } = await confirmedUser();
    // A fresh session may change the password directly.
    expect((await client.auth.updateUser({ password: "password2" })).error).toBeNull();

    const sessionId = JSON.parse(Buffer.from(session.access_token.split(".")[1], "base64url").toString()).session_id;
    await stack.sql("update auth.sessions set created_at = now() - interval '2 days' where id = $1", [sessionId]);
    const needed = await client.auth.updateUser({ password: "password3" });
    expect(needed.error).toMatchObject({ status: 400, code: "reauthentication_needed" });

    await new Promise((r) => setTimeout(r, 1100));
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await latestMail(stack, email);
    expect(mail.subject).toBe("Confirm reauthentication");
    const nonce = /Enter the code: (\d{6})/.exec(mail.text)?.[1] as string;
    const wrong = await client.auth.updateUser({
      password: "password3",
      nonce: nonce === "000000" ? "111111" : "000000",
    });
    expect(wrong.error).toMatchObject({ status: 422, code: "reauthentication_not_valid" });
    expect((await client.auth.updateUser({ password: "password3", nonce })).error).toBeNull();
    expect((await stack.anon().auth.signInWithPassword({ email, password: "password3" })).error).toBeNull();
    // The nonce is single-use.
    const replay = await client.auth.updateUser({ password: "password4", nonce });
    expect(replay.error?.code).toBe("reauthentication_not_valid");
  });
});
