// The schema of supabase/config.toml: every key the Supabase CLI decodes (its
// pkg/config structs), no other, with the CLI's defaults for the keys the stack reads.
// The file's TypeScript type comes from it (`ConfigFile`), so a key the stack reads is
// a key the CLI accepts. How a value is read before it is checked (Go's weak typing,
// sizes, durations) is in decode.ts; what the errors say, in index.ts
// (docs/configuration.md).
import { type Static, type TSchema, Type } from "@sinclair/typebox";

/**
 * What a value is to the CLI's decoder beyond its JSON type (`goKind`, an annotation
 * Ajv is told about): a `Secret` takes a string only, a `time.Duration` a Go duration,
 * a `sizeInBytes` "50MiB" or a number of bytes.
 */
export type GoKind = "secret" | "duration" | "size";

/** Where a section is read by the CLI only (its containers, the hosted project): logged at debug when set. */
const IGNORED = { ignored: true } as const;

const bool = (value?: boolean) => Type.Boolean(value === undefined ? {} : { default: value });
const uint = (value?: number) => Type.Integer({ minimum: 0, ...(value === undefined ? {} : { default: value }) });
const port = (value?: number) =>
  Type.Integer({ minimum: 0, maximum: 65535, ...(value === undefined ? {} : { default: value }) });
const text = (value?: string) => Type.String(value === undefined ? {} : { default: value });
const secret = (value?: string) =>
  Type.String({ goKind: "secret", ...(value === undefined ? {} : { default: value }) });
const duration = (value?: string) =>
  Type.String({ goKind: "duration", ...(value === undefined ? {} : { default: value }) });
const size = () => Type.Integer({ minimum: 0, goKind: "size" });
const strings = (value?: string[]) => Type.Array(Type.String(), value === undefined ? {} : { default: value });
/** A Go string type whose UnmarshalText takes only these values. */
const oneOf = <const T extends string[]>(values: T, value?: T[number]) =>
  Type.Unsafe<T[number]>({ type: "string", enum: values, ...(value === undefined ? {} : { default: value }) });
/** An optional key: absent stays absent (a table's `{}` default would make `[auth.email.smtp]` present). */
const opt = <T extends TSchema>(schema: T) => {
  const { default: _absent, ...rest } = schema;
  return Type.Optional(rest as T);
};

/** A TOML table: its keys only (mapstructure's ErrorUnused), an empty one when absent. */
function table<P extends Record<string, TSchema>>(properties: P, options: Record<string, unknown> = {}) {
  return Type.Object(properties, { additionalProperties: false, default: {}, ...options });
}
/** `[x.<name>]` tables of one shape (a Go map). */
function tables<T extends TSchema>(entry: T, options: Record<string, unknown> = {}) {
  return Type.Record(Type.String(), entry, { default: {}, ...options });
}

const hook = table({ enabled: bool(false), uri: text(""), secrets: secret("") });
const factor = table({ enroll_enabled: bool(false), verify_enabled: bool(false) });
const template = table({ subject: opt(Type.String()), content: opt(Type.String()), content_path: opt(Type.String()) });
const tpa = <P extends Record<string, TSchema>>(properties: P) =>
  table({ enabled: opt(Type.Boolean()), ...properties });

const api = table({
  enabled: bool(true),
  port: port(54321),
  schemas: strings(["public", "graphql_public"]),
  extra_search_path: strings(["public", "extensions"]),
  max_rows: uint(1000),
  auto_expose_new_tables: opt(Type.Boolean()),
  tls: table({ enabled: opt(Type.Boolean()), cert_path: opt(Type.String()), key_path: opt(Type.String()) }, IGNORED),
  external_url: opt(Type.String()),
});

const db = table({
  port: port(54322),
  shadow_port: opt(port()),
  health_timeout: opt(duration()),
  major_version: uint(17),
  root_key: opt(secret()),
  pooler: table(
    {
      enabled: opt(Type.Boolean()),
      port: opt(port()),
      pool_mode: opt(oneOf(["transaction", "session"])),
      default_pool_size: opt(uint()),
      max_client_conn: opt(uint()),
    },
    IGNORED,
  ),
  migrations: table({ enabled: opt(Type.Boolean()), schema_paths: opt(strings()) }, IGNORED),
  seed: table({ enabled: bool(true), sql_paths: strings(["./seed.sql"]) }),
  settings: table(
    {
      effective_cache_size: opt(Type.String()),
      logical_decoding_work_mem: opt(Type.String()),
      maintenance_work_mem: opt(Type.String()),
      max_connections: opt(uint()),
      max_locks_per_transaction: opt(uint()),
      max_parallel_maintenance_workers: opt(uint()),
      max_parallel_workers: opt(uint()),
      max_parallel_workers_per_gather: opt(uint()),
      max_replication_slots: opt(uint()),
      max_slot_wal_keep_size: opt(Type.String()),
      max_standby_archive_delay: opt(Type.String()),
      max_standby_streaming_delay: opt(Type.String()),
      max_wal_size: opt(Type.String()),
      max_wal_senders: opt(uint()),
      max_worker_processes: opt(uint()),
      session_replication_role: opt(oneOf(["origin", "replica", "local"])),
      shared_buffers: opt(Type.String()),
      statement_timeout: opt(Type.String()),
      track_activity_query_size: opt(Type.String()),
      track_commit_timestamp: opt(Type.Boolean()),
      wal_keep_size: opt(Type.String()),
      wal_sender_timeout: opt(Type.String()),
      work_mem: opt(Type.String()),
    },
    IGNORED,
  ),
  network_restrictions: table(
    { enabled: opt(Type.Boolean()), allowed_cidrs: opt(strings()), allowed_cidrs_v6: opt(strings()) },
    IGNORED,
  ),
  ssl_enforcement: opt(table({ enabled: opt(Type.Boolean()) }, IGNORED)),
  vault: tables(secret(), IGNORED),
});

const storage = table({
  enabled: bool(true),
  file_size_limit: opt(size()),
  image_transformation: table({ enabled: bool(true) }),
  s3_protocol: opt(table({ enabled: opt(Type.Boolean()) }, IGNORED)),
  buckets: tables(
    table({
      public: bool(false),
      file_size_limit: opt(size()),
      allowed_mime_types: opt(strings()),
      objects_path: opt(Type.String()),
    }),
  ),
  analytics: table(
    {
      enabled: opt(Type.Boolean()),
      max_namespaces: opt(uint()),
      max_tables: opt(uint()),
      max_catalogs: opt(uint()),
      buckets: opt(tables(table({}))),
    },
    IGNORED,
  ),
  vector: table({
    enabled: bool(true),
    max_buckets: uint(10),
    max_indexes: uint(10),
    buckets: opt(tables(table({}), IGNORED)),
  }),
});

const twilio = table(
  {
    enabled: opt(Type.Boolean()),
    account_sid: opt(Type.String()),
    message_service_sid: opt(Type.String()),
    auth_token: opt(secret()),
  },
  IGNORED,
);

const auth = table({
  enabled: bool(true),
  site_url: text("http://127.0.0.1:3000"),
  external_url: opt(Type.String()),
  additional_redirect_urls: strings(["https://127.0.0.1:3000"]),
  jwt_expiry: uint(3600),
  jwt_issuer: opt(Type.String()),
  enable_refresh_token_rotation: bool(true),
  refresh_token_reuse_interval: uint(10),
  enable_manual_linking: bool(false),
  enable_signup: bool(true),
  enable_anonymous_sign_ins: bool(false),
  minimum_password_length: uint(6),
  password_requirements: oneOf(
    ["", "letters_digits", "lower_upper_letters_digits", "lower_upper_letters_digits_symbols"],
    "",
  ),
  signing_keys_path: text(""),
  passkey: table({ enabled: bool(false) }),
  webauthn: table({ rp_display_name: text(""), rp_id: text(""), rp_origins: strings([]) }),
  rate_limit: table({
    anonymous_users: uint(30),
    token_refresh: uint(150),
    sign_in_sign_ups: uint(30),
    token_verifications: uint(30),
    email_sent: uint(2),
    sms_sent: uint(30),
    web3: opt(uint()),
  }),
  captcha: opt(
    table(
      { enabled: opt(Type.Boolean()), provider: opt(oneOf(["hcaptcha", "turnstile"])), secret: opt(secret()) },
      IGNORED,
    ),
  ),
  hook: table({
    mfa_verification_attempt: hook,
    password_verification_attempt: hook,
    custom_access_token: hook,
    send_sms: hook,
    send_email: hook,
    before_user_created: hook,
  }),
  mfa: table({
    totp: factor,
    phone: table({
      enroll_enabled: bool(false),
      verify_enabled: bool(false),
      otp_length: opt(uint()),
      template: opt(Type.String()),
      max_frequency: opt(duration()),
    }),
    web_authn: factor,
    max_enrolled_factors: uint(10),
  }),
  sessions: table({ timebox: opt(duration()), inactivity_timeout: opt(duration()) }, IGNORED),
  email: table({
    enable_signup: bool(true),
    double_confirm_changes: bool(true),
    enable_confirmations: bool(false),
    secure_password_change: bool(false),
    template: tables(template),
    notification: tables(
      table({
        enabled: opt(Type.Boolean()),
        subject: opt(Type.String()),
        content: opt(Type.String()),
        content_path: opt(Type.String()),
      }),
      IGNORED,
    ),
    // The CLI turns a present [auth.email.smtp] on unless it says `enabled = false`.
    smtp: opt(
      table({
        enabled: bool(true),
        host: opt(Type.String()),
        port: opt(port()),
        user: opt(Type.String()),
        pass: opt(secret()),
        admin_email: opt(Type.String()),
        sender_name: opt(Type.String()),
      }),
    ),
    max_frequency: duration("1s"),
    otp_length: uint(6),
    otp_expiry: uint(3600),
  }),
  sms: table({
    enable_signup: bool(false),
    enable_confirmations: bool(false),
    template: opt(Type.String()),
    twilio: opt(twilio),
    twilio_verify: opt(twilio),
    messagebird: opt(
      table({ enabled: opt(Type.Boolean()), originator: opt(Type.String()), access_key: opt(secret()) }, IGNORED),
    ),
    textlocal: opt(
      table({ enabled: opt(Type.Boolean()), sender: opt(Type.String()), api_key: opt(secret()) }, IGNORED),
    ),
    vonage: opt(
      table(
        {
          enabled: opt(Type.Boolean()),
          from: opt(Type.String()),
          api_key: opt(Type.String()),
          api_secret: opt(secret()),
        },
        IGNORED,
      ),
    ),
    test_otp: opt(tables(Type.String(), IGNORED)),
    max_frequency: duration("5s"),
  }),
  external: tables(
    table({
      enabled: bool(false),
      client_id: opt(Type.String()),
      secret: opt(secret()),
      url: opt(Type.String()),
      redirect_uri: opt(Type.String()),
      skip_nonce_check: opt(Type.Boolean()),
      email_optional: opt(Type.Boolean()),
    }),
  ),
  web3: table(
    { solana: table({ enabled: opt(Type.Boolean()) }), ethereum: table({ enabled: opt(Type.Boolean()) }) },
    IGNORED,
  ),
  oauth_server: table({
    enabled: bool(false),
    allow_dynamic_registration: opt(Type.Boolean()),
    authorization_url_path: opt(Type.String()),
  }),
  publishable_key: opt(secret()),
  secret_key: opt(secret()),
  jwt_secret: secret(""),
  anon_key: opt(secret()),
  service_role_key: opt(secret()),
  third_party: table(
    {
      firebase: tpa({ project_id: opt(Type.String()) }),
      auth0: tpa({ tenant: opt(Type.String()), tenant_region: opt(Type.String()) }),
      aws_cognito: tpa({ user_pool_id: opt(Type.String()), user_pool_region: opt(Type.String()) }),
      clerk: tpa({ domain: opt(Type.String()) }),
      workos: tpa({ issuer_url: opt(Type.String()) }),
    },
    IGNORED,
  ),
});

const base = {
  api,
  db,
  realtime: table({
    enabled: bool(true),
    ip_version: opt(oneOf(["IPv6", "IPv4"])),
    max_header_length: opt(uint()),
  }),
  studio: table(
    { enabled: opt(Type.Boolean()), port: opt(port()), api_url: opt(Type.String()), openai_api_key: opt(secret()) },
    IGNORED,
  ),
  inbucket: table({
    enabled: bool(true),
    port: opt(port()),
    smtp_port: opt(port()),
    pop3_port: opt(port()),
    admin_email: opt(Type.String()),
    sender_name: opt(Type.String()),
  }),
  storage,
  auth,
  edge_runtime: table(
    {
      enabled: opt(Type.Boolean()),
      policy: opt(oneOf(["per_worker", "oneshot"])),
      inspector_port: opt(port()),
      secrets: opt(tables(secret())),
      deno_version: opt(uint()),
    },
    IGNORED,
  ),
  functions: tables(
    table({
      enabled: bool(true),
      verify_jwt: bool(true),
      import_map: opt(Type.String()),
      entrypoint: opt(Type.String()),
      static_files: opt(strings()),
    }),
  ),
  analytics: table(
    {
      enabled: opt(Type.Boolean()),
      port: opt(port()),
      backend: opt(oneOf(["postgres", "bigquery"])),
      gcp_project_id: opt(Type.String()),
      gcp_project_number: opt(Type.String()),
      gcp_jwt_path: opt(Type.String()),
      vector_port: opt(port()),
    },
    IGNORED,
  ),
  experimental: table(
    {
      orioledb_version: opt(Type.String()),
      s3_host: opt(Type.String()),
      s3_region: opt(Type.String()),
      s3_access_key: opt(Type.String()),
      s3_secret_key: opt(Type.String()),
      webhooks: opt(table({ enabled: opt(Type.Boolean()) })),
      pgdelta: opt(
        table({
          enabled: opt(Type.Boolean()),
          declarative_schema_path: opt(Type.String()),
          format_options: opt(Type.String()),
        }),
      ),
      inspect: table({
        rules: opt(
          Type.Array(
            Type.Object(
              {
                query: opt(Type.String()),
                name: opt(Type.String()),
                pass: opt(Type.String()),
                fail: opt(Type.String()),
              },
              { additionalProperties: false },
            ),
          ),
        ),
      }),
    },
    IGNORED,
  ),
};

/** `[remotes.<name>]`: a branch's overrides, with the keys of the file itself (read by the CLI for hosted branches). */
const remote = Type.Object(
  {
    project_id: opt(Type.String()),
    ...(Object.fromEntries(Object.entries(base).map(([key, schema]) => [key, opt(schema)])) as {
      [K in keyof typeof base]: ReturnType<typeof opt<(typeof base)[K]>>;
    }),
  },
  { additionalProperties: false },
);

export const ConfigFileSchema = Type.Object(
  { project_id: opt(Type.String()), ...base, remotes: tables(remote, IGNORED) },
  { additionalProperties: false },
);

/** supabase/config.toml as decoded and checked, the CLI's defaults filled in. */
export type ConfigFile = Static<typeof ConfigFileSchema>;
