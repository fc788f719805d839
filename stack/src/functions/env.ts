// The environment a function sees: the Supabase variables the edge runtime injects
// plus `supabase/functions/.env`. The host's own variables stay out (the runtime
// excludes HOME, PATH, …), except what Deno itself needs to reach the npm registry.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { StackContext } from "../context.js";

/** dotenv syntax: `KEY=value`, optional `export`, quotes, `#` comments. */
function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    let value = m[2];
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1);
      if (quote === '"') value = value.replaceAll("\\n", "\n");
    } else {
      value = value.replace(/\s+#.*$/, "");
    }
    out[m[1]] = value;
  }
  return out;
}

const PASSED_THROUGH = [
  "NPM_CONFIG_REGISTRY",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "DENO_CERT",
  "DENO_TLS_CA_STORE",
];

/** Deno trusts DENO_CERT; a machine that adds a CA for Node (a TLS-inspecting proxy) needs it too. */
function extraCaFile(): string | undefined {
  return process.env.DENO_CERT || process.env.NODE_EXTRA_CA_CERTS || process.env.SSL_CERT_FILE || undefined;
}

export function functionEnv(ctx: StackContext, functionsDir: string, denoDir: string): Record<string, string> {
  const host: Record<string, string> = {};
  for (const name of PASSED_THROUGH) {
    const value = process.env[name] ?? process.env[name.toLowerCase()];
    if (value) host[name] = value;
  }
  const ca = extraCaFile();
  if (ca && existsSync(ca)) host.DENO_CERT = ca;
  const dotenvFile = path.join(functionsDir, ".env");
  const dotenv = existsSync(dotenvFile) ? parseDotenv(readFileSync(dotenvFile, "utf8")) : {};
  return {
    ...host,
    DENO_DIR: denoDir,
    DENO_NO_UPDATE_CHECK: "1",
    DENO_NO_PROMPT: "1",
    NO_COLOR: "1",
    // Read when the worker starts: with port 0 the URL is known only after listen.
    SUPABASE_URL: ctx.config.api.external_url,
    SUPABASE_ANON_KEY: ctx.keys.anon,
    SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRole,
    SUPABASE_DB_URL: ctx.db.url,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: ctx.keys.publishable }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: ctx.keys.secret }),
    // As the CLI's ResolveJWKS: the signing keys' public halves, else the JWT secret as an oct key.
    SUPABASE_JWKS: JSON.stringify(ctx.jwt.verificationJwks()),
    ...dotenv,
  };
}
