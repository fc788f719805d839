// [auth.rate_limit] with tiny limits, applied as GoTrue applies them. Under the CLI
// no request is limited (GoTrue counts requests only by GOTRUE_RATE_LIMIT_HEADER,
// which the CLI does not set); with the header, each endpoint family has a bucket
// that lets a burst of 30 through and then refills at the configured rate (the
// period is shortened here instead of waiting five minutes). E-mails are limited
// per hour whenever an SMTP server is configured.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authStateOf, mailsTo, uniqueEmail } from "./fixtures/auth/helpers.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projectDir: path.join(FIXTURES, "auth-limits") });
});

/** A client whose requests carry the rate-limit header, as hosted Supabase's proxy adds it. */
const fromAddress = (address: string) => stack.anon({ "x-client-address": address });
afterAll(async () => {
  await stack?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BURST = 30;

describe("rate limits", () => {
  it("limits no request without a rate-limit header, as under the CLI", async () => {
    const unknown = uniqueEmail("nobody");
    for (let i = 0; i < BURST + 5; i++) {
      expect((await stack.anon().auth.resetPasswordForEmail(unknown)).error).toBeNull();
    }
    // More sign-ups in a row than sign_in_sign_ups (3) and than a burst: the official
    // supabase-js integration suite makes about 30 on its unchanged fixture.
    for (let i = 0; i <= BURST; i++) {
      const { error } = await stack.anon().auth.signUp({ email: uniqueEmail(`many${i}`), password: "password-1" });
      expect(error).toBeNull();
    }
    // 31 bcrypt hashes: seconds on a quiet machine, more on a busy one.
  }, 120_000);

  it("lets a burst of 30 through per address and endpoint family, then the configured rate", async () => {
    const runtime = authStateOf(stack);
    runtime.rateLimitHeader = "x-client-address";
    const client = fromAddress("10.0.0.1");
    const unknown = uniqueEmail("nobody");
    for (let i = 0; i < BURST; i++) expect((await client.auth.resetPasswordForEmail(unknown)).error).toBeNull();
    const limited = await client.auth.resetPasswordForEmail(unknown);
    expect(limited.error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
    expect((await fromAddress("10.0.0.2").auth.resetPasswordForEmail(unknown)).error).toBeNull();

    // Sign-ups have their own bucket: more than sign_in_sign_ups (3) of them pass at once.
    for (let i = 0; i < 4; i++) {
      const { error } = await client.auth.signUp({ email: uniqueEmail(`s${i}`), password: "password-1" });
      expect(error).toBeNull();
    }

    runtime.limiter.periodsMs.recover = 300; // three per 300 ms
    await sleep(150);
    expect((await client.auth.resetPasswordForEmail(unknown)).error).toBeNull();
  });

  it("limits sign-ins and refreshes together (/token) and verifications", async () => {
    authStateOf(stack).rateLimitHeader = "x-client-address";
    const client = fromAddress("10.0.0.3");
    const email = uniqueEmail();
    await stack.service().auth.admin.createUser({ email, password: "password-1", email_confirm: true });
    const { error } = await client.auth.signInWithPassword({ email, password: "password-1" });
    expect(error).toBeNull();
    for (let i = 1; i < BURST; i++) {
      const { error } = await client.auth.refreshSession({ refresh_token: `missing-${i}` });
      expect(error?.code).toBe("refresh_token_not_found");
    }
    const [{ n: before }] = await stack.sql("select count(*)::int as n from auth.sessions");
    const limited = await client.auth.signInWithPassword({ email, password: "password-1" });
    expect(limited.error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
    const [{ n: after }] = await stack.sql("select count(*)::int as n from auth.sessions");
    expect(after).toBe(before); // the refused sign-in wrote nothing

    for (let i = 0; i < BURST; i++) {
      const { error } = await client.auth.verifyOtp({ token_hash: `nope${i}`, type: "magiclink" });
      expect(error?.code).toBe("otp_expired");
    }
    const verify = await client.auth.verifyOtp({ token_hash: "nope", type: "magiclink" });
    expect(verify.error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
  });

  it("limits e-mails per hour when an SMTP server is configured", async () => {
    const { limiter } = authStateOf(stack);
    const admin = stack.service().auth.admin;
    const emails = [uniqueEmail("a"), uniqueEmail("b"), uniqueEmail("c")];
    for (const email of emails) await admin.createUser({ email, password: "password-1", email_confirm: true });
    expect((await stack.anon().auth.resetPasswordForEmail(emails[0])).error).toBeNull();
    expect((await stack.anon().auth.resetPasswordForEmail(emails[1])).error).toBeNull();
    const limited = await stack.anon().auth.resetPasswordForEmail(emails[2]);
    expect(limited.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
    expect(await mailsTo(stack, emails[2])).toEqual([]);
    const [row] = await stack.sql("select recovery_token, recovery_sent_at from auth.users where email = $1", [
      emails[2],
    ]);
    expect(row).toEqual({ recovery_token: "", recovery_sent_at: null });

    limiter.periodsMs.email_sent = 300;
    await sleep(350);
    expect((await stack.anon().auth.resetPasswordForEmail(emails[2])).error).toBeNull();
    expect(await mailsTo(stack, emails[2])).toHaveLength(1);
  });
});
