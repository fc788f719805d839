// GoTrue behaviour through the official supabase-js auth client, with the CLI's
// defaults (autoconfirm on). Mail flows go through the mail catcher.
import path from "node:path";
import { createClient, type Session } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { decodeJwt, followLink, latestMail, mailsTo, uniqueEmail } from "./fixtures/auth/helpers.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projectDir: path.join(FIXTURES, "auth") });
});
afterAll(async () => {
  await stack?.stop();
});

const PASSWORD = "correct-horse-1";

async function signUp(email = uniqueEmail(), password = PASSWORD, data: Record<string, unknown> = {}) {
  const { data: result, error } = await stack.anon().auth.signUp({ email, password, options: { data } });
  expect(error).toBeNull();
  return { email, session: result.session as Session };
}

async function signIn(email: string, password = PASSWORD) {
  const client = stack.anon();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { client, session: data.session as Session };
}

/** GET /user as auth-js sends it, read raw: auth-js folds session_not_found into AuthSessionMissingError. */
async function userStatus(accessToken: string) {
  const res = await fetch(`${stack.url}/auth/v1/user`, {
    headers: {
      apikey: stack.keys.anon,
      authorization: `Bearer ${accessToken}`,
      "x-supabase-api-version": "2024-01-01",
    },
  });
  const body = await res.json();
  return res.ok ? { user: body, status: 200 } : { user: null, status: res.status, code: body.code };
}

describe("sign-up and sign-in", () => {
  it("signs up with a session, the user's rows and GoTrue's access-token claims", async () => {
    const email = uniqueEmail("Signup").toUpperCase();
    const { session } = await signUp(email, PASSWORD, { full_name: "Ada" });
    expect(session).toMatchObject({ token_type: "bearer", expires_in: 3600 });
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9]{12}$/);
    const user = session.user;
    expect(user).toMatchObject({
      aud: "authenticated",
      role: "authenticated",
      email: email.toLowerCase(),
      phone: "",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { full_name: "Ada", email_verified: true },
      is_anonymous: false,
    });
    expect(user.email_confirmed_at).toMatch(/Z$/);
    expect(user.identities?.[0]).toMatchObject({ provider: "email", id: user.id, user_id: user.id });

    const claims = decodeJwt(session.access_token);
    expect(Object.keys(claims)).toEqual([
      "iss",
      "sub",
      "aud",
      "exp",
      "iat",
      "email",
      "phone",
      "app_metadata",
      "user_metadata",
      "role",
      "aal",
      "amr",
      "session_id",
      "is_anonymous",
    ]);
    expect(claims).toMatchObject({
      iss: `${stack.url}/auth/v1`,
      sub: user.id,
      aud: "authenticated",
      role: "authenticated",
      aal: "aal1",
      amr: [{ method: "password", timestamp: expect.any(Number) }],
      is_anonymous: false,
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);

    const [counts] = await stack.sql(
      `select (select count(*)::int from auth.identities where user_id = $1) as identities,
              (select count(*)::int from auth.sessions where user_id = $1 and id = $2) as sessions,
              (select count(*)::int from auth.refresh_tokens where session_id = $2 and token = $3 and not revoked) as tokens,
              (select encrypted_password from auth.users where id = $1) as hash`,
      [user.id, claims.session_id, session.refresh_token],
    );
    expect(counts).toMatchObject({ identities: 1, sessions: 1, tokens: 1 });
    expect(counts.hash).toMatch(/^\$2a\$10\$/);
  });

  it("refuses a second sign-up for a registered address (user_already_exists)", async () => {
    const { email } = await signUp();
    const { data, error } = await stack.anon().auth.signUp({ email, password: PASSWORD });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: "user_already_exists", message: "User already registered" });
  });

  it("refuses weak passwords and malformed addresses", async () => {
    const weak = await stack.anon().auth.signUp({ email: uniqueEmail(), password: "123" });
    expect(weak.error).toMatchObject({ status: 422, code: "weak_password", reasons: ["length"] });
    const bad = await stack.anon().auth.signUp({ email: "not-an-address", password: PASSWORD });
    expect(bad.error).toMatchObject({ status: 400, code: "validation_failed" });
  });

  it("signs in, and refuses a wrong password or an unknown user alike", async () => {
    const { email } = await signUp();
    const { session } = await signIn(email);
    expect(decodeJwt(session.access_token).amr).toEqual([{ method: "password", timestamp: expect.any(Number) }]);
    for (const attempt of [
      { email, password: "wrong-password" },
      { email: uniqueEmail("nobody"), password: PASSWORD },
    ]) {
      const { data, error } = await stack.anon().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error).toMatchObject({ status: 400, code: "invalid_credentials", message: "Invalid login credentials" });
    }
  });

  it("lets users seeded with crypt() and no identities row sign in", async () => {
    const { session } = await signIn("seeded@example.com", "seeded-password");
    expect(session.user).toMatchObject({
      id: "11111111-1111-4111-8111-111111111111",
      user_metadata: { full_name: "Seeded User" },
      identities: [],
    });
    await signIn("seeded2@example.com", "other-password");
    const { error } = await stack.anon().auth.signInWithPassword({ email: "seeded@example.com", password: "x" });
    expect(error?.code).toBe("invalid_credentials");
  });
});

describe("sessions", () => {
  it("rotates refresh tokens and revokes the session when an old token is reused", async () => {
    const { email } = await signUp();
    const { session } = await signIn(email);
    const client = stack.anon();
    const first = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    const rotated = first.data.session as Session;
    expect(rotated.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(rotated.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);

    // A lost response: the parent of the active token gets the same child back.
    const again = await stack.anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(again.data.session?.refresh_token).toBe(rotated.refresh_token);

    const second = await stack.anon().auth.refreshSession({ refresh_token: rotated.refresh_token });
    const third = second.data.session as Session;
    // Outside refresh_token_reuse_interval (10 s), reuse of a revoked token is an attack.
    await stack.sql("update auth.refresh_tokens set updated_at = now() - interval '1 minute' where session_id = $1", [
      decodeJwt(session.access_token).session_id,
    ]);
    const reuse = await stack.anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.error).toMatchObject({ status: 400, code: "refresh_token_already_used" });
    const family = await stack.anon().auth.refreshSession({ refresh_token: third.refresh_token });
    expect(family.error).toMatchObject({ status: 400, code: "refresh_token_already_used" });

    const unknown = await stack.anon().auth.refreshSession({ refresh_token: "nosuchtoken1" });
    expect(unknown.error).toMatchObject({ status: 400, code: "refresh_token_not_found" });
  });

  it("answers bad_jwt for an expired access token", async () => {
    const { session } = await signUp();
    const claims = decodeJwt(session.access_token);
    const now = Math.floor(Date.now() / 1000);
    const expired = await stack.ctx.jwt.sign({ ...claims, iat: now - 7200, exp: now - 3600 });
    expect(await userStatus(expired)).toMatchObject({ user: null, status: 403, code: "bad_jwt" });
  });

  it("answers 401 PGRST303 from REST for an expired token and serves a fresh one", async () => {
    const { session } = await signUp();
    const now = Math.floor(Date.now() / 1000);
    const expired = await stack.ctx.jwt.sign({ ...decodeJwt(session.access_token), iat: now - 7200, exp: now - 3600 });
    const { error, status } = await stack.asUser(expired).from("notes").select("*");
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: "PGRST303", message: "JWT expired" });
    const ok = await stack.asUser(session.access_token).from("notes").insert({ body: "hello" }).select();
    expect(ok.error).toBeNull();
    expect(ok.data).toHaveLength(1);
  });

  it("signs out with the local, others and global scopes", async () => {
    const { email } = await signUp();
    const a = await signIn(email);
    const b = await signIn(email);
    const c = await signIn(email);

    expect((await a.client.auth.signOut({ scope: "others" })).error).toBeNull();
    expect((await userStatus(a.session.access_token)).user?.email).toBe(email);
    for (const other of [b, c]) {
      expect(await userStatus(other.session.access_token)).toMatchObject({ status: 403, code: "session_not_found" });
      const refresh = await stack.anon().auth.refreshSession({ refresh_token: other.session.refresh_token });
      expect(refresh.error?.code).toBe("refresh_token_not_found");
    }

    const d = await signIn(email);
    expect((await a.client.auth.signOut({ scope: "local" })).error).toBeNull();
    expect((await userStatus(a.session.access_token)).code).toBe("session_not_found");
    expect((await userStatus(d.session.access_token)).user?.email).toBe(email);

    const e = await signIn(email);
    expect((await d.client.auth.signOut()).error).toBeNull();
    for (const s of [d, e]) expect((await userStatus(s.session.access_token)).code).toBe("session_not_found");
    const [{ n }] = await stack.sql(
      "select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1",
      [email],
    );
    expect(n).toBe(0);
  });

  it("updates user metadata, merging keys and deleting the ones set to null", async () => {
    const { session } = await signUp(uniqueEmail(), PASSWORD, { a: 1, b: 2 });
    const client = stack.anon();
    await client.auth.setSession(session);
    const { data, error } = await client.auth.updateUser({ data: { b: null, c: 3 } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ a: 1, c: 3, email_verified: true });
    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({ status: 422, code: "same_password" });
  });

  it("changes the e-mail only once both addresses confirm, also with confirmations off (as GoTrue)", async () => {
    const { email, session } = await signUp();
    const client = stack.anon();
    await client.auth.setSession(session);
    const newEmail = uniqueEmail("moved");
    const { data, error } = await client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    // The account keeps its address: a squatter cannot take an invitee's address by typing it.
    expect(data.user).toMatchObject({ email, new_email: newEmail });
    expect((await stack.sql("select email from auth.users where id = $1", [data.user?.id]))[0].email).toBe(email);
    const toNew = await latestMail(stack, newEmail);
    const toCurrent = await latestMail(stack, email);
    expect([toNew.type, toCurrent.type]).toEqual(["email_change", "email_change"]);
    await followLink(toNew.action_link as string);
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
    await followLink(toCurrent.action_link as string);
    const after = await stack.sql("select email from auth.users where id = $1", [data.user?.id]);
    expect(after[0].email).toBe(newEmail);
    await signIn(newEmail);
  });

  it("signs in anonymously only when enabled", async () => {
    const { error } = await stack.anon().auth.signInAnonymously();
    expect(error).toMatchObject({ status: 422, code: "anonymous_provider_disabled" });
  });
});

describe("mail flows", () => {
  it("recovers a password end to end through the mail catcher", async () => {
    const { email } = await signUp();
    const redirectTo = "http://localhost:5173/reset";
    expect((await stack.anon().auth.resetPasswordForEmail(email, { redirectTo })).error).toBeNull();
    const mail = await latestMail(stack, email);
    expect(mail).toMatchObject({ subject: "Reset Your Password", type: "recovery" });
    expect(mail.action_link).toContain(`${stack.url}/auth/v1/verify?token=`);
    expect(mail.text).toContain(mail.action_link as string);

    const link = await followLink(mail.action_link as string);
    expect(link.status).toBe(303);
    expect(`${link.location.origin}${link.location.pathname}`).toBe(redirectTo);
    expect(link.fragment.get("type")).toBe("recovery");
    expect(link.fragment.get("token_type")).toBe("bearer");

    const client = stack.anon();
    const set = await client.auth.setSession({
      access_token: link.fragment.get("access_token") as string,
      refresh_token: link.fragment.get("refresh_token") as string,
    });
    expect(set.error).toBeNull();
    expect(decodeJwt(link.fragment.get("access_token") as string).amr).toEqual([
      { method: "otp", timestamp: expect.any(Number) },
    ]);
    expect((await client.auth.updateUser({ password: "brand-new-pass-2" })).error).toBeNull();
    await signIn(email, "brand-new-pass-2");
    expect((await stack.anon().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      "invalid_credentials",
    );

    // The link is single-use: a second click lands on the error fragment.
    const reused = await followLink(mail.action_link as string);
    expect(reused.status).toBe(303);
    expect(reused.fragment.get("error_code")).toBe("otp_expired");
    expect(reused.fragment.get("error_description")).toBe("Email link is invalid or has expired");
  });

  it("invites a user with the custom template and lets them set a password", async () => {
    const email = uniqueEmail("invitee");
    const { data, error } = await stack
      .service()
      .auth.admin.inviteUserByEmail(email, { data: { full_name: "Grace" }, redirectTo: "https://evil.example.org/" });
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    const mail = await latestMail(stack, email);
    expect(mail.subject).toBe("Join http://127.0.0.1:3000");
    expect(mail.html).toContain("Welcome, Grace");
    expect(mail.text).toMatch(/Code: \d{6} · hash [0-9a-f]{56} · back to http:\/\/127\.0\.0\.1:3000/);

    const link = await followLink(mail.action_link as string);
    // A redirect outside the allow list falls back to site_url.
    expect(link.location.origin).toBe("http://127.0.0.1:3000");
    expect(link.fragment.get("type")).toBe("invite");
    const client = stack.anon();
    await client.auth.setSession({
      access_token: link.fragment.get("access_token") as string,
      refresh_token: link.fragment.get("refresh_token") as string,
    });
    const updated = await client.auth.updateUser({ password: "invited-pass-1" });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.email_confirmed_at).toBeTruthy();
    await signIn(email, "invited-pass-1");
  });

  it("signs in with a magic link, and with the mailed code", async () => {
    const { email } = await signUp();
    expect((await stack.anon().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const mail = await latestMail(stack, email);
    expect(mail.subject).toBe("Your Magic Link");
    const link = await followLink(mail.action_link as string);
    expect(link.fragment.get("type")).toBe("magiclink");
    expect((await userStatus(link.fragment.get("access_token") as string)).user?.email).toBe(email);

    const other = uniqueEmail("otp");
    expect((await stack.anon().auth.signInWithOtp({ email: other })).error).toBeNull();
    const code = /enter the code: (\d{6})/.exec((await latestMail(stack, other)).text)?.[1] as string;
    const wrong = await stack.anon().auth.verifyOtp({ email: other, token: "000000", type: "email" });
    if (code !== "000000") expect(wrong.error).toMatchObject({ status: 403, code: "otp_expired" });
    const { data, error } = await stack.anon().auth.verifyOtp({ email: other, token: code, type: "email" });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(other);

    const refused = await stack
      .anon()
      .auth.signInWithOtp({ email: uniqueEmail(), options: { shouldCreateUser: false } });
    expect(refused.error).toMatchObject({ status: 422, code: "otp_disabled" });
  });

  it("exchanges a PKCE code for a session", async () => {
    const { email } = await signUp();
    const client = createClient(stack.url, stack.keys.anon, {
      auth: { flowType: "pkce", persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    expect(
      (await client.auth.resetPasswordForEmail(email, { redirectTo: "http://localhost:5173/cb" })).error,
    ).toBeNull();
    const mail = await latestMail(stack, email);
    expect(mail.action_link).toContain("token=pkce_");
    const link = await followLink(mail.action_link as string);
    expect(link.fragment.get("access_token")).toBeNull();
    const code = link.query.get("code") as string;
    expect(code).toBeTruthy();
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const [{ n }] = await stack.sql("select count(*)::int as n from auth.flow_state where auth_code = $1", [code]);
    expect(n).toBe(0);

    const reused = await followLink(mail.action_link as string);
    expect(reused.query.get("error_code")).toBe("otp_expired");
    expect(reused.fragment.get("error_code")).toBe("otp_expired");

    // auth-js forgets the verifier after use; a replay with any verifier finds no flow.
    const again = await fetch(`${stack.url}/auth/v1/token?grant_type=pkce`, {
      method: "POST",
      headers: { apikey: stack.keys.anon, "content-type": "application/json", "x-supabase-api-version": "2024-01-01" },
      body: JSON.stringify({ auth_code: code, code_verifier: "v".repeat(50) }),
    });
    expect(again.status).toBe(404);
    expect((await again.json()).code).toBe("flow_state_not_found");
  });

  it("refuses a PKCE exchange with the wrong verifier or an unknown code", async () => {
    const { email } = await signUp();
    const client = createClient(stack.url, stack.keys.anon, {
      auth: { flowType: "pkce", persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    await client.auth.signInWithOtp({ email });
    const code = (await followLink((await latestMail(stack, email)).action_link as string)).query.get("code") as string;
    const exchange = (authCode: string) =>
      fetch(`${stack.url}/auth/v1/token?grant_type=pkce`, {
        method: "POST",
        headers: {
          apikey: stack.keys.anon,
          "content-type": "application/json",
          "x-supabase-api-version": "2024-01-01",
        },
        body: JSON.stringify({ auth_code: authCode, code_verifier: "x".repeat(50) }),
      });
    const wrong = await exchange(code);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe("bad_code_verifier");
    const unknown = await exchange("00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe("flow_state_not_found");
    // The failed attempt did not consume the flow: the rightful client still gets in.
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });
});

describe("admin API", () => {
  it("creates, lists with pagination, reads, updates and deletes users", async () => {
    const admin = stack.service().auth.admin;
    const created = await admin.createUser({
      email: uniqueEmail("admin-made"),
      password: "admin-pass-1",
      email_confirm: true,
      user_metadata: { team: "ops", drop: "me" },
      app_metadata: { roles: ["editor"] },
    });
    expect(created.error).toBeNull();
    const user = created.data.user as NonNullable<typeof created.data.user>;
    expect(user.app_metadata).toEqual({ provider: "email", providers: ["email"], roles: ["editor"] });
    expect(user.email_confirmed_at).toBeTruthy();
    const before = await signIn(user.email as string, "admin-pass-1");

    const dup = await admin.createUser({ email: user.email, password: "admin-pass-1" });
    expect(dup.error).toMatchObject({ status: 422, code: "email_exists" });

    const page = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(2);
    const [{ n }] = await stack.sql("select count(*)::int as n from auth.users where aud = 'authenticated'");
    expect(page.data).toMatchObject({ aud: "authenticated", total: n, nextPage: 2, lastPage: Math.ceil(n / 2) });
    const raw = await fetch(`${stack.url}/auth/v1/admin/users?page=2&per_page=2`, {
      headers: { apikey: stack.keys.serviceRole, authorization: `Bearer ${stack.keys.serviceRole}` },
    });
    expect(raw.headers.get("x-total-count")).toBe(String(n));
    const last = Math.ceil(n / 2);
    const next = last > 2 ? '</admin/users?page=3&per_page=2>; rel="next", ' : "";
    expect(raw.headers.get("link")).toBe(`${next}</admin/users?page=${last}&per_page=2>; rel="last"`);

    expect((await admin.getUserById(user.id)).data.user?.email).toBe(user.email);
    const updated = await admin.updateUserById(user.id, {
      user_metadata: { drop: null, level: 2 },
      app_metadata: { roles: ["admin"] },
    });
    expect(updated.data.user?.user_metadata).toEqual({ team: "ops", level: 2, email_verified: true });
    expect(updated.data.user?.app_metadata.roles).toEqual(["admin"]);
    expect((await userStatus(before.session.access_token)).status).toBe(200);
    expect((await admin.updateUserById(user.id, { password: "admin-pass-2" })).error).toBeNull();
    expect((await userStatus(before.session.access_token)).code).toBe("session_not_found");
    await signIn(user.email as string, "admin-pass-2");

    const factors = await admin.mfa.listFactors({ userId: user.id });
    expect(factors.error).toBeNull();
    expect(factors.data?.factors).toEqual([]);

    expect((await admin.deleteUser(user.id)).error).toBeNull();
    expect((await admin.getUserById(user.id)).error).toMatchObject({ status: 404, code: "user_not_found" });
    const notUuid = await fetch(`${stack.url}/auth/v1/admin/users/not-a-uuid`, {
      headers: { apikey: stack.keys.serviceRole, authorization: `Bearer ${stack.keys.serviceRole}` },
    });
    expect(notUuid.status).toBe(404);
  });

  it("lists and deletes a user's MFA factors", async () => {
    const { session } = await signUp();
    const userId = session.user.id;
    const [factor] = await stack.sql(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, 'phone app', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP') returning id`,
      [userId],
    );
    const admin = stack.service().auth.admin;
    const listed = await admin.mfa.listFactors({ userId });
    expect(listed.data?.factors).toEqual([
      expect.objectContaining({ id: factor.id, friendly_name: "phone app", factor_type: "totp", status: "verified" }),
    ]);
    expect((await userStatus(session.access_token)).user.factors).toHaveLength(1);
    const deleted = await admin.mfa.deleteFactor({ userId, id: factor.id });
    expect(deleted.error).toBeNull();
    expect((await admin.mfa.listFactors({ userId })).data?.factors).toEqual([]);
    const again = await admin.mfa.deleteFactor({ userId, id: factor.id });
    expect(again.error?.status).toBe(404);
  });

  it("generates links without sending mail", async () => {
    const email = uniqueEmail("generated");
    const before = (await mailsTo(stack, email)).length;
    const { data, error } = await stack.service().auth.admin.generateLink({
      type: "signup",
      email,
      password: PASSWORD,
      options: { redirectTo: "http://localhost:5173/welcome" },
    });
    expect(error).toBeNull();
    expect(data.properties).toMatchObject({
      verification_type: "signup",
      redirect_to: "http://localhost:5173/welcome",
      email_otp: expect.stringMatching(/^\d{6}$/),
      hashed_token: expect.stringMatching(/^[0-9a-f]{56}$/),
    });
    expect(data.properties?.action_link).toBe(
      `${stack.url}/auth/v1/verify?token=${data.properties?.hashed_token}&type=signup&redirect_to=${encodeURIComponent("http://localhost:5173/welcome")}`,
    );
    expect((await mailsTo(stack, email)).length).toBe(before);
    const verified = await stack
      .anon()
      .auth.verifyOtp({ token_hash: data.properties?.hashed_token as string, type: "signup" });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email_confirmed_at).toBeTruthy();

    const missing = await stack.service().auth.admin.generateLink({ type: "recovery", email: uniqueEmail() });
    expect(missing.error).toMatchObject({ status: 404, code: "user_not_found" });
  });

  it("refuses the admin API to the anon key and to users", async () => {
    const anon = await stack.anon().auth.admin.listUsers();
    expect(anon.error).toMatchObject({ status: 403, code: "not_admin" });
    const { session } = await signUp();
    const asUser = await stack.asUser(session.access_token).auth.admin.createUser({ email: uniqueEmail() });
    expect(asUser.error).toMatchObject({ status: 403, code: "not_admin" });
  });

  it("bans and unbans a user", async () => {
    const { email, session } = await signUp();
    const admin = stack.service().auth.admin;
    const banned = await admin.updateUserById(session.user.id, { ban_duration: "24h" });
    expect(new Date(banned.data.user?.banned_until as string).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const refused = await stack.anon().auth.signInWithPassword({ email, password: PASSWORD });
    expect(refused.error).toMatchObject({ status: 400, code: "user_banned" });
    const refresh = await stack.anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error?.code).toBe("user_banned");
    const link = await admin.generateLink({ type: "magiclink", email });
    const followed = await followLink(link.data.properties?.action_link as string);
    expect(followed.fragment.get("error_code")).toBe("user_banned");
    expect(followed.fragment.get("access_token")).toBeNull();
    const bad = await admin.updateUserById(session.user.id, { ban_duration: "forever" });
    expect(bad.error?.status).toBe(400);
    await admin.updateUserById(session.user.id, { ban_duration: "none" });
    await signIn(email);
  });

  it("cascades a user's deletion to identities, sessions, tokens and refuses their tokens", async () => {
    const { email, session } = await signUp();
    await signIn(email);
    await stack.anon().auth.resetPasswordForEmail(email);
    const id = session.user.id;
    const count = async () =>
      (
        await stack.sql(
          `select (select count(*)::int from auth.identities where user_id = $1) as identities,
                  (select count(*)::int from auth.sessions where user_id = $1) as sessions,
                  (select count(*)::int from auth.refresh_tokens where user_id = $1::text) as tokens,
                  (select count(*)::int from auth.one_time_tokens where user_id = $1) as otts`,
          [id],
        )
      )[0];
    expect(await count()).toEqual({ identities: 1, sessions: 2, tokens: 2, otts: 1 });
    expect((await stack.service().auth.admin.deleteUser(id)).error).toBeNull();
    expect(await count()).toEqual({ identities: 0, sessions: 0, tokens: 0, otts: 0 });
    expect(await userStatus(session.access_token)).toMatchObject({ status: 403, code: "user_not_found" });
    const refresh = await stack.anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error?.code).toBe("refresh_token_not_found");
  });
});

describe("wire format", () => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${stack.url}/auth/v1${path}`, {
      method: "POST",
      headers: { apikey: stack.keys.anon, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("renders errors as GoTrue, by API version", async () => {
    const legacy = await post("/token?grant_type=password", { email: "x@example.com", password: "nope-nope" });
    expect(legacy.status).toBe(400);
    expect(legacy.headers.get("x-sb-error-code")).toBe("invalid_credentials");
    expect(legacy.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: "invalid_credentials",
      msg: "Invalid login credentials",
      message: "Invalid login credentials",
    });
    const versioned = await post(
      "/token?grant_type=password",
      { email: "x@example.com", password: "nope-nope" },
      { "x-supabase-api-version": "2024-01-01" },
    );
    expect((await versioned.json()).code).toBe("invalid_credentials");
    const grant = await post("/token?grant_type=magic", {});
    expect(await grant.json()).toMatchObject({ error_code: "invalid_credentials", msg: "unsupported_grant_type" });
    const noToken = await post("/token?grant_type=refresh_token", {});
    expect(noToken.status).toBe(400);
    expect(await noToken.json()).toEqual({ error: "invalid_request", error_description: "refresh_token required" });
  });

  it("answers health, settings and an empty JWKS", async () => {
    const health = await fetch(`${stack.url}/auth/v1/health`);
    expect(await health.json()).toMatchObject({ name: "GoTrue" });
    const settings = await (
      await fetch(`${stack.url}/auth/v1/settings`, { headers: { apikey: stack.keys.anon } })
    ).json();
    expect(settings).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      external: { email: true, phone: false },
    });
    const jwks = await (
      await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`, { headers: { apikey: stack.keys.anon } })
    ).json();
    expect(jwks).toEqual({ keys: [] });
  });
});
