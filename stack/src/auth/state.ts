// The auth service's own state, built once per stack in createAuthService from the
// StackConfig (so two stacks in one process share nothing), and the context every
// auth handler receives: the stack's, plus this state.
import type { StackConfig } from "../config/index.js";
import type { StackContext } from "../context.js";
import { RateLimiter } from "./rate-limit.js";

export interface AuthState {
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

export interface AuthContext extends StackContext {
  auth: AuthState;
}

export function createAuthState(config: StackConfig, env: NodeJS.ProcessEnv = process.env): AuthState {
  return {
    limiter: new RateLimiter(config.auth.rate_limit),
    rateLimitHeader: env.GOTRUE_RATE_LIMIT_HEADER?.toLowerCase() || null,
    emailLimited: config.auth.email.smtp_enabled,
  };
}
