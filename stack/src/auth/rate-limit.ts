// [auth.rate_limit] as the CLI hands it to GoTrue and GoTrue applies it: token
// buckets per IP (tollbooth), one per endpoint family, that hold a burst of 30
// requests and refill at the configured number per period:
//   token      /token (password, refresh, PKCE)      token_refresh per 5 min
//   signups    /signup with e-mail                   sign_in_sign_ups per 5 min (GOTRUE_RATE_LIMIT_OTP)
//   otp, recover, resend, user                       sign_in_sign_ups per 5 min, a bucket each
//   verify     /verify                               token_verifications per 5 min
//   anonymous  anonymous sign-ups                    anonymous_users per hour, burst = the limit
//   mfa        /factors challenge and verify         15 per minute (GoTrue's default)
// E-mails are counted apart: email_sent per hour over a sliding window.
// Periods are plain data so tests can shorten them instead of waiting minutes.
import type { RateLimits } from "../config/index.js";

export type BucketName =
  | "token"
  | "signups"
  | "otp"
  | "recover"
  | "resend"
  | "user"
  | "verify"
  | "anonymous"
  | "mfa"
  | "passkey";

const DEFAULT_BURST = 30;
/** GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY's default; the CLI does not set it. */
const MFA_PER_MINUTE = 15;
/** GOTRUE_RATE_LIMIT_PASSKEY's default (passkey sign-in options, per 5 minutes); the CLI does not set it. */
const PASSKEY_PER_5_MINUTES = 30;

interface BucketSpec {
  refill: number;
  burst: number;
}

function bucketSpecs(limits: RateLimits): Record<BucketName, BucketSpec> {
  const otp = { refill: limits.sign_in_sign_ups, burst: DEFAULT_BURST };
  return {
    token: { refill: limits.token_refresh, burst: DEFAULT_BURST },
    signups: otp,
    otp,
    recover: otp,
    resend: otp,
    user: otp,
    verify: { refill: limits.token_verifications, burst: DEFAULT_BURST },
    anonymous: { refill: limits.anonymous_users, burst: limits.anonymous_users },
    mfa: { refill: MFA_PER_MINUTE, burst: DEFAULT_BURST },
    passkey: { refill: PASSKEY_PER_5_MINUTES, burst: DEFAULT_BURST },
  };
}

export const DEFAULT_PERIODS_MS: Record<BucketName | "email_sent", number> = {
  token: 5 * 60_000,
  signups: 5 * 60_000,
  otp: 5 * 60_000,
  recover: 5 * 60_000,
  resend: 5 * 60_000,
  user: 5 * 60_000,
  verify: 5 * 60_000,
  anonymous: 60 * 60_000,
  mfa: 60_000,
  passkey: 5 * 60_000,
  email_sent: 60 * 60_000,
};

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  /** Over how long each bucket refills its configured number of requests. */
  readonly periodsMs = { ...DEFAULT_PERIODS_MS };
  private readonly specs: Record<BucketName, BucketSpec>;
  private readonly buckets = new Map<string, Bucket>();
  private readonly sent = new Map<string, number[]>();

  constructor(
    private readonly limits: RateLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.specs = bucketSpecs(limits);
  }

  /** Takes one request from the bucket of `key`; false when it is empty. */
  take(name: BucketName, key: string): boolean {
    const { refill, burst } = this.specs[name];
    const id = `${name}:${key}`;
    const now = this.now();
    const bucket = this.buckets.get(id) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) * refill) / this.periodsMs[name]);
    bucket.at = now;
    this.buckets.set(id, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Counts one e-mail of `key`; false when email_sent are already out within the hour. */
  takeEmail(key: string): boolean {
    const now = this.now();
    const since = now - this.periodsMs.email_sent;
    const recent = (this.sent.get(key) ?? []).filter((t) => t > since);
    const allowed = recent.length < this.limits.email_sent;
    if (allowed) recent.push(now);
    this.sent.set(key, recent);
    return allowed;
  }
}
