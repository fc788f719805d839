// Passkeys as GoTrue implements them (passkey_*.go): WebAuthn registration for a
// signed-in user and discoverable sign-in, with the relying party of [auth.webauthn].
// The options are written in the shape go-webauthn gives GoTrue; the ceremonies'
// answers are verified by @simplewebauthn/server (origin among rp_origins, RP ID hash,
// challenge, user presence, signature, attestation statement when one is sent). Each
// challenge is stored in auth.webauthn_challenges and consumed once, by the first
// attempt, whatever its outcome, as GoTrue does.
import { randomBytes } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type pg from "pg";
import type { Caller } from "./caller.js";
import { isUuid } from "./caller.js";
import { AUTH_ERRORS } from "./errors.js";
import type { AuthContext } from "./state.js";
import { findUserById, isBanned, isConfirmed, type UserRow } from "./users.js";

/** go-webauthn's default credential algorithms, in its order: ES256/384/512, RS256/384/512, PS256/384/512, EdDSA. */
const ALGORITHMS = [-7, -35, -36, -257, -258, -259, -37, -38, -39, -8];
/** go-webauthn's default ceremony timeout (5 minutes), in the options' milliseconds. */
const CEREMONY_TIMEOUT_MS = 300_000;
/** GoTrue's limit on a passkey's name (Go's len: bytes). */
const MAX_NAME_BYTES = 120;
/** The name GoTrue gives a passkey whose authenticator (AAGUID) it does not know. */
const DEFAULT_NAME = "Passkey";

type ChallengeType = "registration" | "authentication";

/** What a challenge row keeps of the ceremony (GoTrue keeps go-webauthn's SessionData). */
interface CeremonySession {
  challenge: string;
  /** base64url of the user handle a registration is for. */
  user_id?: string;
  user_verification: "preferred";
}

interface CredentialRow {
  id: string;
  user_id: string;
  credential_id: Buffer;
  public_key: Buffer;
  sign_count: string;
  friendly_name: string;
  created_at: Date;
  last_used_at: Date | null;
}

interface PasskeyItem {
  id: string;
  friendly_name?: string;
  created_at: string;
  last_used_at?: string;
}

interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/** [auth.webauthn], complete (go-webauthn refuses to start without all three). */
function relyingParty(ctx: AuthContext): RelyingParty {
  const { rp_id, rp_display_name, rp_origins } = ctx.config.auth.webauthn;
  if (!rp_id || !rp_display_name || rp_origins.length === 0) throw AUTH_ERRORS.webauthnNotConfigured();
  return { id: rp_id, name: rp_display_name, origins: rp_origins };
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

/** The user handle GoTrue gives WebAuthn: the bytes of the user id's text. */
const userHandleOf = (userId: string) => base64url(Buffer.from(userId, "utf8"));

/** GoTrue's PasskeyListItem: empty name and unused passkeys leave their fields out. */
function passkeyItem(row: CredentialRow): PasskeyItem {
  return {
    id: row.id,
    friendly_name: row.friendly_name || undefined,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString(),
  };
}

async function credentialsOf(db: pg.ClientBase, userId: string): Promise<CredentialRow[]> {
  const { rows } = await db.query<CredentialRow>(
    "select * from auth.webauthn_credentials where user_id = $1 order by created_at, id",
    [userId],
  );
  return rows;
}

/** requirePasskeyManagementAAL: with a verified MFA factor, registering or removing a passkey needs aal2. */
async function requireManagementAal(db: pg.ClientBase, caller: Caller): Promise<void> {
  const { rowCount } = await db.query(
    "select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1",
    [caller.user.id],
  );
  if (rowCount && caller.session?.aal !== "aal2") throw AUTH_ERRORS.insufficientAalForPasskeys();
}

async function assertBelowLimit(ctx: AuthContext, db: pg.ClientBase, userId: string): Promise<void> {
  const { rows } = await db.query<{ n: number }>(
    "select count(*)::int as n from auth.webauthn_credentials where user_id = $1",
    [userId],
  );
  if (rows[0].n >= ctx.config.auth.passkey.max_passkeys_per_user) throw AUTH_ERRORS.tooManyPasskeys();
}

async function storeChallenge(
  ctx: AuthContext,
  db: pg.ClientBase,
  type: ChallengeType,
  userId: string | null,
  session: CeremonySession,
): Promise<{ id: string; expiresAt: number }> {
  const { rows } = await db.query<{ id: string; expires_at: number }>(
    `insert into auth.webauthn_challenges (user_id, challenge_type, session_data, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4))
     returning id, extract(epoch from expires_at)::bigint::int as expires_at`,
    [userId, type, JSON.stringify(session), ctx.config.auth.webauthn.challenge_expiry],
  );
  return { id: rows[0].id, expiresAt: rows[0].expires_at };
}

/** The verify requests' body (a challenge_id of another type was refused by readBody), checked in GoTrue's order. */
export interface CeremonyAnswer {
  challengeId: string | undefined;
  credential: unknown;
}

function checkAnswer(answer: CeremonyAnswer): { challengeId: string; credential: unknown } {
  const { challengeId, credential } = answer;
  if (!challengeId) throw AUTH_ERRORS.passkeyFieldRequired("challenge_id");
  if (credential === undefined || credential === null) throw AUTH_ERRORS.passkeyFieldRequired("credential");
  if (!isUuid(challengeId)) throw AUTH_ERRORS.passkeyChallengeIdNotUuid();
  return { challengeId, credential };
}

/**
 * ConsumeWebAuthnChallengeByID: the challenge is deleted as it is read, so a second
 * attempt (a replay, or a race) finds nothing; an expired one is refused after that.
 * The delete commits at once, outside the request's transaction: a ceremony that fails
 * afterwards must not give its challenge back for another try.
 */
async function consumeChallenge(
  ctx: AuthContext,
  id: string,
  type: ChallengeType,
  userId: string | null,
): Promise<CeremonySession> {
  const { rows } = await ctx.db.admin.query<{ session_data: CeremonySession; expired: boolean }>(
    `delete from auth.webauthn_challenges
     where id = $1 and challenge_type = $2 and user_id is not distinct from $3
     returning session_data, expires_at <= now() as expired`,
    [id, type, userId],
  );
  if (!rows[0]) throw AUTH_ERRORS.webauthnChallengeNotFound();
  if (rows[0].expired) throw AUTH_ERRORS.webauthnChallengeExpired();
  return rows[0].session_data;
}

/** A credential that is not even a PublicKeyCredential object: GoTrue's parse step fails. */
function asCredentialJson<T extends { id: unknown; response: unknown }>(credential: unknown): T {
  const c = credential as Partial<T> | null;
  if (typeof c !== "object" || c === null || Array.isArray(c) || typeof c.id !== "string" || !c.response) {
    throw AUTH_ERRORS.webauthnInvalidResponse();
  }
  return c as T;
}

export async function registrationOptions(ctx: AuthContext, db: pg.ClientBase, caller: Caller) {
  const { user } = caller;
  if (user.is_sso_user) throw AUTH_ERRORS.passkeySsoUser();
  await requireManagementAal(db, caller);
  await assertBelowLimit(ctx, db, user.id);
  const rp = relyingParty(ctx);
  const existing = await credentialsOf(db, user.id);
  const name = user.email || user.phone || "";
  const displayName = typeof user.raw_user_meta_data?.name === "string" && user.raw_user_meta_data.name;
  const session: CeremonySession = {
    challenge: base64url(randomBytes(32)),
    user_id: userHandleOf(user.id),
    user_verification: "preferred",
  };
  const challenge = await storeChallenge(ctx, db, "registration", user.id, session);
  return {
    challenge_id: challenge.id,
    options: {
      rp: { name: rp.name, id: rp.id },
      user: { name, displayName: displayName || name, id: session.user_id },
      challenge: session.challenge,
      pubKeyCredParams: ALGORITHMS.map((alg) => ({ type: "public-key", alg })),
      timeout: CEREMONY_TIMEOUT_MS,
      excludeCredentials: existing.length
        ? existing.map((c) => ({ type: "public-key", id: base64url(c.credential_id) }))
        : undefined,
      // Passkeys are discoverable credentials; user verification preferred, as GoTrue asks.
      authenticatorSelection: { requireResidentKey: true, residentKey: "required", userVerification: "preferred" },
      attestation: "none",
    },
    expires_at: challenge.expiresAt,
  };
}

export async function registrationVerify(ctx: AuthContext, db: pg.ClientBase, caller: Caller, answer: CeremonyAnswer) {
  const { user } = caller;
  if (user.is_sso_user) throw AUTH_ERRORS.passkeySsoUser();
  await requireManagementAal(db, caller);
  const { challengeId, credential } = checkAnswer(answer);
  const session = await consumeChallenge(ctx, challengeId, "registration", user.id);
  const response = asCredentialJson<RegistrationResponseJSON>(credential);
  const rp = relyingParty(ctx);
  if (session.user_id !== userHandleOf(user.id)) throw AUTH_ERRORS.webauthnVerificationFailed();
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: session.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      // "preferred": presence is required, verification is not (go-webauthn's rule).
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    throw AUTH_ERRORS.webauthnVerificationFailed();
  }
  if (!verified.verified) throw AUTH_ERRORS.webauthnVerificationFailed();
  const info = verified.registrationInfo;
  // Counted again inside the transaction that inserts, as GoTrue does.
  await db.query("select 1 from auth.users where id = $1 for update", [user.id]);
  await assertBelowLimit(ctx, db, user.id);
  await db.query("savepoint passkey_insert");
  try {
    const { rows } = await db.query<CredentialRow>(
      `insert into auth.webauthn_credentials
         (user_id, credential_id, public_key, attestation_type, aaguid, sign_count, transports,
          backup_eligible, backed_up, friendly_name)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       returning *`,
      [
        user.id,
        Buffer.from(info.credential.id, "base64url"),
        Buffer.from(info.credential.publicKey),
        info.fmt,
        info.aaguid,
        info.credential.counter,
        JSON.stringify(info.credential.transports ?? []),
        info.credentialDeviceType === "multiDevice",
        info.credentialBackedUp,
        DEFAULT_NAME,
      ],
    );
    const { id, friendly_name, created_at } = passkeyItem(rows[0]);
    return { id, friendly_name, created_at };
  } catch (err) {
    if ((err as { code?: string }).code !== "23505") throw err;
    await db.query("rollback to savepoint passkey_insert");
    throw AUTH_ERRORS.webauthnCredentialExists();
  }
}

export async function authenticationOptions(ctx: AuthContext, db: pg.ClientBase) {
  const rp = relyingParty(ctx);
  const session: CeremonySession = { challenge: base64url(randomBytes(32)), user_verification: "preferred" };
  const challenge = await storeChallenge(ctx, db, "authentication", null, session);
  // Discoverable login: no allowCredentials, the authenticator picks the passkey.
  return {
    challenge_id: challenge.id,
    options: {
      challenge: session.challenge,
      timeout: CEREMONY_TIMEOUT_MS,
      rpId: rp.id,
      userVerification: session.user_verification,
    },
    expires_at: challenge.expiresAt,
  };
}

/**
 * The discoverable sign-in: the assertion's user handle names the user, whose passkeys
 * must hold its credential id; its signature is checked against that passkey's key and
 * the signature counter must move forward. Returns the user to sign in.
 */
export async function authenticationVerify(
  ctx: AuthContext,
  db: pg.ClientBase,
  answer: CeremonyAnswer,
): Promise<UserRow> {
  const { challengeId, credential } = checkAnswer(answer);
  const session = await consumeChallenge(ctx, challengeId, "authentication", null);
  const response = asCredentialJson<AuthenticationResponseJSON>(credential);
  const rp = relyingParty(ctx);
  const handle = typeof response.response === "object" ? response.response.userHandle : undefined;
  const userId = typeof handle === "string" ? Buffer.from(handle, "base64url").toString("utf8") : "";
  const user = isUuid(userId) ? await findUserById(db, userId) : null;
  if (!user) throw AUTH_ERRORS.webauthnVerificationFailed();
  const stored = (await credentialsOf(db, user.id)).find((c) => base64url(c.credential_id) === response.rawId);
  if (!stored || response.id !== response.rawId) throw AUTH_ERRORS.webauthnVerificationFailed();
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: session.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: response.rawId,
        publicKey: new Uint8Array(stored.public_key),
        counter: Number(stored.sign_count),
      },
      requireUserVerification: false,
    });
    if (!verified.verified) throw new Error("not verified");
    newCounter = verified.authenticationInfo.newCounter;
  } catch {
    throw AUTH_ERRORS.webauthnVerificationFailed();
  }
  if (user.email && !isConfirmed(user)) throw AUTH_ERRORS.passkeyEmailNotConfirmed();
  if (isBanned(user, ctx.clock.now())) throw AUTH_ERRORS.passkeyUserBanned();
  await db.query(
    "update auth.webauthn_credentials set sign_count = $2, last_used_at = now(), updated_at = now() where id = $1",
    [stored.id, newCounter],
  );
  return user;
}

export async function listPasskeys(db: pg.ClientBase, userId: string): Promise<PasskeyItem[]> {
  return (await credentialsOf(db, userId)).map(passkeyItem);
}

async function ownPasskey(db: pg.ClientBase, userId: string, passkeyId: string, lock: boolean): Promise<CredentialRow> {
  if (!isUuid(passkeyId)) throw AUTH_ERRORS.passkeyNotFound();
  const { rows } = await db.query<CredentialRow>(
    `select * from auth.webauthn_credentials where id = $1 and user_id = $2${lock ? " for update" : ""}`,
    [passkeyId, userId],
  );
  if (!rows[0]) throw AUTH_ERRORS.passkeyNotFound();
  return rows[0];
}

export async function renamePasskey(
  db: pg.ClientBase,
  caller: Caller,
  passkeyId: string,
  friendlyName: string | undefined,
): Promise<PasskeyItem> {
  if (!isUuid(passkeyId)) throw AUTH_ERRORS.passkeyNotFound();
  if (!friendlyName) throw AUTH_ERRORS.passkeyFieldRequired("friendly_name");
  if (Buffer.byteLength(friendlyName, "utf8") > MAX_NAME_BYTES) throw AUTH_ERRORS.passkeyNameTooLong();
  const row = await ownPasskey(db, caller.user.id, passkeyId, true);
  await db.query("update auth.webauthn_credentials set friendly_name = $2, updated_at = now() where id = $1", [
    row.id,
    friendlyName,
  ]);
  return passkeyItem({ ...row, friendly_name: friendlyName });
}

/** The user's own passkey (with the aal2 rule), or, for an admin, any of the user's. */
export async function deletePasskey(
  db: pg.ClientBase,
  userId: string,
  passkeyId: string,
  caller?: Caller,
): Promise<void> {
  if (caller) await requireManagementAal(db, caller);
  const row = await ownPasskey(db, userId, passkeyId, true);
  await db.query("delete from auth.webauthn_credentials where id = $1", [row.id]);
}
