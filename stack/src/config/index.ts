// Reads a Supabase CLI project folder (`supabase/config.toml`) into the stack's
// typed configuration. Defaults are the Supabase CLI's own, so a folder written
// for `supabase start` means the same thing here.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { JWK } from "jose";
import { parse as parseToml } from "smol-toml";

export const WELL_KNOWN = {
  jwtSecret: "super-secret-jwt-token-with-at-least-32-characters-long",
  anonKey:
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0",
  serviceRoleKey:
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU",
  publishableKey: "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH",
  secretKey: "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz",
  dbPassword: "postgres",
} as const;

export interface RateLimits {
  email_sent: number;
  sms_sent: number;
  anonymous_users: number;
  token_refresh: number;
  sign_in_sign_ups: number;
  token_verifications: number;
}

export interface EmailTemplate {
  subject?: string;
  content_path?: string;
}

export interface BucketConfig {
  public: boolean;
  file_size_limit?: number;
  allowed_mime_types?: string[];
  objects_path?: string;
}

export interface FunctionConfig {
  enabled: boolean;
  verify_jwt: boolean;
  entrypoint?: string;
  import_map?: string;
}

/** [auth.mfa]: one switch pair per factor type, as the CLI passes them to GoTrue. */
export interface MfaConfig {
  max_enrolled_factors: number;
  totp: { enroll_enabled: boolean; verify_enabled: boolean };
  phone: { enroll_enabled: boolean; verify_enabled: boolean };
  web_authn: { enroll_enabled: boolean; verify_enabled: boolean };
}

/** The CLI's `[auth.hook.<name>]` sections (GoTrue's extensibility points). */
export const HOOK_NAMES = [
  "mfa_verification_attempt",
  "password_verification_attempt",
  "custom_access_token",
  "send_sms",
  "send_email",
  "before_user_created",
] as const;
export type HookName = (typeof HOOK_NAMES)[number];

/** An enabled hook: a Postgres function or an HTTP endpoint signed with Standard Webhooks. */
export type HookConfig =
  | { kind: "pg"; uri: string; schema: string; name: string }
  | { kind: "http"; uri: string; secrets: string[] };

export interface StackConfig {
  /** Absolute path of the `supabase/` folder. */
  supabaseDir: string;
  projectId: string;
  api: {
    port: number;
    schemas: string[];
    extra_search_path: string[];
    max_rows: number;
    /**
     * `[api] auto_expose_new_tables`: false revokes the default Data API grants on new
     * entities in `public` (a hosted project with "Default privileges for new entities"
     * off); unset or true keeps them, as the current CLI (docs/migrations.md).
     */
    auto_expose_new_tables?: boolean;
    /** `http://127.0.0.1:<port>`: issuer base and the URL printed to users. */
    external_url: string;
  };
  db: { port: number; major_version: number; seed: { enabled: boolean; sql_paths: string[] } };
  auth: {
    enabled: boolean;
    site_url: string;
    additional_redirect_urls: string[];
    jwt_expiry: number;
    jwt_secret: string;
    /** The JWK set at `signing_keys_path` (private keys), or null for HS256 with jwt_secret. */
    signing_keys: JWK[] | null;
    enable_refresh_token_rotation: boolean;
    refresh_token_reuse_interval: number;
    enable_signup: boolean;
    enable_anonymous_sign_ins: boolean;
    enable_manual_linking: boolean;
    minimum_password_length: number;
    password_requirements: string;
    rate_limit: RateLimits;
    email: {
      enable_signup: boolean;
      double_confirm_changes: boolean;
      enable_confirmations: boolean;
      secure_password_change: boolean;
      max_frequency: string;
      otp_length: number;
      otp_expiry: number;
      template: Record<string, EmailTemplate>;
      /** [auth.email.smtp] present and not `enabled = false`: a custom SMTP server instead of the catcher. */
      smtp_enabled: boolean;
    };
    /** [auth.external.<provider>] `enabled`, by provider name. */
    external: Record<string, boolean>;
    mfa: MfaConfig;
    /** [auth.passkey]: passkey sign-in (GoTrue's GOTRUE_PASSKEY_*), off by default as in the CLI. */
    passkey: { enabled: boolean; max_passkeys_per_user: number };
    /**
     * [auth.webauthn]: the relying party passkeys are bound to (GOTRUE_WEBAUTHN_*). GoTrue
     * needs all three once passkeys are on; `challenge_expiry` is in seconds.
     */
    webauthn: { rp_display_name: string; rp_id: string; rp_origins: string[]; challenge_expiry: number };
    /** [auth.oauth_server]: GoTrue as an OAuth 2.1 server (here: its admin client registry). */
    oauth_server: { enabled: boolean };
    /** [auth.hook.*]: the enabled hooks only. */
    hook: Partial<Record<HookName, HookConfig>>;
    /**
     * [auth.sms]: phone sign-up and sign-in (GoTrue's EXTERNAL_PHONE_ENABLED is enable_signup,
     * SMS_AUTOCONFIRM is !enable_confirmations); the codes go out through the send_sms hook.
     */
    sms: { enable_signup: boolean; enable_confirmations: boolean; max_frequency: string };
  };
  storage: {
    enabled: boolean;
    file_size_limit: number;
    buckets: Record<string, BucketConfig>;
    image_transformation: { enabled: boolean };
    /** `[storage.vector]`: vector buckets (on by default here; the hosted limits). */
    vector: { enabled: boolean; max_buckets: number; max_indexes: number };
  };
  realtime: { enabled: boolean };
  functions: Record<string, FunctionConfig>;
  inbucket: { enabled: boolean };
}

type Toml = Record<string, unknown>;

/** Parses sizes the way the CLI does: "50MiB", "5MB", "1024" (bytes). */
export function parseByteSize(value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === "") return fallback;
  if (typeof value === "number") return value;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([KMGT]i?B|B)?\s*$/i.exec(String(value));
  if (!m) throw new Error(`config.toml: cannot read the size "${String(value)}"`);
  const units: Record<string, number> = {
    B: 1,
    KB: 1e3,
    MB: 1e6,
    GB: 1e9,
    TB: 1e12,
    KIB: 1024,
    MIB: 1024 ** 2,
    GIB: 1024 ** 3,
    TIB: 1024 ** 4,
  };
  return Math.round(Number(m[1]) * (units[(m[2] ?? "B").toUpperCase()] ?? 1));
}

/** The CLI substitutes `env(NAME)` in string values from the environment. */
function substituteEnv(value: unknown): unknown {
  if (typeof value === "string") {
    const m = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value.trim());
    return m ? (process.env[m[1]] ?? "") : value;
  }
  if (Array.isArray(value)) return value.map(substituteEnv);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteEnv(v)]));
  }
  return value;
}

function section(root: Toml, ...keys: string[]): Toml {
  let cur: unknown = root;
  for (const key of keys) cur = (cur as Toml | undefined)?.[key];
  return cur && typeof cur === "object" ? (cur as Toml) : {};
}

function pick<T>(obj: Toml, key: string, fallback: T): T {
  return obj[key] === undefined ? fallback : (obj[key] as T);
}

/** `signing_keys_path` (relative to supabase/) holds a JSON array of private JWKs, as the CLI reads it. */
function readSigningKeys(supabaseDir: string, keysPath: string): JWK[] | null {
  if (!keysPath) return null;
  const file = path.resolve(supabaseDir, keysPath);
  let keys: unknown;
  try {
    keys = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`config.toml: failed to read signing keys ${file}: ${(err as Error).message}`);
  }
  if (!Array.isArray(keys))
    throw new Error(`config.toml: failed to decode signing keys ${file}: expected a JSON array of JWKs`);
  return keys as JWK[];
}

const HOOK_SECRET = /^v1,whsec_[A-Za-z0-9+/=]{32,88}$/;
const POSTGRES_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,62}$/;
/** GoTrue takes plain http only for the machine itself (the CLI's GoTrue reaches it as host.docker.internal). */
const LOCAL_HTTP_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "host.docker.internal"]);

/** One `[auth.hook.<name>]`, checked as the CLI and GoTrue check it; null when not enabled. */
function readHook(name: HookName, raw: Toml): HookConfig | null {
  if (pick<unknown>(raw, "enabled", false) !== true) return null;
  const uri = pick<unknown>(raw, "uri", "");
  const secrets = pick<unknown>(raw, "secrets", "");
  const fail = (why: string) => new Error(`config.toml: ${why}`);
  if (typeof uri !== "string" || uri === "") throw fail(`Missing required field in config: auth.hook.${name}.uri`);
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw fail(`failed to parse template url: ${uri}`);
  }
  switch (url.protocol.toLowerCase()) {
    case "http:":
    case "https:": {
      if (typeof secrets !== "string" || secrets === "") {
        throw fail(`Missing required field in config: auth.hook.${name}.secrets`);
      }
      const list = secrets.split("|").filter((s) => s !== "");
      if (list.some((s) => !HOOK_SECRET.test(s))) {
        throw fail(
          `Invalid hook config: auth.hook.${name}.secrets must be formatted as "v1,whsec_<base64_encoded_secret>" with a minimum length of 32 characters.`,
        );
      }
      if (url.protocol === "http:" && !LOCAL_HTTP_HOSTS.has(url.hostname)) {
        throw fail(`auth.hook.${name}.uri: only localhost, 127.0.0.1, and ::1 are supported with http`);
      }
      return { kind: "http", uri, secrets: list };
    }
    case "pg-functions:": {
      if (secrets) throw fail(`Invalid hook config: auth.hook.${name}.secrets is unsupported for pg-functions URI`);
      const parts = url.pathname.split("/").map((part) => {
        try {
          return decodeURIComponent(part);
        } catch {
          return part;
        }
      });
      if (parts.length < 3) throw fail(`auth.hook.${name}.uri: URI path does not contain enough parts`);
      const [, schema, fn] = parts;
      if (!POSTGRES_NAME.test(schema)) throw fail(`auth.hook.${name}.uri: invalid schema name: ${schema}`);
      if (!POSTGRES_NAME.test(fn)) throw fail(`auth.hook.${name}.uri: invalid table name: ${fn}`);
      return { kind: "pg", uri, schema, name: fn };
    }
    default:
      throw fail(`Invalid hook config: auth.hook.${name}.uri should be a HTTP, HTTPS, or pg-functions URI`);
  }
}

function readHooks(raw: Toml): Partial<Record<HookName, HookConfig>> {
  const hooks: Partial<Record<HookName, HookConfig>> = {};
  for (const name of HOOK_NAMES) {
    const hook = readHook(name, section(raw, "auth", "hook", name));
    if (hook) hooks[name] = hook;
  }
  return hooks;
}

export interface ConfigOverrides {
  port?: number;
  dbPort?: number;
}

/** Finds the `supabase/` folder: the directory itself or its `supabase` child. */
export function resolveSupabaseDir(projectDir: string): string {
  const abs = path.resolve(projectDir);
  if (existsSync(path.join(abs, "supabase", "config.toml"))) return path.join(abs, "supabase");
  if (existsSync(path.join(abs, "config.toml"))) return abs;
  if (existsSync(path.join(abs, "supabase"))) return path.join(abs, "supabase");
  return abs;
}

export function loadConfig(projectDir: string, overrides: ConfigOverrides = {}): StackConfig {
  const supabaseDir = resolveSupabaseDir(projectDir);
  const file = path.join(supabaseDir, "config.toml");
  let raw: Toml = {};
  if (existsSync(file)) {
    try {
      raw = substituteEnv(parseToml(readFileSync(file, "utf8"))) as Toml;
    } catch (err) {
      throw new Error(`${file}: ${(err as Error).message}`);
    }
  }
  const api = section(raw, "api");
  const db = section(raw, "db");
  const auth = section(raw, "auth");
  const email = section(raw, "auth", "email");
  const storage = section(raw, "storage");
  const port = overrides.port ?? pick(api, "port", 54321);

  const buckets: Record<string, BucketConfig> = {};
  for (const [name, b] of Object.entries(section(raw, "storage", "buckets"))) {
    const bucket = b as Toml;
    buckets[name] = {
      public: pick(bucket, "public", false),
      file_size_limit: bucket.file_size_limit === undefined ? undefined : parseByteSize(bucket.file_size_limit, 0),
      allowed_mime_types: bucket.allowed_mime_types as string[] | undefined,
      objects_path: bucket.objects_path as string | undefined,
    };
  }

  const functions: Record<string, FunctionConfig> = {};
  for (const [name, f] of Object.entries(section(raw, "functions"))) {
    const fn = f as Toml;
    functions[name] = {
      enabled: pick(fn, "enabled", true),
      verify_jwt: pick(fn, "verify_jwt", true),
      entrypoint: fn.entrypoint as string | undefined,
      import_map: fn.import_map as string | undefined,
    };
  }

  const rateLimit = section(raw, "auth", "rate_limit");
  const mfa = section(raw, "auth", "mfa");
  const factorSwitches = (name: string) => {
    const factor = section(mfa, name);
    return {
      enroll_enabled: pick(factor, "enroll_enabled", false),
      verify_enabled: pick(factor, "verify_enabled", false),
    };
  };
  return {
    supabaseDir,
    projectId: pick(raw, "project_id", path.basename(path.dirname(supabaseDir))),
    api: {
      port,
      schemas: pick(api, "schemas", ["public", "graphql_public"]),
      extra_search_path: pick(api, "extra_search_path", ["public", "extensions"]),
      max_rows: pick(api, "max_rows", 1000),
      ...(typeof api.auto_expose_new_tables === "boolean" && { auto_expose_new_tables: api.auto_expose_new_tables }),
      external_url: `http://127.0.0.1:${port}`,
    },
    db: {
      port: overrides.dbPort ?? pick(db, "port", 54322),
      major_version: pick(db, "major_version", 17),
      seed: {
        enabled: pick(section(raw, "db", "seed"), "enabled", true),
        sql_paths: pick(section(raw, "db", "seed"), "sql_paths", ["./seed.sql"]),
      },
    },
    auth: {
      enabled: pick(auth, "enabled", true),
      site_url: pick(auth, "site_url", "http://127.0.0.1:3000"),
      additional_redirect_urls: pick(auth, "additional_redirect_urls", ["https://127.0.0.1:3000"]),
      jwt_expiry: pick(auth, "jwt_expiry", 3600),
      jwt_secret: pick(auth, "jwt_secret", "") || WELL_KNOWN.jwtSecret,
      signing_keys: readSigningKeys(supabaseDir, pick(auth, "signing_keys_path", "")),
      enable_refresh_token_rotation: pick(auth, "enable_refresh_token_rotation", true),
      refresh_token_reuse_interval: pick(auth, "refresh_token_reuse_interval", 10),
      enable_signup: pick(auth, "enable_signup", true),
      enable_anonymous_sign_ins: pick(auth, "enable_anonymous_sign_ins", false),
      enable_manual_linking: pick(auth, "enable_manual_linking", false),
      minimum_password_length: pick(auth, "minimum_password_length", 6),
      password_requirements: pick(auth, "password_requirements", ""),
      rate_limit: {
        email_sent: pick(rateLimit, "email_sent", 2),
        sms_sent: pick(rateLimit, "sms_sent", 30),
        anonymous_users: pick(rateLimit, "anonymous_users", 30),
        token_refresh: pick(rateLimit, "token_refresh", 150),
        sign_in_sign_ups: pick(rateLimit, "sign_in_sign_ups", 30),
        token_verifications: pick(rateLimit, "token_verifications", 30),
      },
      email: {
        enable_signup: pick(email, "enable_signup", true),
        double_confirm_changes: pick(email, "double_confirm_changes", true),
        enable_confirmations: pick(email, "enable_confirmations", false),
        secure_password_change: pick(email, "secure_password_change", false),
        max_frequency: pick(email, "max_frequency", "1s"),
        otp_length: pick(email, "otp_length", 6),
        otp_expiry: pick(email, "otp_expiry", 3600),
        template: section(raw, "auth", "email", "template") as Record<string, EmailTemplate>,
        smtp_enabled:
          "smtp" in email && pick<boolean>(section(raw, "auth", "email", "smtp"), "enabled", true) !== false,
      },
      external: Object.fromEntries(
        Object.entries(section(raw, "auth", "external")).map(([name, p]) => [name, pick(p as Toml, "enabled", false)]),
      ),
      oauth_server: { enabled: pick(section(raw, "auth", "oauth_server"), "enabled", false) },
      hook: readHooks(raw),
      sms: {
        enable_signup: pick(section(raw, "auth", "sms"), "enable_signup", false),
        enable_confirmations: pick(section(raw, "auth", "sms"), "enable_confirmations", false),
        max_frequency: pick(section(raw, "auth", "sms"), "max_frequency", "5s"),
      },
      passkey: {
        enabled: pick(section(raw, "auth", "passkey"), "enabled", false),
        max_passkeys_per_user: pick(section(raw, "auth", "passkey"), "max_passkeys_per_user", 10),
      },
      webauthn: {
        rp_display_name: pick(section(raw, "auth", "webauthn"), "rp_display_name", ""),
        rp_id: pick(section(raw, "auth", "webauthn"), "rp_id", ""),
        rp_origins: pick(section(raw, "auth", "webauthn"), "rp_origins", []),
        challenge_expiry: 300,
      },
      mfa: {
        max_enrolled_factors: pick(mfa, "max_enrolled_factors", 10),
        totp: factorSwitches("totp"),
        phone: factorSwitches("phone"),
        web_authn: factorSwitches("web_authn"),
      },
    },
    storage: {
      enabled: pick(storage, "enabled", true),
      file_size_limit: parseByteSize(storage.file_size_limit, 50 * 1024 ** 2),
      buckets,
      image_transformation: { enabled: pick(section(storage, "image_transformation"), "enabled", true) },
      vector: {
        enabled: pick(section(raw, "storage", "vector"), "enabled", true),
        max_buckets: pick(section(raw, "storage", "vector"), "max_buckets", 10),
        max_indexes: pick(section(raw, "storage", "vector"), "max_indexes", 10),
      },
    },
    realtime: { enabled: pick(section(raw, "realtime"), "enabled", true) },
    functions,
    inbucket: { enabled: pick(section(raw, "inbucket"), "enabled", true) },
  };
}
