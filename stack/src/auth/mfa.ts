// MFA factors as GoTrue's mfa.go does them for TOTP: enrolment (secret, otpauth
// URI and an SVG QR code), challenges bound to the caller's IP, verification that
// adds the `totp` method to the session and raises it to aal2, and unenrolment
// that lowers the sessions it raised back to aal1.

import { Secret, TOTP } from "otpauth";
import type pg from "pg";
import QRCode from "qrcode";
import type { Caller } from "./caller.js";
import { AUTH_ERRORS } from "./errors.js";
import { insertRefreshToken, type SessionRow, sessionResponse } from "./sessions.js";
import type { AuthContext } from "./state.js";
import { findUserById } from "./users.js";

/** GoTrue's defaults (GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION, _FACTOR_EXPIRY_DURATION, _MAX_VERIFIED_FACTORS). */
const CHALLENGE_EXPIRY_SECONDS = 300;
const UNVERIFIED_FACTOR_EXPIRY_SECONDS = 300;
const MAX_VERIFIED_FACTORS = 10;
/** pquerna/otp's defaults: 20 random bytes, SHA1, 6 digits, 30 s, one step of skew either way. */
const TOTP_SECRET_BYTES = 20;
const TOTP_PERIOD = 30;
const TOTP_DIGITS = 6;
const TOTP_WINDOW = 1;

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  secret: string | null;
  created_at: Date;
  updated_at: Date;
  last_challenged_at: Date | null;
}

interface ChallengeRow {
  id: string;
  verified_at: Date | null;
  same_ip: boolean;
  expired: boolean;
}

/** The caller's factor named in the path (GoTrue's loadFactor). */
export async function loadFactor(db: pg.ClientBase, userId: string, factorId: string): Promise<FactorRow> {
  const { rows } = await db.query<FactorRow>(
    "select * from auth.mfa_factors where id = $1 and user_id = $2 for update",
    [factorId, userId],
  );
  if (!rows[0]) throw AUTH_ERRORS.mfaFactorNotFound();
  return rows[0];
}

/** GoTrue's validateFactors: stale unverified factors go, then names, counts and the AAL are checked. */
async function checkNewFactor(ctx: AuthContext, db: pg.ClientBase, caller: Caller, friendlyName: string) {
  await db.query(
    `delete from auth.mfa_factors f where status <> 'verified' and created_at + make_interval(secs => $1) < now()
       and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)`,
    [UNVERIFIED_FACTOR_EXPIRY_SECONDS],
  );
  const { rows } = await db.query<{ friendly_name: string | null; status: string }>(
    "select friendly_name, status from auth.mfa_factors where user_id = $1",
    [caller.user.id],
  );
  if (rows.some((f) => (f.friendly_name ?? "") === friendlyName)) throw AUTH_ERRORS.mfaFactorNameConflict(friendlyName);
  const verified = rows.filter((f) => f.status === "verified").length;
  if (rows.length >= ctx.config.auth.mfa.max_enrolled_factors || verified >= MAX_VERIFIED_FACTORS) {
    throw AUTH_ERRORS.tooManyEnrolledFactors();
  }
  if (verified > 0 && caller.session?.aal !== "aal2") throw AUTH_ERRORS.insufficientAalToEnroll();
}

/** The issuer GoTrue puts in the otpauth URI: the request's, else the host of site_url. */
function issuerOf(ctx: AuthContext, issuer: string | undefined): string {
  if (issuer) return issuer;
  try {
    return new URL(ctx.config.auth.site_url).host;
  } catch {
    throw AUTH_ERRORS.unexpected("site url is improperly formatted");
  }
}

async function insertFactor(
  db: pg.ClientBase,
  userId: string,
  type: "totp" | "webauthn",
  friendlyName: string,
  secret: string | null,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values (gen_random_uuid(), $1, $2, $3, 'unverified', now(), now(), $4) returning id`,
    [userId, friendlyName, type, secret],
  );
  return rows[0].id;
}

/**
 * A WebAuthn factor starts as an unverified row (GoTrue's enrollWebAuthnFactor); its
 * registration ceremony (challenge, verify) is not offered by the local stack.
 */
export async function enrollWebAuthn(
  ctx: AuthContext,
  db: pg.ClientBase,
  caller: Caller,
  friendlyName: string,
): Promise<Record<string, unknown>> {
  await checkNewFactor(ctx, db, caller, friendlyName);
  const id = await insertFactor(db, caller.user.id, "webauthn", friendlyName, null);
  return { id, type: "webauthn", friendly_name: friendlyName };
}

export async function enrollTotp(
  ctx: AuthContext,
  db: pg.ClientBase,
  caller: Caller,
  params: { friendlyName: string; issuer?: string },
): Promise<Record<string, unknown>> {
  await checkNewFactor(ctx, db, caller, params.friendlyName);
  const totp = new TOTP({
    issuer: issuerOf(ctx, params.issuer),
    label: caller.user.email ?? "",
    secret: new Secret({ size: TOTP_SECRET_BYTES }),
    period: TOTP_PERIOD,
    digits: TOTP_DIGITS,
  });
  const uri = totp.toString();
  const id = await insertFactor(db, caller.user.id, "totp", params.friendlyName, totp.secret.base32);
  return {
    id,
    type: "totp",
    friendly_name: params.friendlyName,
    totp: {
      qr_code: await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "H" }),
      secret: totp.secret.base32,
      uri,
    },
  };
}

export async function createChallenge(
  db: pg.ClientBase,
  factor: FactorRow,
  ip: string,
): Promise<Record<string, unknown>> {
  const { rows } = await db.query<{ id: string; expires_at: number }>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
     values (gen_random_uuid(), $1, now(), $2::inet)
     returning id, extract(epoch from created_at + make_interval(secs => $3))::bigint::int as expires_at`,
    [factor.id, ip, CHALLENGE_EXPIRY_SECONDS],
  );
  await db.query("update auth.mfa_factors set last_challenged_at = now() where id = $1", [factor.id]);
  return { id: rows[0].id, type: factor.factor_type, expires_at: rows[0].expires_at };
}

/** GoTrue's validateChallenge: the challenge must be this factor's, unused, from this IP and fresh. */
async function validChallenge(db: pg.ClientBase, factor: FactorRow, challengeId: string, ip: string): Promise<string> {
  const { rows } = await db.query<ChallengeRow>(
    `select id, verified_at, ip_address = $3::inet as same_ip,
            created_at + make_interval(secs => $4) < now() as expired
     from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [challengeId, factor.id, ip, CHALLENGE_EXPIRY_SECONDS],
  );
  const challenge = rows[0];
  if (!challenge) throw AUTH_ERRORS.mfaChallengeNotFound();
  if (challenge.verified_at || !challenge.same_ip) throw AUTH_ERRORS.mfaIpAddressMismatch();
  if (challenge.expired) {
    await db.query("delete from auth.mfa_challenges where id = $1", [challenge.id]);
    throw AUTH_ERRORS.mfaChallengeExpired(challenge.id);
  }
  return challenge.id;
}

function totpMatches(secret: string, code: string): boolean {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), period: TOTP_PERIOD, digits: TOTP_DIGITS });
  return totp.validate({ token: code, window: TOTP_WINDOW }) !== null;
}

/** Whether the code is right for a valid challenge of the factor (GoTrue's first half of verifyTOTPFactor). */
export async function checkTotp(
  db: pg.ClientBase,
  factor: FactorRow,
  params: { challengeId: string; code: string; ip: string },
): Promise<boolean> {
  await validChallenge(db, factor, params.challengeId, params.ip);
  return totpMatches(factor.secret ?? "", params.code);
}

/**
 * After a right code (checkTotp, then the mfa_verification_attempt hook): the factor is
 * verified, `totp` joins the session's methods, its refresh token rotates and it rises to
 * aal2; the user's other aal1 sessions end and unverified TOTP factors go (GoTrue's
 * verifyTOTPFactor). The challenge is checked again: a second verification of it fails.
 */
export async function verifyTotp(
  ctx: AuthContext,
  db: pg.ClientBase,
  caller: Caller,
  factor: FactorRow,
  params: { challengeId: string; ip: string },
): Promise<Record<string, unknown>> {
  const session = caller.session;
  if (!session) throw AUTH_ERRORS.unexpected("Cannot read SessionId claim as UUID");
  const challengeId = await validChallenge(db, factor, params.challengeId, params.ip);
  await db.query("update auth.mfa_challenges set verified_at = now() where id = $1", [challengeId]);
  await db.query(
    "update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1 and status <> 'verified'",
    [factor.id],
  );
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), 'totp')
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = now()`,
    [session.id],
  );
  // GrantRefreshTokenSwap: the aal1 refresh token can no longer be used.
  const { rows: active } = await db.query<{ token: string }>(
    `update auth.refresh_tokens set revoked = true, updated_at = now()
     where session_id = $1 and revoked = false returning token`,
    [session.id],
  );
  const refreshToken = await insertRefreshToken(db, caller.user.id, session.id, active.at(-1)?.token ?? null);
  const { rows } = await db.query<SessionRow>(
    "update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1 returning id, user_id, created_at, aal",
    [session.id, factor.id],
  );
  await db.query("delete from auth.sessions where user_id = $1 and aal < 'aal2'", [caller.user.id]);
  await db.query("delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'", [
    caller.user.id,
  ]);
  const user = await findUserById(db, caller.user.id);
  if (!user) throw AUTH_ERRORS.userNotFound();
  return sessionResponse(ctx, db, user, rows[0], refreshToken, "totp", { ip: params.ip });
}

/** A verified factor needs an aal2 session to go; sessions it raised fall back to aal1. */
export async function unenroll(db: pg.ClientBase, caller: Caller, factor: FactorRow): Promise<{ id: string }> {
  if (factor.status === "verified" && caller.session?.aal !== "aal2") throw AUTH_ERRORS.insufficientAalToUnenroll();
  await db.query("delete from auth.mfa_factors where id = $1", [factor.id]);
  await downgradeSessions(db, factor);
  return { id: factor.id };
}

/** GoTrue's DowngradeSessionsToAAL1: the factor's method leaves its sessions, which become aal1. */
export async function downgradeSessions(db: pg.ClientBase, factor: Pick<FactorRow, "id">): Promise<void> {
  await db.query(
    `delete from auth.mfa_amr_claims where authentication_method = 'totp'
       and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factor.id],
  );
  await db.query("update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1", [
    factor.id,
  ]);
}
