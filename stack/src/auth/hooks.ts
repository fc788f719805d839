// Auth hooks as GoTrue runs them ([auth.hook.*] in config.toml; docs/architecture.md
// "Auth"): a Postgres function (`pg-functions://postgres/<schema>/<function>`) called as
// supabase_auth_admin with a 2 s statement timeout, in the caller's transaction when the
// flow has one (GoTrue passes its transaction to the access token hook and the mail hook)
// and in one of its own otherwise; or an HTTP endpoint, POSTed the same JSON signed with
// Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), 5 s for all
// attempts, three attempts on connection errors two seconds apart, at most 200 KB back.
// A hook's `{"error": {"http_code", "message"}}` becomes the client's error; everything
// else that goes wrong answers with GoTrue's words (auth/errors.ts).
import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type pg from "pg";
import { Webhook } from "standardwebhooks";
import type { HookConfig, HookName } from "../config/index.js";
import { ServiceError } from "../shared/errors.js";
import { quoteIdent } from "../shared/sql.js";
import { AUTH_ERRORS } from "./errors.js";
import type { AuthContext } from "./state.js";
import { inTransaction } from "./tx.js";

const PG_TIMEOUT_MS = 2_000;
const HTTP_TIMEOUT_MS = 5_000;
const HTTP_ATTEMPTS = 3;
const HTTP_BACKOFF_MS = 2_000;
const HTTP_RESPONSE_LIMIT = 200 * 1024;

/** The `metadata.name` GoTrue gives each hook's input. */
const EVENT_NAMES: Record<HookName, string> = {
  send_sms: "send-sms",
  send_email: "send-email",
  custom_access_token: "customize-access-token",
  mfa_verification_attempt: "mfa-verification",
  password_verification_attempt: "password-verification",
  before_user_created: "before-user-created",
};

/** Who caused the call: GoTrue puts the request's address in the input's metadata. */
export interface HookOrigin {
  ip?: string;
}

export function hookOrigin(req: FastifyRequest): HookOrigin {
  return { ip: req.ip };
}

export function hookEnabled(ctx: AuthContext, name: HookName): boolean {
  return ctx.config.auth.hook[name] !== undefined;
}

/**
 * Runs the hook with `payload` (metadata is added) and returns its JSON output (null for
 * none). `db`: the flow's transaction, when GoTrue runs the hook inside it.
 */
export async function runHook(
  ctx: AuthContext,
  name: HookName,
  origin: HookOrigin,
  payload: Record<string, unknown>,
  db?: pg.ClientBase,
): Promise<unknown> {
  const hook = ctx.config.auth.hook[name];
  if (!hook) return null;
  const input = JSON.stringify({
    metadata: {
      uuid: randomUUID(),
      time: new Date().toISOString(),
      name: EVENT_NAMES[name],
      ...(origin.ip ? { ip_address: origin.ip } : {}),
    },
    ...payload,
  });
  const started = Date.now();
  try {
    const raw = hook.kind === "pg" ? await callFunction(ctx, hook, input, db) : await callEndpoint(hook, input);
    const output = raw === null ? null : parseOutput(raw);
    ctx.log.debug(`auth hook ${name} (${hook.uri}) ran in ${Date.now() - started} ms`);
    return output;
  } catch (err) {
    const failed = `auth hook ${name} (${hook.uri}) failed after ${Date.now() - started} ms`;
    if (err instanceof ServiceError) {
      ctx.log.warn(`${failed}: ${err.message}`);
      throw err;
    }
    ctx.log.warn(failed, err);
    throw AUTH_ERRORS.hookRunFailed(hook.uri);
  }
}

/** The output as JSON; a hook's error object becomes the error (GoTrue's hookserrors.Check). */
function parseOutput(raw: string): unknown {
  let output: unknown;
  try {
    output = JSON.parse(raw);
  } catch {
    throw AUTH_ERRORS.hookOutputUnreadable();
  }
  const error = (output as { error?: unknown } | null)?.error;
  if (error && typeof error === "object") {
    const { http_code: code, message } = error as { http_code?: unknown; message?: unknown };
    if (typeof message === "string" && message !== "") {
      const status = Number.isInteger(code) && (code as number) >= 100 && (code as number) <= 599 ? code : 500;
      throw AUTH_ERRORS.hookFailed(status as number, message);
    }
  }
  return output;
}

/** An output GoTrue decodes into a struct: an object or nothing. */
export function objectOutput(output: unknown): Record<string, unknown> {
  if (output === null) return {};
  if (typeof output !== "object" || Array.isArray(output)) throw AUTH_ERRORS.hookOutputUnreadable();
  return output as Record<string, unknown>;
}

/**
 * `select "schema"."function"($1)` as supabase_auth_admin (GoTrue's own login), with its
 * search_path (auth) and the hook's statement timeout, all undone after the call.
 */
async function callFunction(
  ctx: AuthContext,
  hook: Extract<HookConfig, { kind: "pg" }>,
  input: string,
  db?: pg.ClientBase,
): Promise<string | null> {
  const call = async (client: pg.ClientBase) => {
    await client.query(
      `select set_config('role', 'supabase_auth_admin', true), set_config('search_path', 'auth', true),
              set_config('statement_timeout', $1, true)`,
      [String(PG_TIMEOUT_MS)],
    );
    const { rows } = await client.query<{ output: string | null }>(
      `select (${quoteIdent(hook.schema)}.${quoteIdent(hook.name)}($1))::text as output`,
      [input],
    );
    await client.query("set local role none; set local search_path to default; set local statement_timeout to default");
    return rows[0]?.output ?? null;
  };
  return db ? call(db) : inTransaction(ctx, call);
}

/** The CLI's GoTrue runs in Docker, where host.docker.internal is this machine. */
function reachable(uri: string): string {
  const url = new URL(uri);
  if (url.hostname === "host.docker.internal") url.hostname = "127.0.0.1";
  return url.toString();
}

function signatures(secrets: string[], id: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret.slice("v1,".length)).sign(id, at, body)).join(", ");
}

/** Reads at most the limit; more is an error, as GoTrue's LimitedReader check. */
async function readLimited(response: Response): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > HTTP_RESPONSE_LIMIT) {
      await reader.cancel().catch(() => {});
      throw AUTH_ERRORS.hookPayloadTooLarge(HTTP_RESPONSE_LIMIT);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks).toString("utf8");
}

function mediaTypeOf(contentType: string): string | null {
  const type = contentType.split(";")[0].trim().toLowerCase();
  return /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/.test(type) ? type : null;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** POSTs the input to the endpoint as GoTrue's hookshttp does; the body of a 200/202, null for 204. */
async function callEndpoint(hook: Extract<HookConfig, { kind: "http" }>, input: string): Promise<string | null> {
  const deadline = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const timedOut = () => AUTH_ERRORS.hookTimeout(HTTP_TIMEOUT_MS / 1000);
  const url = reachable(hook.uri);
  for (let attempt = 0; attempt < HTTP_ATTEMPTS; attempt++) {
    const id = randomUUID();
    const at = new Date();
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        body: input,
        signal: deadline,
        redirect: "manual",
        headers: {
          "content-type": "application/json",
          "webhook-id": id,
          "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
          "webhook-signature": signatures(hook.secrets, id, at, input),
          "accept-encoding": "identity",
        },
      });
    } catch {
      if (deadline.aborted) throw timedOut();
      if (attempt === HTTP_ATTEMPTS - 1) throw AUTH_ERRORS.hookTimeoutAfterRetry();
      await pause(HTTP_BACKOFF_MS, deadline);
      if (deadline.aborted) throw timedOut();
      continue;
    }
    switch (response.status) {
      case 204:
        return null;
      case 200:
      case 202: {
        const contentType = response.headers.get("content-type");
        if (!contentType) throw AUTH_ERRORS.hookContentTypeMissing();
        if (mediaTypeOf(contentType) !== "application/json") throw AUTH_ERRORS.hookContentTypeInvalid(contentType);
        try {
          return await readLimited(response);
        } catch (err) {
          if (deadline.aborted) throw timedOut();
          throw err;
        }
      }
      case 429:
      case 503:
        await response.body?.cancel().catch(() => {});
        if (response.headers.get("retry-after")) continue;
        throw AUTH_ERRORS.hookUnavailable();
      case 400:
        throw AUTH_ERRORS.hookRefusedPayload();
      case 401:
        throw AUTH_ERRORS.hookNeedsAuthorization();
      default:
        throw AUTH_ERRORS.hookUnexpectedStatus(response.status);
    }
  }
  throw AUTH_ERRORS.hookUnavailable();
}
