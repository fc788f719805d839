import { describe, expect, it } from "vitest";
import { loadConfig } from "../config/index.js";
import { RateLimiter } from "./rate-limit.js";

const limits = { ...loadConfig("/nonexistent").auth.rate_limit, sign_in_sign_ups: 3, anonymous_users: 2 };

describe("RateLimiter", () => {
  it("lets a burst of 30 through whatever the configured rate, then refills at that rate", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(limits, () => now);
    for (let i = 0; i < 30; i++) expect(limiter.take("signups", "ip1")).toBe(true);
    expect(limiter.take("signups", "ip1")).toBe(false);
    expect(limiter.take("signups", "ip2")).toBe(true);
    expect(limiter.take("otp", "ip1")).toBe(true); // each endpoint family has its own bucket
    now += limiter.periodsMs.signups / 3; // three per period: one more after a third of it
    expect(limiter.take("signups", "ip1")).toBe(true);
    expect(limiter.take("signups", "ip1")).toBe(false);
  });

  it("holds anonymous sign-ins to their own limit as the burst", () => {
    const limiter = new RateLimiter(limits, () => 0);
    expect(limiter.take("anonymous", "ip")).toBe(true);
    expect(limiter.take("anonymous", "ip")).toBe(true);
    expect(limiter.take("anonymous", "ip")).toBe(false);
  });

  it("counts e-mails over a sliding hour", () => {
    let now = 0;
    const limiter = new RateLimiter({ ...limits, email_sent: 2 }, () => now);
    expect(limiter.takeEmail("all")).toBe(true);
    expect(limiter.takeEmail("all")).toBe(true);
    expect(limiter.takeEmail("all")).toBe(false);
    now += limiter.periodsMs.email_sent + 1;
    expect(limiter.takeEmail("all")).toBe(true);
  });
});
