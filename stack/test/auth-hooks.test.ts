// Auth hooks as GoTrue runs them, on a project written as SaaS kits write theirs
// (fixtures/auth-hooks): role claims from a user_roles table through a plpgsql access
// token hook (and RLS reading them), a before_user_created hook refusing a domain,
// password and MFA attempt policies in SQL, and the e-mails handed to an HTTP endpoint
// served here, signed with Standard Webhooks. Errors are checked as GoTrue words them.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { Secret, TOTP } from "otpauth";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt, mailsTo, uniqueEmail } from "./fixtures/auth/helpers.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

const SECRET = `v1,whsec_${randomBytes(32).toString("base64")}`;

/** The mail endpoint: checks each signature, keeps each call, answers as told. */
interface Received {
  path: string;
  headers: Record<string, string>;
  body: {
    user: Record<string, unknown>;
    email_data: Record<string, string>;
    sms: Record<string, string>;
    metadata: Record<string, unknown>;
  };
}
const received: Received[] = [];
let answer: { status: number; type: string; body: string } = { status: 200, type: "application/json", body: "{}" };
let endpoint: Server;

let stack: TestStack;

beforeAll(async () => {
  const verifier = new Webhook(SECRET.slice("v1,".length));
  endpoint = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const headers = req.headers as Record<string, string>;
      // Throws on a wrong or missing signature: the request then gets a 401.
      try {
        verifier.verify(text, headers);
      } catch {
        res.writeHead(401).end();
        return;
      }
      received.push({ path: req.url ?? "", headers, body: JSON.parse(text) });
      res.writeHead(answer.status, { "content-type": answer.type }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  const { port } = endpoint.address() as AddressInfo;
  process.env.FIXTURE_SEND_EMAIL_HOOK_URI = `http://localhost:${port}/send-email`;
  process.env.FIXTURE_SEND_SMS_HOOK_URI = `http://127.0.0.1:${port}/send-sms`;
  process.env.FIXTURE_SEND_EMAIL_HOOK_SECRET = SECRET;
  stack = await startTestStack({ projectDir: path.join(FIXTURES, "auth-hooks") });
});
afterAll(async () => {
  await stack?.stop();
  endpoint?.close();
});

async function signedUp(prefix: string): Promise<{ client: SupabaseClient; email: string; id: string; token: string }> {
  const email = uniqueEmail(prefix);
  const client = stack.anon();
  const { data, error } = await client.auth.signUp({ email, password: "password-1" });
  expect(error).toBeNull();
  if (!data.session || !data.user) throw new Error("no session");
  return { client, email, id: data.user.id, token: data.session.access_token };
}

/** A raw auth call as auth-js makes it (versioned), for the exact body. */
async function authCall(pathname: string, body: unknown, token?: string) {
  const res = await fetch(`${stack.url}/auth/v1${pathname}`, {
    method: "POST",
    headers: {
      apikey: stack.keys.anon,
      "content-type": "application/json",
      "x-supabase-api-version": "2024-01-01",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

describe("custom_access_token (plpgsql, RBAC claims)", () => {
  it("puts the user's role into every token it signs, and RLS reads it from there", async () => {
    const user = await signedUp("rbac");
    expect(decodeJwt(user.token)).toMatchObject({ user_role: null, auth_method: "password", sub: user.id });
    expect((await user.client.from("projects").select("name")).data).toEqual([]);

    await stack.sql("insert into public.user_roles (user_id, role) values ($1, 'admin')", [user.id]);
    const { data, error } = await user.client.auth.refreshSession();
    expect(error).toBeNull();
    const claims = decodeJwt(data.session?.access_token as string);
    expect(claims).toMatchObject({ user_role: "admin", auth_method: "token_refresh", role: "authenticated" });
    const projects = await user.client.from("projects").select("name").order("name");
    expect(projects.data).toEqual([{ name: "Apollo" }, { name: "Gemini" }]);
  });

  it("refuses claims that break GoTrue's token schema, a missing claims field and a failing function", async () => {
    const user = await signedUp("claims");
    const [{ def }] = await stack.sql(
      "select pg_get_functiondef('public.custom_access_token_hook(jsonb)'::regprocedure) as def",
    );
    const replaceWith = (body: string) =>
      stack.sql(`create or replace function public.custom_access_token_hook(event jsonb) returns jsonb
        language plpgsql as $$ begin ${body} end $$`);
    const signIn = () => authCall("/token?grant_type=password", { email: user.email, password: "password-1" });
    try {
      await replaceWith(
        "return jsonb_set(event, '{claims}', (event->'claims') - 'session_id' || '{\"exp\": \"soon\"}');",
      );
      expect(await signIn()).toEqual({
        status: 500,
        body: expect.objectContaining({
          code: "unexpected_failure",
          message:
            "output claims do not conform to the expected schema: \n" +
            "- (root): session_id is required\n" +
            "- exp: Invalid type. Expected: integer, given: string\n",
        }),
      });
      await replaceWith("return jsonb_build_object('user_id', event->'user_id');");
      expect((await signIn()).body).toMatchObject({
        code: "unexpected_failure",
        message: "output claims field is missing",
      });
      await replaceWith(
        "return jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', 'Account on hold'));",
      );
      expect(await signIn()).toMatchObject({ status: 403, body: { code: "unknown", message: "Account on hold" } });
      // Past GoTrue's 2 s statement timeout for Postgres hooks.
      await replaceWith("perform pg_sleep(3); return event;");
      expect(await signIn()).toMatchObject({
        status: 500,
        body: {
          code: "unexpected_failure",
          message: "Error running hook URI: pg-functions://postgres/public/custom_access_token_hook",
        },
      });
    } finally {
      await stack.sql(def);
    }
    // Nothing of the refused sign-ins stayed: only the sign-up's session exists.
    expect(await stack.sql("select count(*)::int as n from auth.sessions where user_id = $1", [user.id])).toEqual([
      { n: 1 },
    ]);
  });
});

describe("before_user_created", () => {
  it("refuses a blocked domain with the hook's error before any user exists", async () => {
    const email = uniqueEmail("blocked").replace("@example.com", "@blocked.example");
    const { error } = await stack.anon().auth.signUp({ email, password: "password-1" });
    expect(error).toMatchObject({ status: 400, message: "Sign-ups from this domain are not allowed." });
    expect(await authCall("/otp", { email, create_user: true })).toMatchObject({
      status: 400,
      body: { code: "unknown", message: "Sign-ups from this domain are not allowed." },
    });
    const invite = await stack.service().auth.admin.inviteUserByEmail(email);
    expect(invite.error).toMatchObject({ status: 400, message: "Sign-ups from this domain are not allowed." });
    expect(await stack.sql("select id from auth.users where email = $1", [email])).toEqual([]);
  });

  it("lets other domains through, creating the user the hook was shown", async () => {
    const { id, email } = await signedUp("welcome");
    expect(
      await stack.sql("select email, event, ip_address from public.signup_requests where user_id = $1", [id]),
    ).toEqual([{ email, event: "before-user-created", ip_address: "127.0.0.1" }]);
    const anonymous = await authCall("/signup", {});
    expect(anonymous.status).toBe(422); // anonymous sign-ins are off: refused before the hook
  });
});

describe("send_email (HTTP, Standard Webhooks)", () => {
  it("hands a magic link to the endpoint, signed, instead of the mail catcher", async () => {
    const email = uniqueEmail("hooked-mail");
    const before = received.length;
    const { error } = await stack.anon().auth.signInWithOtp({
      email,
      options: { emailRedirectTo: "http://127.0.0.1:3000/welcome" },
    });
    expect(error).toBeNull();
    expect(received).toHaveLength(before + 1);
    const { headers, body } = received[before];
    expect(headers["webhook-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.metadata).toMatchObject({ name: "send-email" });
    expect(body.user).toMatchObject({ email, aud: "authenticated" });
    expect(body.email_data).toMatchObject({
      email_action_type: "magiclink",
      redirect_to: "http://127.0.0.1:3000/welcome",
      site_url: `${stack.url}/auth/v1`,
      token: expect.stringMatching(/^\d{6}$/),
      token_new: "",
      token_hash_new: "",
    });
    expect(await mailsTo(stack, email)).toEqual([]);

    // The link the endpoint would mail signs the user in.
    const verified = await stack.anon().auth.verifyOtp({ token_hash: body.email_data.token_hash, type: "magiclink" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
  });

  it("answers the endpoint's error, and GoTrue's words for a response it cannot use", async () => {
    const email = uniqueEmail("hook-down");
    await stack.anon().auth.signUp({ email, password: "password-1" });
    try {
      answer = {
        status: 200,
        type: "application/json",
        body: '{"error":{"http_code":503,"message":"Mail provider down"}}',
      };
      expect(await authCall("/recover", { email })).toMatchObject({
        status: 503,
        body: { code: "unknown", message: "Mail provider down" },
      });
      answer = { status: 200, type: "text/plain", body: "ok" };
      expect(await authCall("/recover", { email })).toMatchObject({
        status: 400,
        body: {
          code: "hook_payload_invalid_content_type",
          message: "Invalid JSON response. Received content-type: text/plain",
        },
      });
      answer = { status: 418, type: "application/json", body: "{}" };
      expect(await authCall("/recover", { email })).toMatchObject({
        status: 500,
        body: { message: "Unexpected status code returned from hook: 418" },
      });
    } finally {
      answer = { status: 200, type: "application/json", body: "{}" };
    }
  });
});

describe("password_verification_attempt", () => {
  it("rejects the right password after three failures and signs the user out everywhere", async () => {
    const user = await signedUp("attempts");
    for (let i = 0; i < 3; i++) {
      expect(await authCall("/token?grant_type=password", { email: user.email, password: "wrong-1" })).toMatchObject({
        status: 400,
        body: { code: "invalid_credentials", message: "Invalid login credentials" },
      });
    }
    expect(await authCall("/token?grant_type=password", { email: user.email, password: "password-1" })).toMatchObject({
      status: 400,
      body: { code: "invalid_credentials", message: "Too many failed attempts: ask an admin." },
    });
    expect(await stack.sql("select 1 from auth.sessions where user_id = $1", [user.id])).toEqual([]);
    expect((await user.client.auth.refreshSession()).error).toMatchObject({ code: "refresh_token_not_found" });
  });
});

describe("mfa_verification_attempt", () => {
  it("hears of each attempt, keeps what it records of a wrong code, and a rejection ends the sessions", async () => {
    const user = await signedUp("mfa-hook");
    const { data: factor } = await user.client.auth.mfa.enroll({ factorType: "totp" });
    if (!factor) throw new Error("no factor");
    const verify = async (code: string) => {
      const { data: challenge } = await user.client.auth.mfa.challenge({ factorId: factor.id });
      return authCall(`/factors/${factor.id}/verify`, { challenge_id: challenge?.id, code }, user.token);
    };
    expect(await verify("000000")).toMatchObject({
      status: 422,
      body: { code: "mfa_verification_failed", message: "Invalid TOTP code entered" },
    });
    expect(await stack.sql("select factor_id, valid from public.mfa_attempts where user_id = $1", [user.id])).toEqual([
      { factor_id: factor.id, valid: false },
    ]);

    await stack.sql("insert into public.mfa_flagged_users (user_id) values ($1)", [user.id]);
    const answer = await verify(new TOTP({ secret: Secret.fromBase32(factor.totp.secret) }).generate());
    expect(answer).toMatchObject({
      status: 403,
      body: { code: "mfa_verification_rejected", message: "Further MFA verification attempts will be rejected." },
    });
    expect(await stack.sql("select 1 from auth.sessions where user_id = $1", [user.id])).toEqual([]);
  });
});

describe("send_sms (HTTP): phone sign-in with [auth.sms] enable_signup", () => {
  let serial = 0;
  /** A fresh number per call, E.164 digits as GoTrue stores them. */
  const phoneNumber = () => `1555${String(Date.now() % 1_000_000).padStart(6, "0")}${++serial}`;
  const lastSms = (phone: string) =>
    received.filter((r) => r.path === "/send-sms" && r.body.sms.phone === phone).at(-1);

  it("texts a code to a new number through the hook; the code signs the user in", async () => {
    const phone = phoneNumber();
    const client = stack.anon();
    expect((await client.auth.signInWithOtp({ phone: `+${phone}` })).error).toBeNull();
    const sms = lastSms(phone);
    expect(sms?.body).toMatchObject({
      metadata: { name: "send-sms" },
      sms: { phone, otp: expect.stringMatching(/^\d{6}$/) },
      user: { phone, aud: "authenticated" },
    });
    expect(await authCall("/verify", { type: "sms", phone, token: "000000" })).toMatchObject({
      status: 403,
      body: { code: "otp_expired", message: "Token has expired or is invalid" },
    });
    const { data, error } = await client.auth.verifyOtp({ phone, token: sms?.body.sms.otp as string, type: "sms" });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ phone, app_metadata: { provider: "phone", providers: ["phone"] } });
    expect(data.user?.phone_confirmed_at).toBeTruthy();
    expect(decodeJwt(data.session?.access_token as string)).toMatchObject({ phone, user_role: null });
    // before_user_created saw the phone user, with the id it now has.
    expect(await stack.sql("select event from public.signup_requests where user_id = $1", [data.user?.id])).toEqual([
      { event: "before-user-created" },
    ]);
    // A second code within max_frequency (5 s) is refused as GoTrue refuses it.
    expect(await authCall("/otp", { phone })).toMatchObject({
      status: 429,
      body: { code: "over_sms_send_rate_limit" },
    });
  });

  it("signs up with a phone and a password (confirmed at once, as the CLI's default), then signs in with them", async () => {
    const phone = phoneNumber();
    const signUp = await stack.anon().auth.signUp({ phone, password: "password-1" });
    expect(signUp.error).toBeNull();
    expect(signUp.data.user).toMatchObject({ phone });
    const signIn = await stack.anon().auth.signInWithPassword({ phone: `+${phone}`, password: "password-1" });
    expect(signIn.error).toBeNull();
    expect(await authCall("/signup", { phone, password: "password-1" })).toMatchObject({
      status: 422,
      body: { code: "user_already_exists" },
    });
  });

  it("lets the admin API create a confirmed phone user, once per number", async () => {
    const phone = phoneNumber();
    const admin = stack.service().auth.admin;
    const created = await admin.createUser({ phone: `+${phone}`, password: "password-1", phone_confirm: true });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({ phone, app_metadata: { provider: "phone", providers: ["phone"] } });
    expect(created.data.user?.phone_confirmed_at).toBeTruthy();
    expect((await stack.anon().auth.signInWithPassword({ phone, password: "password-1" })).error).toBeNull();
    expect((await admin.createUser({ phone })).error).toMatchObject({ status: 422, code: "phone_exists" });
  });
});
