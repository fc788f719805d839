import { describe, expect, it } from "vitest";
import { loadConfig } from "../config/index.js";
import { RateLimiter } from "./rateLimit.js";

describe("RateLimiter", () => {
  it("refuses past the limit and releases when the window has passed", () => {
    let now = 1_000_000;
    const limits = { ...loadConfig("/nonexistent").auth.rate_limit, sign_in_sign_ups: 2 };
    const limiter = new RateLimiter(limits, () => now);
    expect(limiter.take("sign_in_sign_ups", "ip1")).toBe(true);
    expect(limiter.take("sign_in_sign_ups", "ip1")).toBe(true);
    expect(limiter.take("sign_in_sign_ups", "ip1")).toBe(false);
    expect(limiter.take("sign_in_sign_ups", "ip2")).toBe(true);
    now += limiter.windowsMs.sign_in_sign_ups + 1;
    expect(limiter.take("sign_in_sign_ups", "ip1")).toBe(true);
  });
});
