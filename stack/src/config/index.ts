// Reads a Supabase CLI project folder (`supabase/config.toml`) into the stack's
// typed configuration, checked as the CLI checks it (schema.ts, decode.ts): a key or
// value the CLI would refuse stops the start with the file, line, key and what is
// allowed. Defaults are the CLI's own, so a folder written for `supabase start` means
// the same thing here (docs/configuration.md).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { JWK } from "jose";
import { parse as parseToml, TomlError } from "smol-toml";
import { STRICT_TYPES, validatorOf } from "../shared/validation.js";
import { type ConfigIssue, weaklyDecode } from "./decode.js";
import { applyOverrides, projectEnvironment } from "./env.js";
import { ConfigError, describeSchemaIssue, keyName, lineOf } from "./errors.js";
import { HOOK_NAMES, type HookConfig, type HookName, readHook } from "./hooks.js";
import { type ConfigFile, ConfigFileSchema } from "./schema.js";

export { ConfigError } from "./errors.js";
export type { HookConfig, HookName } from "./hooks.js";

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

/** [auth.rate_limit] as GoTrue's limiter reads it (the CLI's web3 limit has no endpoint here). */
export type RateLimits = Omit<ConfigFile["auth"]["rate_limit"], "web3">;

type FunctionConfig = ConfigFile["functions"][string];
type Auth = ConfigFile["auth"];

/**
 * What the stack runs with: the file's values (types from schema.ts) with the CLI's
 * defaults, the overrides of the command line, and what the stack derives from them.
 */
export interface StackConfig {
  /** Absolute path of the `supabase/` folder. */
  supabaseDir: string;
  projectId: string;
  api: Pick<ConfigFile["api"], "schemas" | "extra_search_path" | "max_rows"> & {
    port: number;
    /**
     * `[api] auto_expose_new_tables`: false revokes the default Data API grants on new
     * entities in `public` (a hosted project with "Default privileges for new entities"
     * off); unset or true keeps them, as the current CLI (docs/migrations.md).
     */
    auto_expose_new_tables?: boolean;
    /** `http://127.0.0.1:<port>`: issuer base and the URL printed to users. */
    external_url: string;
  };
  db: Pick<ConfigFile["db"], "port" | "major_version" | "seed">;
  auth: Pick<
    Auth,
    | "enabled"
    | "site_url"
    | "additional_redirect_urls"
    | "jwt_expiry"
    | "enable_refresh_token_rotation"
    | "refresh_token_reuse_interval"
    | "enable_signup"
    | "enable_anonymous_sign_ins"
    | "enable_manual_linking"
    | "minimum_password_length"
    | "password_requirements"
    | "mfa"
    | "oauth_server"
  > & {
    /** `jwt_secret`, or the CLI's well-known one when empty. */
    jwt_secret: string;
    /** The JWK set at `signing_keys_path` (private keys), or null for HS256 with jwt_secret. */
    signing_keys: JWK[] | null;
    rate_limit: RateLimits;
    email: Omit<Auth["email"], "smtp" | "notification"> & {
      /** [auth.email.smtp] present and not `enabled = false`: a custom SMTP server instead of the catcher. */
      smtp_enabled: boolean;
    };
    /** [auth.external.<provider>] `enabled`, by provider name. */
    external: Record<string, boolean>;
    /**
     * [auth.passkey]: passkey sign-in (GoTrue's GOTRUE_PASSKEY_*), off by default as in the CLI;
     * `max_passkeys_per_user` is GoTrue's default (the CLI has no key for it).
     */
    passkey: { enabled: boolean; max_passkeys_per_user: number };
    /**
     * [auth.webauthn]: the relying party passkeys are bound to (GOTRUE_WEBAUTHN_*). GoTrue
     * needs all three once passkeys are on; `challenge_expiry` (seconds) is GoTrue's default.
     */
    webauthn: Auth["webauthn"] & { challenge_expiry: number };
    /** [auth.hook.*]: the enabled hooks only. */
    hook: Partial<Record<HookName, HookConfig>>;
    /**
     * [auth.sms]: phone sign-up and sign-in (GoTrue's EXTERNAL_PHONE_ENABLED is enable_signup,
     * SMS_AUTOCONFIRM is !enable_confirmations); the codes go out through the send_sms hook.
     */
    sms: Pick<Auth["sms"], "enable_signup" | "enable_confirmations" | "max_frequency">;
  };
  storage: Pick<ConfigFile["storage"], "enabled" | "buckets" | "image_transformation"> & {
    file_size_limit: number;
    /** `[storage.vector]`: vector buckets (on by default here; the hosted limits). */
    vector: Omit<ConfigFile["storage"]["vector"], "buckets">;
  };
  realtime: { enabled: boolean };
  functions: Record<string, FunctionConfig>;
  inbucket: { enabled: boolean };
  /** Sections set in the file that only the CLI reads (its containers, the hosted project); logged at debug. */
  ignored: string[];
}

/** Parses sizes the way storage-api does: "50MiB", "5MB" (decimal), "1024" (bytes). */
export function parseByteSize(value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === "") return fallback;
  if (typeof value === "number") return value;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([KMGT]i?B|B)?\s*$/i.exec(String(value));
  if (!m) throw new Error(`cannot read the size "${String(value)}"`);
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

export interface ConfigOverrides {
  port?: number;
  dbPort?: number;
}

/** Finds the `supabase/` folder: the directory itself or its `supabase` child. */
function resolveSupabaseDir(projectDir: string): string {
  const abs = path.resolve(projectDir);
  if (existsSync(path.join(abs, "supabase", "config.toml"))) return path.join(abs, "supabase");
  if (existsSync(path.join(abs, "config.toml"))) return abs;
  if (existsSync(path.join(abs, "supabase"))) return path.join(abs, "supabase");
  return abs;
}

/**
 * The schema's validator: all problems at once, each with the schema node and value
 * (`verbose`) to word it; defaults filled in; `goKind`/`ignored` are annotations.
 */
const validateFile = validatorOf(ConfigFileSchema, {
  ...STRICT_TYPES,
  verbose: true,
  keywords: ["goKind", "ignored"],
});

/** Sections set in the file whose schema says only the CLI reads them. */
function ignoredSections(schema: Record<string, unknown>, value: unknown, path: string[], out: string[]): void {
  if (path.length > 0 && schema.ignored === true) {
    out.push(keyName(path));
    return;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return;
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const [key, item] of Object.entries(value)) {
    if (Object.hasOwn(properties, key)) ignoredSections(properties[key], item, [...path, key], out);
  }
}

/**
 * supabase/config.toml read, decoded and checked; an absent file is the CLI's defaults. The
 * environment (env.ts) gives `env(NAME)` and the `SUPABASE_<KEY>` overrides; a refused
 * override names its variable.
 */
function readConfigFile(file: string): { config: ConfigFile; ignored: string[]; source: string } {
  const source = existsSync(file) ? readFileSync(file, "utf8") : "";
  let parsed: Record<string, unknown>;
  try {
    parsed = parseToml(source);
  } catch (err) {
    if (err instanceof TomlError) throw new Error(`${file}:${err.line}:${err.column}: ${err.message}`);
    throw new Error(`${file}: ${(err as Error).message}`);
  }
  const env = projectEnvironment(path.dirname(file));
  const overridden = new Map(applyOverrides(ConfigFileSchema, parsed, env).map((o) => [keyName(o.path), o.variable]));
  const issues: ConfigIssue[] = [];
  const decoded = weaklyDecode(ConfigFileSchema, parsed, [], issues, env);
  const checked = validateFile(decoded);
  if (!checked.ok) issues.push(...checked.issues.map(describeSchemaIssue));
  if (issues.length > 0 || !checked.ok) {
    const seen = new Set<string>();
    const from = (key: string) => (overridden.has(key) ? ` (the value of ${overridden.get(key)})` : "");
    throw new ConfigError(
      file,
      issues
        .map((issue) => ({
          line: lineOf(source, issue.path),
          key: keyName(issue.path),
          message: `${issue.message}${from(keyName(issue.path))}`,
        }))
        .filter((issue) => !seen.has(issue.key) && seen.add(issue.key))
        .sort((a, b) => (a.line ?? Number.POSITIVE_INFINITY) - (b.line ?? Number.POSITIVE_INFINITY)),
    );
  }
  const ignored: string[] = [];
  ignoredSections(ConfigFileSchema, parsed, [], ignored);
  return { config: checked.value, ignored, source };
}

export function loadConfig(projectDir: string, overrides: ConfigOverrides = {}): StackConfig {
  const supabaseDir = resolveSupabaseDir(projectDir);
  const file = path.join(supabaseDir, "config.toml");
  const { config: raw, ignored, source } = readConfigFile(file);
  const { api, db, auth, storage } = raw;
  const port = overrides.port ?? api.port;

  const hook: Partial<Record<HookName, HookConfig>> = {};
  for (const name of HOOK_NAMES) {
    const fail = (key: string, why: string) => {
      const where = ["auth", "hook", name, key];
      return new ConfigError(file, [{ line: lineOf(source, where), key: keyName(where), message: why }]);
    };
    const found = readHook(name, auth.hook[name], fail);
    if (found) hook[name] = found;
  }

  const { smtp, notification: _notification, ...email } = auth.email;
  const { web3: _web3, ...rateLimit } = auth.rate_limit;
  const { buckets: _vectorBuckets, ...vector } = storage.vector;
  return {
    supabaseDir,
    projectId: raw.project_id ?? path.basename(path.dirname(supabaseDir)),
    api: {
      port,
      schemas: api.schemas,
      extra_search_path: api.extra_search_path,
      max_rows: api.max_rows,
      ...(api.auto_expose_new_tables !== undefined && { auto_expose_new_tables: api.auto_expose_new_tables }),
      external_url: `http://127.0.0.1:${port}`,
    },
    db: { port: overrides.dbPort ?? db.port, major_version: db.major_version, seed: db.seed },
    auth: {
      enabled: auth.enabled,
      site_url: auth.site_url,
      additional_redirect_urls: auth.additional_redirect_urls,
      jwt_expiry: auth.jwt_expiry,
      jwt_secret: auth.jwt_secret || WELL_KNOWN.jwtSecret,
      signing_keys: readSigningKeys(supabaseDir, auth.signing_keys_path),
      enable_refresh_token_rotation: auth.enable_refresh_token_rotation,
      refresh_token_reuse_interval: auth.refresh_token_reuse_interval,
      enable_signup: auth.enable_signup,
      enable_anonymous_sign_ins: auth.enable_anonymous_sign_ins,
      enable_manual_linking: auth.enable_manual_linking,
      minimum_password_length: auth.minimum_password_length,
      password_requirements: auth.password_requirements,
      rate_limit: rateLimit,
      email: { ...email, smtp_enabled: smtp?.enabled === true },
      external: Object.fromEntries(Object.entries(auth.external).map(([name, p]) => [name, p.enabled])),
      oauth_server: auth.oauth_server,
      hook,
      sms: {
        enable_signup: auth.sms.enable_signup,
        enable_confirmations: auth.sms.enable_confirmations,
        max_frequency: auth.sms.max_frequency,
      },
      passkey: { enabled: auth.passkey.enabled, max_passkeys_per_user: 10 },
      webauthn: { ...auth.webauthn, challenge_expiry: 300 },
      mfa: auth.mfa,
    },
    storage: {
      enabled: storage.enabled,
      file_size_limit: storage.file_size_limit ?? 50 * 1024 ** 2,
      buckets: storage.buckets,
      image_transformation: storage.image_transformation,
      vector,
    },
    realtime: { enabled: raw.realtime.enabled },
    functions: raw.functions,
    inbucket: { enabled: raw.inbucket.enabled },
    ignored,
  };
}
