// The auth hooks other than the access token's (hook-claims.ts), each with the input
// GoTrue gives it and called where GoTrue calls it (docs/architecture.md "Auth"):
//   password_verification_attempt  after the password was compared, before the answer
//   mfa_verification_attempt       after a TOTP code was compared, before the answer
//   before_user_created            before a sign-up, OTP, invite or signup link creates a user
//   send_email                     instead of the mail catcher, with the link's data
// The two attempt hooks may reject ("decision": "reject"): the sign-in is refused with the
// hook's message, and the user's sessions end (always for MFA, on should_logout_user for
// passwords), committed before the refusal is answered.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { AUTH_ERRORS } from "./errors.js";
import { type HookOrigin, hookEnabled, objectOutput, runHook } from "./hooks.js";
import type { AuthContext } from "./state.js";

/** GoTrue's default messages for a rejection without one. */
const PASSWORD_REJECTED = "Further password verification attempts will be rejected.";
const MFA_REJECTED = "Further MFA verification attempts will be rejected.";
const REJECT = "reject";

interface Decision {
  reject: boolean;
  message: string;
  logout: boolean;
}

/** The fields of a decision output, typed as GoTrue's struct decodes them. */
function decisionOf(output: unknown): Decision {
  const { decision, message, should_logout_user: logout } = objectOutput(output);
  const typed = (value: unknown, type: string) => value === undefined || value === null || typeof value === type;
  if (!typed(decision, "string") || !typed(message, "string") || !typed(logout, "boolean")) {
    throw AUTH_ERRORS.hookOutputUnreadable();
  }
  return { reject: decision === REJECT, message: (message as string | undefined) ?? "", logout: logout === true };
}

/** GoTrue's models.Logout: every session of the user, and the services stop trusting them. */
async function logout(ctx: AuthContext, userId: string): Promise<void> {
  await ctx.db.admin.query("delete from auth.sessions where user_id = $1", [userId]);
  ctx.sessions.forgetUser(userId);
}

/** Throws the hook's refusal (400 invalid_credentials) when it rejects the attempt. */
export async function passwordAttempt(
  ctx: AuthContext,
  origin: HookOrigin,
  userId: string,
  valid: boolean,
): Promise<void> {
  if (!hookEnabled(ctx, "password_verification_attempt")) return;
  const decision = decisionOf(await runHook(ctx, "password_verification_attempt", origin, { user_id: userId, valid }));
  if (!decision.reject) return;
  if (decision.logout) await logout(ctx, userId);
  throw AUTH_ERRORS.passwordHookRejected(decision.message || PASSWORD_REJECTED);
}

/** Throws the hook's refusal (403 mfa_verification_rejected) when it rejects the attempt. */
export async function mfaAttempt(
  ctx: AuthContext,
  origin: HookOrigin,
  attempt: { userId: string; factorId: string; factorType: string; valid: boolean },
): Promise<void> {
  if (!hookEnabled(ctx, "mfa_verification_attempt")) return;
  const decision = decisionOf(
    await runHook(ctx, "mfa_verification_attempt", origin, {
      user_id: attempt.userId,
      factor_id: attempt.factorId,
      factor_type: attempt.factorType,
      valid: attempt.valid,
    }),
  );
  if (!decision.reject) return;
  await logout(ctx, attempt.userId);
  throw AUTH_ERRORS.mfaHookRejected(decision.message || MFA_REJECTED);
}

/** The user GoTrue is about to create, as its User JSON before the insert. */
interface UserToCreate {
  id: string;
  email: string | null;
  /** A phone user's number. */
  phone?: string;
  userMetadata: Record<string, unknown>;
  isAnonymous: boolean;
}

const NEVER = "0001-01-01T00:00:00Z";

/** Runs before_user_created outside any transaction; its error refuses the sign-up. */
export async function beforeUserCreated(ctx: AuthContext, origin: HookOrigin, user: UserToCreate): Promise<void> {
  if (!hookEnabled(ctx, "before_user_created")) return;
  const provider = user.isAnonymous ? null : user.phone ? "phone" : "email";
  objectOutput(
    await runHook(ctx, "before_user_created", origin, {
      user: {
        id: user.id,
        aud: "authenticated",
        role: "",
        email: user.email ?? "",
        phone: user.phone ?? "",
        app_metadata: provider ? { provider, providers: [provider] } : {},
        user_metadata: user.userMetadata,
        identities: [],
        created_at: NEVER,
        updated_at: NEVER,
        is_anonymous: user.isAnonymous,
      },
    }),
  );
}

/** GoTrue's EmailData, the link's parts for the hook to build its own mail. */
interface EmailData {
  token: string;
  token_hash: string;
  redirect_to: string;
  email_action_type: string;
  site_url: string;
  token_new: string;
  token_hash_new: string;
  old_email: string;
  old_phone: string;
  provider: string;
  factor_type: string;
}

export function sendEmailEnabled(ctx: AuthContext): boolean {
  return hookEnabled(ctx, "send_email");
}

/** Hands the mail to send_email (in the flow's transaction, as GoTrue): the catcher gets nothing. */
export async function sendEmailHook(
  ctx: AuthContext,
  db: pg.ClientBase,
  origin: HookOrigin,
  user: Record<string, unknown>,
  data: Omit<EmailData, "site_url" | "old_email" | "old_phone" | "provider" | "factor_type">,
): Promise<void> {
  const emailData: EmailData = {
    ...data,
    site_url: `${ctx.config.api.external_url}/auth/v1`,
    old_email: "",
    old_phone: "",
    provider: "",
    factor_type: "",
  };
  objectOutput(await runHook(ctx, "send_email", origin, { user, email_data: emailData }, db));
}

/**
 * A would-be user (with the id it will have) and before_user_created for it, run at most
 * once: now, before the route's transaction, when `taken` says the address is free (where
 * GoTrue runs it), and by `vet()` just before the insert only if that first look found
 * someone who has gone since. Without the hook, nothing is looked up.
 */
export async function vetNewUser(
  ctx: AuthContext,
  origin: HookOrigin,
  user: Omit<UserToCreate, "id">,
  taken: () => Promise<boolean>,
): Promise<{ id: string; vet: () => Promise<void> }> {
  const candidate = { ...user, id: randomUUID() };
  let vetted = !hookEnabled(ctx, "before_user_created");
  const vet = async () => {
    if (vetted) return;
    vetted = true;
    await beforeUserCreated(ctx, origin, candidate);
  };
  if (!vetted && !(await taken())) await vet();
  return { id: candidate.id, vet };
}
