// Per-stack state of the auth service that outlives a request (rate-limit
// buckets and how requests are keyed), per stack context so stacks in one
// process stay apart.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseToml } from "smol-toml";
import type { StackContext } from "../context.js";
import { RateLimiter } from "./rateLimit.js";

export interface AuthRuntime {
  limiter: RateLimiter;
  /**
   * GOTRUE_RATE_LIMIT_HEADER: the request header whose first value keys the request
   * buckets. GoTrue applies no request rate limits without one, and the CLI sets
   * none; hosted Supabase sets it at its proxy.
   */
  rateLimitHeader: string | null;
  /**
   * The CLI applies [auth.rate_limit] email_sent only with a custom SMTP server
   * ([auth.email.smtp] enabled); the built-in mail catcher is not limited.
   */
  emailLimited: boolean;
}

const runtimes = new WeakMap<StackContext, AuthRuntime>();

function smtpEnabled(supabaseDir: string): boolean {
  const file = path.join(supabaseDir, "config.toml");
  if (!existsSync(file)) return false;
  const raw = parseToml(readFileSync(file, "utf8")) as { auth?: { email?: { smtp?: { enabled?: unknown } } } };
  const smtp = raw.auth?.email?.smtp;
  return smtp !== undefined && smtp.enabled !== false;
}

export function authRuntime(ctx: StackContext): AuthRuntime {
  let runtime = runtimes.get(ctx);
  if (!runtime) {
    runtime = {
      limiter: new RateLimiter(ctx.config.auth.rate_limit),
      rateLimitHeader: process.env.GOTRUE_RATE_LIMIT_HEADER?.toLowerCase() || null,
      emailLimited: smtpEnabled(ctx.config.supabaseDir),
    };
    runtimes.set(ctx, runtime);
  }
  return runtime;
}
