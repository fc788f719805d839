// [auth.hook.<name>] checked as the CLI and GoTrue check an enabled hook (its URI's
// scheme, the secrets' form, a Postgres function's schema and name), in their words.
import type { ConfigFile } from "./schema.js";

/** The CLI's `[auth.hook.<name>]` sections (GoTrue's extensibility points). */
export const HOOK_NAMES = [
  "mfa_verification_attempt",
  "password_verification_attempt",
  "custom_access_token",
  "send_sms",
  "send_email",
  "before_user_created",
] as const satisfies readonly (keyof ConfigFile["auth"]["hook"])[];
export type HookName = (typeof HOOK_NAMES)[number];

/** An enabled hook: a Postgres function or an HTTP endpoint signed with Standard Webhooks. */
export type HookConfig =
  | { kind: "pg"; uri: string; schema: string; name: string }
  | { kind: "http"; uri: string; secrets: string[] };

const HOOK_SECRET = /^v1,whsec_[A-Za-z0-9+/=]{32,88}$/;
const POSTGRES_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,62}$/;
/** GoTrue takes plain http only for the machine itself (the CLI's GoTrue reaches it as host.docker.internal). */
const LOCAL_HTTP_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "host.docker.internal"]);

/** One `[auth.hook.<name>]`, checked as the CLI and GoTrue check it; null when not enabled. */
export function readHook(
  name: HookName,
  { enabled, uri, secrets }: ConfigFile["auth"]["hook"][HookName],
  fail: (key: string, why: string) => Error,
): HookConfig | null {
  if (!enabled) return null;
  const uriFail = (why: string) => fail("uri", why);
  if (uri === "") throw fail("uri", `Missing required field in config: auth.hook.${name}.uri`);
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw uriFail(`failed to parse template url: ${uri}`);
  }
  switch (url.protocol.toLowerCase()) {
    case "http:":
    case "https:": {
      if (secrets === "") throw fail("secrets", `Missing required field in config: auth.hook.${name}.secrets`);
      const list = secrets.split("|").filter((s) => s !== "");
      if (list.some((s) => !HOOK_SECRET.test(s))) {
        throw fail(
          "secrets",
          `Invalid hook config: auth.hook.${name}.secrets must be formatted as "v1,whsec_<base64_encoded_secret>" with a minimum length of 32 characters.`,
        );
      }
      if (url.protocol === "http:" && !LOCAL_HTTP_HOSTS.has(url.hostname)) {
        throw uriFail(`auth.hook.${name}.uri: only localhost, 127.0.0.1, and ::1 are supported with http`);
      }
      return { kind: "http", uri, secrets: list };
    }
    case "pg-functions:": {
      if (secrets)
        throw fail("secrets", `Invalid hook config: auth.hook.${name}.secrets is unsupported for pg-functions URI`);
      const parts = url.pathname.split("/").map((part) => {
        try {
          return decodeURIComponent(part);
        } catch {
          return part;
        }
      });
      if (parts.length < 3) throw uriFail(`auth.hook.${name}.uri: URI path does not contain enough parts`);
      const [, schema, fn] = parts;
      if (!POSTGRES_NAME.test(schema)) throw uriFail(`auth.hook.${name}.uri: invalid schema name: ${schema}`);
      if (!POSTGRES_NAME.test(fn)) throw uriFail(`auth.hook.${name}.uri: invalid table name: ${fn}`);
      return { kind: "pg", uri, schema, name: fn };
    }
    default:
      throw uriFail(`Invalid hook config: auth.hook.${name}.uri should be a HTTP, HTTPS, or pg-functions URI`);
  }
}
