// GoTrue's OAuth 2.1 server client registry (oauthserver/service.go): validation,
// the client JSON, and the rows of auth.oauth_clients. Confidential clients get a
// secret shown once (stored as its SHA-256); public clients have none. Deleting
// marks the row deleted, as GoTrue does.
import { createHash, randomBytes } from "node:crypto";
import type pg from "pg";
import { AUTH_ERRORS } from "./errors.js";

const AUTH_METHODS = ["none", "client_secret_basic", "client_secret_post"] as const;
const GRANT_TYPES = ["authorization_code", "refresh_token"];
const DANGEROUS_SCHEMES = ["javascript", "data", "file", "vbscript", "about", "blob"];
const LOCAL_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

interface OAuthClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: string;
  redirect_uris: string;
  grant_types: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  created_at: Date;
  updated_at: Date;
  client_type: "public" | "confidential";
  token_endpoint_auth_method: string;
}

export interface ClientFields {
  redirect_uris?: string[];
  grant_types?: string[];
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  token_endpoint_auth_method?: string;
  client_type?: string;
}

function redirectUriProblem(uri: string): string | null {
  if (!uri) return "redirect URI cannot be empty";
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return "must have scheme and host";
  }
  const scheme = url.protocol.slice(0, -1);
  if (DANGEROUS_SCHEMES.includes(scheme.toLowerCase())) {
    return `scheme '${scheme}' is not allowed for security reasons`;
  }
  if (!url.host) return "must have scheme and host";
  if (scheme === "http" && !LOCAL_HOSTS.includes(url.hostname)) return "HTTP scheme only allowed for localhost";
  if (url.hash) return "fragment not allowed in redirect URI";
  return null;
}

function checkUrl(name: "client_uri" | "logo_uri", value: string | undefined) {
  if (!value) return;
  if (value.length > 2048) throw AUTH_ERRORS.validationFailed(`${name} cannot exceed 2048 characters`);
  if (!URL.canParse(value)) throw AUTH_ERRORS.validationFailed(`${name} must be a valid URL`);
}

/** GoTrue's validate() for registration (`required`) and for updates. */
function checkClientFields(fields: ClientFields, registering: boolean): void {
  const uris = fields.redirect_uris;
  if (registering || uris !== undefined) {
    if (!uris?.length)
      throw AUTH_ERRORS.validationFailed(registering ? "redirect_uris is required" : "redirect_uris cannot be empty");
    if (uris.length > 10) throw AUTH_ERRORS.validationFailed("redirect_uris cannot exceed 10 items");
    for (const uri of uris) {
      const problem = redirectUriProblem(uri);
      if (problem) throw AUTH_ERRORS.validationFailed(`invalid redirect_uri '${uri}': ${problem}`);
    }
  }
  if (fields.grant_types !== undefined && (registering ? fields.grant_types.length > 0 : true)) {
    if (!fields.grant_types.length) throw AUTH_ERRORS.validationFailed("grant_types cannot be empty");
    if (fields.grant_types.some((g) => !GRANT_TYPES.includes(g))) {
      throw AUTH_ERRORS.validationFailed("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
    }
  }
  if ((fields.client_name?.length ?? 0) > 1024)
    throw AUTH_ERRORS.validationFailed("client_name cannot exceed 1024 characters");
  checkUrl("client_uri", fields.client_uri);
  checkUrl("logo_uri", fields.logo_uri);
  if (fields.client_type && fields.client_type !== "public" && fields.client_type !== "confidential") {
    throw AUTH_ERRORS.validationFailed("client_type must be 'public' or 'confidential'");
  }
  const method = fields.token_endpoint_auth_method;
  if (method && !(AUTH_METHODS as readonly string[]).includes(method)) {
    throw AUTH_ERRORS.validationFailed(`token_endpoint_auth_method must be one of: [${AUTH_METHODS.join(" ")}]`);
  }
  const implied = method ? (method === "none" ? "public" : "confidential") : undefined;
  if (registering && fields.client_type && implied && fields.client_type !== implied) {
    throw AUTH_ERRORS.validationFailed(
      `client_type '${fields.client_type}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${implied}')`,
    );
  }
}

/** The client JSON (OAuthServerClientResponse); the secret only where it was just made. */
export function clientJson(row: OAuthClientRow, secret?: string): Record<string, unknown> {
  const split = (text: string) => (text ? text.split(",") : []);
  return {
    client_id: row.id,
    ...(secret ? { client_secret: secret } : {}),
    client_type: row.client_type,
    redirect_uris: split(row.redirect_uris),
    token_endpoint_auth_method: row.token_endpoint_auth_method,
    grant_types: split(row.grant_types),
    response_types: ["code"],
    client_name: row.client_name || undefined,
    client_uri: row.client_uri || undefined,
    logo_uri: row.logo_uri || undefined,
    registration_type: row.registration_type,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString("base64url");
  return { secret, hash: createHash("sha256").update(secret).digest("base64url") };
}

export async function registerClient(db: pg.ClientBase, fields: ClientFields): Promise<Record<string, unknown>> {
  checkClientFields(fields, true);
  const method = fields.token_endpoint_auth_method;
  const clientType = fields.client_type || (method === "none" ? "public" : "confidential");
  const authMethod = method || (clientType === "public" ? "none" : "client_secret_basic");
  const issued = clientType === "confidential" ? newSecret() : null;
  const { rows } = await db.query<OAuthClientRow>(
    `insert into auth.oauth_clients (id, client_secret_hash, registration_type, redirect_uris, grant_types,
       client_name, client_uri, logo_uri, client_type, token_endpoint_auth_method)
     values (gen_random_uuid(), $1, 'manual', $2, $3, $4, $5, $6, $7, $8) returning *`,
    [
      issued?.hash ?? null,
      (fields.redirect_uris ?? []).join(","),
      (fields.grant_types?.length ? fields.grant_types : GRANT_TYPES).join(","),
      fields.client_name || null,
      fields.client_uri || null,
      fields.logo_uri || null,
      clientType,
      authMethod,
    ],
  );
  return clientJson(rows[0], issued?.secret);
}

export async function findClient(db: pg.ClientBase | pg.Pool, id: string): Promise<OAuthClientRow | undefined> {
  const { rows } = await db.query<OAuthClientRow>(
    "select * from auth.oauth_clients where id = $1 and deleted_at is null",
    [id],
  );
  return rows[0];
}

export async function listClients(db: pg.ClientBase | pg.Pool): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query<OAuthClientRow>(
    "select * from auth.oauth_clients where deleted_at is null order by created_at desc",
  );
  return rows.map((row) => clientJson(row));
}

export async function updateClient(db: pg.ClientBase, client: OAuthClientRow, fields: ClientFields) {
  checkClientFields(fields, false);
  const method = fields.token_endpoint_auth_method;
  if (method && (method === "none") !== (client.client_type === "public")) {
    const valid = client.client_type === "public" ? "[none]" : "[client_secret_basic client_secret_post]";
    throw AUTH_ERRORS.validationFailed(
      `token_endpoint_auth_method '${method}' is not valid for client_type '${client.client_type}'; valid methods: ${valid}`,
    );
  }
  const { rows } = await db.query<OAuthClientRow>(
    `update auth.oauth_clients set
       redirect_uris = coalesce($2, redirect_uris), grant_types = coalesce($3, grant_types),
       client_name = coalesce($4, client_name), client_uri = coalesce($5, client_uri),
       logo_uri = coalesce($6, logo_uri), token_endpoint_auth_method = coalesce($7, token_endpoint_auth_method),
       updated_at = now()
     where id = $1 returning *`,
    [
      client.id,
      fields.redirect_uris?.join(",") ?? null,
      fields.grant_types?.join(",") ?? null,
      fields.client_name ?? null,
      fields.client_uri ?? null,
      fields.logo_uri ?? null,
      method ?? null,
    ],
  );
  return clientJson(rows[0]);
}

export async function deleteClient(db: pg.ClientBase, client: OAuthClientRow): Promise<void> {
  await db.query("update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1", [client.id]);
}

export async function regenerateSecret(db: pg.ClientBase, client: OAuthClientRow) {
  if (client.client_type !== "confidential")
    throw AUTH_ERRORS.validationFailed("Cannot regenerate secret for public client");
  const issued = newSecret();
  const { rows } = await db.query<OAuthClientRow>(
    "update auth.oauth_clients set client_secret_hash = $2, updated_at = now() where id = $1 returning *",
    [client.id, issued.hash],
  );
  return clientJson(rows[0], issued.secret);
}
