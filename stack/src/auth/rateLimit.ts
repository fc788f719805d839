// [auth.rate_limit] from config.toml: requests counted per key over a sliding
// window (sign-ins/sign-ups, refreshes and verifications per IP per 5 minutes,
// anonymous sign-ins per IP and e-mails per hour). Windows are plain data so tests can shorten them instead
// of waiting minutes.
import type { RateLimits } from "../config/index.js";

export type LimitName = keyof Pick<
  RateLimits,
  "sign_in_sign_ups" | "token_refresh" | "token_verifications" | "email_sent" | "anonymous_users"
>;

export const DEFAULT_WINDOWS_MS: Record<LimitName, number> = {
  sign_in_sign_ups: 5 * 60_000,
  token_refresh: 5 * 60_000,
  token_verifications: 5 * 60_000,
  email_sent: 60 * 60_000,
  anonymous_users: 60 * 60_000,
};

export class RateLimiter {
  readonly windowsMs: Record<LimitName, number> = { ...DEFAULT_WINDOWS_MS };
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limits: RateLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; false when the limit for this window is already used up. */
  take(name: LimitName, key: string): boolean {
    const id = `${name}:${key}`;
    const now = this.now();
    const since = now - this.windowsMs[name];
    const recent = (this.hits.get(id) ?? []).filter((t) => t > since);
    if (recent.length >= this.limits[name]) {
      this.hits.set(id, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(id, recent);
    return true;
  }
}
