// config.toml checked as the Supabase CLI decodes it: unknown keys and values it would
// not convert are refused with file, line, key and what is allowed; what it converts
// (Go's weak typing, sizes, durations) is read as it reads it; every supabase/ folder
// committed in the repository still loads.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError, loadConfig } from "./index.js";

function project(toml: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-config-"));
  writeFileSync(path.join(dir, "config.toml"), toml);
  return dir;
}

function refusal(toml: string): ConfigError {
  const dir = project(toml);
  try {
    loadConfig(dir);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error("the file was accepted");
}

describe("config.toml refused as the CLI refuses it", () => {
  it("names an unknown key with its file, line and the keys its table takes", () => {
    const err = refusal('project_id = "x"\n\n[auth]\nsite_url = "http://127.0.0.1:3000"\nsite_ulr = "typo"\n');
    expect(err.issues).toEqual([
      {
        line: 5,
        key: "auth.site_ulr",
        message: expect.stringMatching(
          /^unknown key \(did you mean site_url\?\); \[auth\] takes enabled, site_url, external_url, .*jwt_secret/,
        ),
      },
    ]);
    expect(err.message).toContain(`${err.file}:5: auth.site_ulr: unknown key (did you mean site_url?); [auth] takes`);
  });

  it("refuses an unknown section and a key of the CLI's containers it does not decode", () => {
    const err = refusal('[studio]\nimage = "x"\n\n[graphql]\nenabled = true\n');
    expect(err.issues.map((i) => [i.line, i.key])).toEqual([
      [2, "studio.image"],
      [4, "graphql"],
    ]);
  });

  it("refuses a value of the wrong type with what is allowed", () => {
    const err = refusal('[api]\nport = "fifty"\nschemas = { a = 1 }\n\n[auth]\nenable_signup = "yes"\n');
    expect(err.issues).toEqual([
      { line: 2, key: "api.port", message: 'expected a port number (0 to 65535), got "fifty"' },
      { line: 3, key: "api.schemas", message: "expected a list of strings, got a table" },
      { line: 6, key: "auth.enable_signup", message: 'expected true or false, got "yes"' },
    ]);
  });

  it("finds errors in nested tables and in tables of tables", () => {
    const err = refusal(
      [
        "[auth.email.template.invite]",
        'subject = "Hi"',
        'contnt_path = "./x.html"',
        "",
        "[storage.buckets.avatars]",
        "public = true",
        'file_size_limit = "lots"',
        "",
        "[auth.mfa.totp]",
        'enroll_enabled = "on"',
        "",
        "[db.pooler]",
        'pool_mode = "statement"',
        "",
        "[auth.email]",
        'max_frequency = "5"',
      ].join("\n"),
    );
    expect(err.issues).toEqual([
      {
        line: 3,
        key: "auth.email.template.invite.contnt_path",
        message:
          "unknown key (did you mean content_path?); [auth.email.template.invite] takes subject, content, content_path",
      },
      {
        line: 7,
        key: "storage.buckets.avatars.file_size_limit",
        message: 'cannot read the size "lots": give a size like "50MiB" or a number of bytes',
      },
      { line: 10, key: "auth.mfa.totp.enroll_enabled", message: 'expected true or false, got "on"' },
      { line: 13, key: "db.pooler.pool_mode", message: 'expected one of "transaction", "session", got "statement"' },
      {
        line: 16,
        key: "auth.email.max_frequency",
        message: 'cannot read the duration "5": give a Go duration like "1s", "5m" or "1h30m"',
      },
    ]);
  });

  it("refuses a port out of range and a negative count", () => {
    const err = refusal("[db]\nport = 70000\n\n[auth]\njwt_expiry = -1\n");
    expect(err.issues.map((i) => [i.key, i.message])).toEqual([
      ["db.port", "expected a port number (0 to 65535), got 70000"],
      ["auth.jwt_expiry", "expected a whole number, 0 or more, got -1"],
    ]);
  });

  it("gives the line and column of a TOML syntax error", () => {
    expect(() => loadConfig(project("[auth]\nsite_url = = 1\n"))).toThrow(/config\.toml:2:12: Invalid TOML document/);
  });
});

describe("config.toml read as the CLI reads it", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("converts what Go's weakly typed decoding converts", () => {
    const config = loadConfig(
      project(
        [
          "[api]",
          'port = "54400"',
          'schemas = "public,api"',
          "max_rows = true",
          "[auth]",
          "enable_signup = 0",
          'enable_anonymous_sign_ins = "t"',
          "site_url = 3000",
          'minimum_password_length = "0x10"',
        ].join("\n"),
      ),
    );
    expect(config.api).toMatchObject({ port: 54400, schemas: ["public", "api"], max_rows: 1 });
    expect(config.auth).toMatchObject({
      enable_signup: false,
      enable_anonymous_sign_ins: true,
      site_url: "3000",
      minimum_password_length: 16,
    });
  });

  it("reads env(NAME) as the CLI does: set, it is converted; unset, a number is refused and a string empty", () => {
    vi.stubEnv("OPSDESK_TEST_API_PORT", "54555");
    vi.stubEnv("OPSDESK_TEST_SCHEMAS", "public,api");
    vi.stubEnv("OPSDESK_TEST_UNSET", "");
    const toml = '[api]\nport = "env(OPSDESK_TEST_API_PORT)"\nschemas = "env(OPSDESK_TEST_SCHEMAS)"\n';
    expect(loadConfig(project(toml)).api).toMatchObject({ port: 54555, schemas: ["public", "api"] });
    expect(loadConfig(project('[auth]\njwt_secret = "env(OPSDESK_TEST_UNSET)"\n')).auth.jwt_secret).toBe(
      loadConfig(project("")).auth.jwt_secret,
    );
    expect(refusal('[db]\nport = "env(OPSDESK_TEST_UNSET)"\n').issues).toEqual([
      {
        line: 2,
        key: "db.port",
        message: "OPSDESK_TEST_UNSET is not set in the environment (env(OPSDESK_TEST_UNSET) gives nothing to read)",
      },
    ]);
  });

  it("turns custom SMTP on only where [auth.email.smtp] is written, as the CLI does", () => {
    expect(loadConfig(project("")).auth.email.smtp_enabled).toBe(false);
    expect(loadConfig(project('[auth.email.smtp]\nhost = "smtp.example"\n')).auth.email.smtp_enabled).toBe(true);
    expect(loadConfig(project("[auth.email.smtp]\nenabled = false\n")).auth.email.smtp_enabled).toBe(false);
  });

  it("reads sizes in binary units and durations as Go does", () => {
    const config = loadConfig(
      project(
        '[storage]\nfile_size_limit = "5MB"\n[storage.buckets.a]\nfile_size_limit = 1024\n[auth.email]\nmax_frequency = "1m30s"\n',
      ),
    );
    expect(config.storage.file_size_limit).toBe(5 * 1024 ** 2);
    expect(config.storage.buckets.a).toEqual({ public: false, file_size_limit: 1024 });
    expect(config.auth.email.max_frequency).toBe("1m30s");
  });

  it("accepts the CLI's keys the stack does not use and lists them as ignored", () => {
    const config = loadConfig(
      project(
        [
          "[studio]",
          "enabled = true",
          "port = 54323",
          "[analytics]",
          'backend = "postgres"',
          "[db.pooler]",
          'pool_mode = "transaction"',
          "[auth.sessions]",
          'timebox = "24h"',
          "[realtime]",
          'ip_version = "IPv4"',
          "[edge_runtime]",
          'policy = "per_worker"',
          "deno_version = 2",
          "[edge_runtime.secrets]",
          'OPENAI_KEY = "env(OPENAI_KEY)"',
          "[db.settings]",
          "max_connections = 100",
          'session_replication_role = "replica"',
          "[auth.captcha]",
          "enabled = false",
          'provider = "turnstile"',
          "[auth.sms.twilio]",
          'account_sid = "x"',
          "[auth.third_party.clerk]",
          'domain = "example.clerk.accounts.dev"',
          "[experimental.inspect]",
          'rules = [{ name = "r", query = "select 1" }]',
          "[remotes.staging]",
          'project_id = "abcdefghijklmnopqrst"',
          "[remotes.staging.auth]",
          'site_url = "https://staging.example"',
        ].join("\n"),
      ),
    );
    expect(config.ignored).toEqual([
      "studio",
      "analytics",
      "db.pooler",
      "db.settings",
      "auth.sessions",
      "auth.captcha",
      "auth.sms.twilio",
      "auth.third_party",
      "edge_runtime",
      "experimental",
      "remotes",
    ]);
  });

  it("loads every supabase/ folder committed in the repository", () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const files = execFileSync("git", ["ls-files", "*config.toml"], { cwd: root, encoding: "utf8" })
      .split("\n")
      .filter((file) => file.endsWith("supabase/config.toml"));
    expect(files.length).toBeGreaterThan(30);
    // The hooks fixture reads its endpoints from the environment, as its test sets them.
    vi.stubEnv("FIXTURE_SEND_EMAIL_HOOK_URI", "http://127.0.0.1:1/hook");
    vi.stubEnv("FIXTURE_SEND_SMS_HOOK_URI", "http://127.0.0.1:1/hook");
    vi.stubEnv("FIXTURE_SEND_EMAIL_HOOK_SECRET", `v1,whsec_${"a".repeat(43)}=`);
    const failures = files.flatMap((file) => {
      try {
        loadConfig(path.join(root, path.dirname(file)));
        return [];
      } catch (err) {
        return [`${file}: ${(err as Error).message}`];
      }
    });
    expect(failures).toEqual([]);
  });
});
