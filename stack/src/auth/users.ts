// auth.users and auth.identities: reading, writing and the User JSON GoTrue returns.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { quoteIdent } from "../shared/sql.js";
import { AUTH_ERRORS } from "./errors.js";

export const AUDIENCE = "authenticated";
export const INSTANCE_ID = "00000000-0000-0000-0000-000000000000";

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  phone_change: string | null;
  phone_change_sent_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  is_sso_user: boolean;
}

type Json = Record<string, unknown>;

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : undefined);

export function isConfirmed(user: UserRow): boolean {
  return user.email_confirmed_at !== null || user.phone_confirmed_at !== null;
}

export function isBanned(user: UserRow, now: number): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > now;
}

export async function findUserById(db: pg.ClientBase | pg.Pool, id: string, lock = false): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`select * from auth.users where id = $1${lock ? " for update" : ""}`, [id]);
  return rows[0] ?? null;
}

/** As GoTrue's FindUserByPhoneAndAudience. */
export async function findUserByPhone(db: pg.ClientBase | pg.Pool, phone: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>("select * from auth.users where phone = $1 and aud = $2 limit 1", [
    phone,
    AUDIENCE,
  ]);
  return rows[0] ?? null;
}

/** As GoTrue's FindUserByEmailAndAudience: case-insensitive, audience-bound, not SSO. */
export async function findUserByEmail(db: pg.ClientBase | pg.Pool, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    "select * from auth.users where lower(email) = lower($1) and aud = $2 and is_sso_user = false limit 1",
    [email, AUDIENCE],
  );
  return rows[0] ?? null;
}

const TOKEN_COLUMNS = new Set([
  "confirmation_token",
  "recovery_token",
  "email_change_token_new",
  "email_change_token_current",
]);

export async function findUserByToken(db: pg.ClientBase, columns: string[], hash: string): Promise<UserRow | null> {
  if (!hash) return null;
  const where = columns
    .filter((c) => TOKEN_COLUMNS.has(c))
    .map((c) => `${quoteIdent(c)} = $1`)
    .join(" or ");
  const { rows } = await db.query<UserRow>(`select * from auth.users where ${where} limit 1 for update`, [hash]);
  return rows[0] ?? null;
}

/** Updates columns named by the caller's code (never by the request); values are parameters. */
export async function updateUser(db: pg.ClientBase, id: string, fields: Record<string, unknown>): Promise<void> {
  const entries = Object.entries(fields);
  if (!entries.length) return;
  const sets = entries.map(([col], i) => `${quoteIdent(col)} = $${i + 2}`);
  await db.query(`update auth.users set ${sets.join(", ")}, updated_at = now() where id = $1`, [
    id,
    ...entries.map(([, v]) => v),
  ]);
}

/** GoTrue's UpdateUserMetaData: keys merge in, a null value deletes the key. */
export function mergeMetadata(base: Json | null, patch: Json): Json {
  const out: Json = { ...(base ?? {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export interface NewUser {
  id?: string;
  email: string | null;
  encryptedPassword: string;
  userMetadata: Json;
  appMetadata?: Json;
  role?: string;
  confirmed: boolean;
  invited?: boolean;
  isAnonymous?: boolean;
  /** Created by the user signing up (e-mail sign-up, OTP), not by an admin call. */
  selfSignup?: boolean;
  /** A phone user's number (E.164 digits, no "+"): its identity is the phone provider's. */
  phone?: string;
}

/** A concurrent request that registered the same address first wins; this one gets email_exists. */
async function insertUniquely(db: pg.ClientBase, text: string, values: unknown[]): Promise<pg.QueryResult<UserRow>> {
  try {
    return await db.query<UserRow>(text, values);
  } catch (err) {
    if ((err as { code?: string }).code === "23505") {
      throw AUTH_ERRORS.emailExists();
    }
    throw err;
  }
}

/** Inserts the user and, unless anonymous, its email identity (GoTrue's signup does both). */
export async function createUser(db: pg.ClientBase, user: NewUser): Promise<UserRow> {
  const providers = [...(user.email ? ["email"] : []), ...(user.phone ? ["phone"] : [])];
  const provider = user.isAnonymous ? "anonymous" : (providers[0] ?? "email");
  // Anonymous users carry only `provider` (GoTrue adds `providers` when an identity is linked).
  const appMetadata = {
    provider,
    ...(user.isAnonymous ? {} : { providers: providers.length ? providers : [provider] }),
    ...(user.appMetadata ?? {}),
  };
  // A user's own sign-up records email_verified, and so does confirming (GoTrue's Confirm);
  // an admin call for an unconfirmed user keeps the metadata as given.
  const verified = provider === "phone" ? "phone_verified" : "email_verified";
  const userMetadata =
    user.selfSignup || user.confirmed ? { ...user.userMetadata, [verified]: user.confirmed } : user.userMetadata;
  const { rows } = await insertUniquely(
    db,
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
       email_change_token_new, email_change, is_anonymous, phone)
     values ($1, coalesce($2::uuid, gen_random_uuid()), $3, $4, $5, $6, case when $7 then now() end,
       case when $8 then now() end, $9, $10, now(), now(), '', '', '', '', $11, $12)
     returning *`,
    [
      INSTANCE_ID,
      user.id ?? null,
      AUDIENCE,
      user.role ?? AUDIENCE,
      user.email,
      user.encryptedPassword,
      user.confirmed,
      user.invited ?? false,
      appMetadata,
      userMetadata,
      user.isAnonymous ?? false,
      user.phone ?? null,
    ],
  );
  const created = rows[0];
  if (user.phone) {
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1::text, $2::uuid, $3, 'phone', now(), now(), now())`,
      [
        created.id,
        created.id,
        { sub: created.id, phone: user.phone, email_verified: false, phone_verified: false, ...user.userMetadata },
      ],
    );
  }
  if (!user.isAnonymous && user.email) {
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1::text, $2::uuid, $3, 'email', now(), now(), now())`,
      [
        created.id,
        created.id,
        {
          sub: created.id,
          email: user.email,
          email_verified: user.confirmed,
          phone_verified: false,
          ...user.userMetadata,
        },
      ],
    );
  }
  return created;
}

/** What confirming an address or a number sets, and the identity that records it. */
const CONFIRMS = {
  email: { column: "email_confirmed_at", flag: "email_verified" },
  phone: { column: "phone_confirmed_at", flag: "phone_verified" },
} as const;

/** GoTrue's Confirm() and ConfirmPhone(): confirmed at, the code spent, the flag in metadata and identity. */
async function confirm(db: pg.ClientBase, id: string, provider: keyof typeof CONFIRMS): Promise<void> {
  const { column, flag } = CONFIRMS[provider];
  await db.query(
    `update auth.users set ${quoteIdent(column)} = coalesce(${quoteIdent(column)}, now()), confirmation_token = '',
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object($2::text, true),
       updated_at = now()
     where id = $1`,
    [id, flag],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object($3::text, true), updated_at = now()
     where user_id = $1 and provider = $2`,
    [id, provider, flag],
  );
}

export const confirmEmail = (db: pg.ClientBase, id: string) => confirm(db, id, "email");
export const confirmPhone = (db: pg.ClientBase, id: string) => confirm(db, id, "phone");

/** What GoTrue answers for an address or number already signed up when confirmations are on: nothing real. */
export function obfuscatedUser(contact: { email?: string; phone?: string }, data: Json, nowMs: number): Json {
  const now = new Date(nowMs).toISOString();
  const provider = contact.email ? "email" : "phone";
  return {
    id: randomUUID(),
    aud: AUDIENCE,
    role: "",
    email: contact.email ?? "",
    phone: contact.phone ?? "",
    confirmation_sent_at: now,
    app_metadata: { provider, providers: [provider] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  email: string | null;
}

interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
}

/** GoTrue's Factor JSON: friendly_name omitted when empty, the secret never shown. */
export function factorJson(f: FactorRow): Json {
  return {
    id: f.id,
    friendly_name: f.friendly_name || undefined,
    factor_type: f.factor_type,
    status: f.status,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    last_challenged_at: iso(f.last_challenged_at) ?? null,
  };
}

export async function listFactors(db: pg.ClientBase | pg.Pool, userId: string): Promise<Json[]> {
  const { rows } = await db.query<FactorRow>("select * from auth.mfa_factors where user_id = $1 order by created_at", [
    userId,
  ]);
  return rows.map(factorJson);
}

function identityJson(i: IdentityRow): Json {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: iso(i.last_sign_in_at),
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
    email: i.email ?? undefined,
  };
}

/** The User JSON: omitempty fields only when set, email/phone "" when absent. */
function userJson(u: UserRow, identities: IdentityRow[], factors: Json[]): Json {
  return {
    id: u.id,
    aud: u.aud ?? "",
    role: u.role ?? "",
    email: u.email ?? "",
    email_confirmed_at: iso(u.email_confirmed_at),
    invited_at: iso(u.invited_at),
    phone: u.phone ?? "",
    phone_confirmed_at: iso(u.phone_confirmed_at),
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: iso(u.email_change_sent_at),
    new_phone: u.phone_change || undefined,
    phone_change_sent_at: iso(u.phone_change_sent_at),
    reauthentication_sent_at: iso(u.reauthentication_sent_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    factors: factors.length ? factors : undefined,
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    banned_until: iso(u.banned_until),
    deleted_at: iso(u.deleted_at),
    is_anonymous: u.is_anonymous,
  };
}

/** Renders users with their identities and factors, two queries for any number of users. */
export async function renderUsers(db: pg.ClientBase | pg.Pool, users: UserRow[]): Promise<Json[]> {
  if (!users.length) return [];
  const ids = users.map((u) => u.id);
  const [{ rows: identities }, { rows: factors }] = await Promise.all([
    db.query<IdentityRow>("select * from auth.identities where user_id = any($1::uuid[]) order by created_at", [ids]),
    db.query<FactorRow & { user_id: string }>(
      "select * from auth.mfa_factors where user_id = any($1::uuid[]) order by created_at",
      [ids],
    ),
  ]);
  return users.map((u) =>
    userJson(
      u,
      identities.filter((i) => i.user_id === u.id),
      factors.filter((f) => f.user_id === u.id).map(factorJson),
    ),
  );
}

/** Reads the user with its identities and factors and renders the User JSON. */
export async function renderUser(db: pg.ClientBase | pg.Pool, user: UserRow): Promise<Json> {
  const [json] = await renderUsers(db, [user]);
  return json;
}
