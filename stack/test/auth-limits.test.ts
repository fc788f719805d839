// [auth.rate_limit] with tiny limits: requests past the limit get 429 and are
// let through again once the window has passed (the window is shortened here
// instead of waiting five minutes).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRuntime } from "../src/auth/runtime.js";
import { mailsTo, uniqueEmail } from "./fixtures/auth/helpers.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projectDir: path.join(FIXTURES, "auth-limits") });
});
afterAll(async () => {
  await stack?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("rate limits", () => {
  it("limits sign-ins and sign-ups per IP and releases after the window", async () => {
    const { limiter } = authRuntime(stack.ctx);
    const email = uniqueEmail();
    const attempts = [
      () => stack.anon().auth.signUp({ email, password: "password-1" }),
      () => stack.anon().auth.signInWithPassword({ email, password: "wrong-one" }),
      () => stack.anon().auth.signInWithPassword({ email, password: "password-1" }),
    ];
    for (const attempt of attempts) expect((await attempt()).error?.status).not.toBe(429);
    const limited = await stack.anon().auth.signInWithPassword({ email, password: "password-1" });
    expect(limited.error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
    const [{ n }] = await stack.sql("select count(*)::int as n from auth.sessions");
    expect(n).toBe(2); // sign-up and the good sign-in; the refused one wrote nothing

    limiter.windowsMs.sign_in_sign_ups = 300;
    await sleep(350);
    const released = await stack.anon().auth.signInWithPassword({ email, password: "password-1" });
    expect(released.error).toBeNull();
  });

  it("limits refreshes and verifications", async () => {
    const { limiter } = authRuntime(stack.ctx);
    limiter.windowsMs.sign_in_sign_ups = 5 * 60_000;
    const { data } = await stack.service().auth.admin.createUser({
      email: uniqueEmail(),
      password: "password-1",
      email_confirm: true,
    });
    const { data: signedIn } = await stack
      .anon()
      .auth.signInWithPassword({ email: data.user?.email as string, password: "password-1" });
    let token = signedIn.session?.refresh_token as string;
    for (let i = 0; i < 2; i++) {
      const { data: refreshed, error } = await stack.anon().auth.refreshSession({ refresh_token: token });
      expect(error).toBeNull();
      token = refreshed.session?.refresh_token as string;
    }
    const limited = await stack.anon().auth.refreshSession({ refresh_token: token });
    expect(limited.error).toMatchObject({ status: 429, code: "over_request_rate_limit" });

    for (let i = 0; i < 2; i++) {
      const { error } = await stack.anon().auth.verifyOtp({ token_hash: `nope${i}`, type: "magiclink" });
      expect(error?.code).toBe("otp_expired");
    }
    const verify = await stack.anon().auth.verifyOtp({ token_hash: "nope", type: "magiclink" });
    expect(verify.error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
  });

  it("limits e-mails per hour when an SMTP server is configured", async () => {
    const { limiter } = authRuntime(stack.ctx);
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

    limiter.windowsMs.email_sent = 300;
    await sleep(350);
    expect((await stack.anon().auth.resetPasswordForEmail(emails[2])).error).toBeNull();
    expect(await mailsTo(stack, emails[2])).toHaveLength(1);
  });
});
