// PKCE flow state (auth.flow_state): created when a mail-sending request carries
// a code_challenge, turned into an auth code when the link is verified, and
// exchanged for a session at POST /token?grant_type=pkce.
import { createHash } from "node:crypto";
import type pg from "pg";
import { AUTH_ERRORS } from "./errors.js";
import type { AuthMethod } from "./sessions.js";

const FLOW_STATE_TTL_SECONDS = 300;

export interface PkceParams {
  challenge: string;
  method: "s256" | "plain";
}

export function readPkceParams(body: { code_challenge?: string; code_challenge_method?: string }): PkceParams | null {
  const { code_challenge: challenge, code_challenge_method: method } = body;
  if (!challenge && !method) return null;
  const normalized = method?.toLowerCase();
  if (!challenge || (normalized !== "s256" && normalized !== "plain")) {
    throw AUTH_ERRORS.validationFailed("PKCE flow requires code_challenge_method and code_challenge");
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw AUTH_ERRORS.validationFailed("code challenge has to be between 43 and 128 characters");
  }
  return { challenge, method: normalized };
}

export async function createFlowState(
  db: pg.ClientBase,
  userId: string,
  pkce: PkceParams,
  method: AuthMethod,
): Promise<void> {
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, gen_random_uuid()::text, $2, $3, 'email', now(), now(), $4)`,
    [userId, pkce.method, pkce.challenge, method],
  );
}

/** The auth code for the user's latest flow of this method (GoTrue's FindFlowStateByUserID). */
export async function issueAuthCode(db: pg.ClientBase, userId: string, method: AuthMethod): Promise<string | null> {
  const { rows } = await db.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                 order by created_at desc limit 1)
     returning auth_code`,
    [userId, method],
  );
  return rows[0]?.auth_code ?? null;
}

function challengeOf(verifier: string, method: string): string {
  return method === "s256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
}

/** Consumes the flow state; returns whom it signs in and how. */
export async function exchangeAuthCode(
  db: pg.ClientBase,
  authCode: string,
  verifier: string,
): Promise<{ userId: string; method: AuthMethod }> {
  const { rows } = await db.query<{
    id: string;
    user_id: string | null;
    code_challenge: string;
    code_challenge_method: string;
    authentication_method: AuthMethod;
    expired: boolean;
  }>(
    `select id, user_id, code_challenge, code_challenge_method, authentication_method,
            created_at < now() - make_interval(secs => $2) as expired
     from auth.flow_state where auth_code = $1 for update`,
    [authCode, FLOW_STATE_TTL_SECONDS],
  );
  const flow = rows[0];
  if (!flow) throw AUTH_ERRORS.flowStateNotFound();
  if (flow.expired) {
    throw AUTH_ERRORS.flowStateExpired();
  }
  if (challengeOf(verifier, flow.code_challenge_method) !== flow.code_challenge) {
    throw AUTH_ERRORS.badCodeVerifier();
  }
  if (!flow.user_id) throw AUTH_ERRORS.flowStateNotFound();
  await db.query("delete from auth.flow_state where id = $1", [flow.id]);
  return { userId: flow.user_id, method: flow.authentication_method };
}
