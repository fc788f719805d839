// config.toml read in the environment the Supabase CLI builds (env.ts): `env(NAME)` from the
// project's `.env` files (supabase/ first, then the root; the process wins), and
// `SUPABASE_<KEY>` variables overriding keys, named in a refusal.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { envFiles } from "./env.js";
import { ConfigError, loadConfig } from "./index.js";

/** A project root with supabase/config.toml and the given files (relative to the root). */
function project(toml: string, files: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "opsdesk-config-env-"));
  mkdirSync(path.join(root, "supabase"));
  writeFileSync(path.join(root, "supabase", "config.toml"), toml);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return root;
}

const GITHUB =
  '[auth.external.github]\nenabled = true\nclient_id = "env(OPSDESK_ENV_GITHUB_ID)"\nsecret = "env(OPSDESK_ENV_GITHUB_SECRET)"\n';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the project's .env files", () => {
  it("give env(NAME) its value: supabase/.env before the root's .env, the process before both", () => {
    const root = project(`[api]\nport = "env(OPSDESK_ENV_PORT)"\n${GITHUB}`, {
      "supabase/.env": "OPSDESK_ENV_GITHUB_ID=from-supabase-dir\n# a comment\nOPSDESK_ENV_PORT=54400\n",
      ".env": "OPSDESK_ENV_GITHUB_ID=from-root\nOPSDESK_ENV_GITHUB_SECRET='root secret'\n",
    });
    const config = loadConfig(root);
    expect(config.api.port).toBe(54400);
    expect(config.auth.external.github).toBe(true);
    vi.stubEnv("OPSDESK_ENV_PORT", "54401");
    expect(loadConfig(root).api.port).toBe(54401);
  });

  it("are read in the CLI's order for SUPABASE_ENV, and never change the process's environment", () => {
    const root = project('[api]\nport = "env(OPSDESK_ENV_PORT)"\n', {
      "supabase/.env.development.local": "OPSDESK_ENV_PORT=54410\n",
      "supabase/.env.local": "OPSDESK_ENV_PORT=54411\n",
      "supabase/.env": "OPSDESK_ENV_PORT=54412\n",
      "supabase/.env.test": "OPSDESK_ENV_PORT=54413\n",
    });
    const dir = path.join(root, "supabase");
    expect(envFiles(dir, {}).map((f) => path.relative(root, f))).toEqual([
      "supabase/.env.development.local",
      "supabase/.env.local",
      "supabase/.env",
    ]);
    expect(loadConfig(root).api.port).toBe(54410);
    expect(process.env.OPSDESK_ENV_PORT).toBeUndefined();
    // SUPABASE_ENV=test reads .env.test.local, .env.test, .env: not .env.local.
    vi.stubEnv("SUPABASE_ENV", "test");
    expect(loadConfig(root).api.port).toBe(54413);
  });

  it("name the file when one cannot be read", () => {
    const root = project("", { "supabase/.env": "" });
    mkdirSync(path.join(root, ".env"));
    expect(() => loadConfig(root)).toThrow(/\.env: cannot read this environment file/);
  });
});

describe("SUPABASE_<KEY> overrides", () => {
  it("win over the file's value, also in a table the file has and for a key the file leaves out", () => {
    const root = project(`[auth]\nsite_url = "http://127.0.0.1:3000"\n\n${GITHUB}`);
    vi.stubEnv("SUPABASE_AUTH_SITE_URL", "https://app.example.test");
    vi.stubEnv("SUPABASE_AUTH_EXTERNAL_GITHUB_ENABLED", "false");
    vi.stubEnv("SUPABASE_AUTH_EXTERNAL_APPLE_ENABLED", "true");
    vi.stubEnv("SUPABASE_API_SCHEMAS", "public,api");
    vi.stubEnv("SUPABASE_AUTH_ENABLE_SIGNUP", "0");
    const config = loadConfig(root);
    expect(config.auth.site_url).toBe("https://app.example.test");
    expect(config.auth.external).toMatchObject({ github: false, apple: true });
    expect(config.api.schemas).toEqual(["public", "api"]);
    expect(config.auth.enable_signup).toBe(false);
  });

  it("come from the project's .env files too", () => {
    const root = project("", { "supabase/.env": "SUPABASE_AUTH_SITE_URL=http://localhost:4000\n" });
    expect(loadConfig(root).auth.site_url).toBe("http://localhost:4000");
  });

  it("are refused as the file's value would be, naming the variable", () => {
    vi.stubEnv("SUPABASE_API_PORT", "fifty");
    try {
      loadConfig(project("[api]\nport = 54321\n"));
      throw new Error("the value was accepted");
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).issues).toEqual([
        {
          line: 2,
          key: "api.port",
          message: 'expected a port number (0 to 65535), got "fifty" (the value of SUPABASE_API_PORT)',
        },
      ]);
    }
  });
});
