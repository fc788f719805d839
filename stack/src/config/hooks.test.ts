// [auth.hook.*] as the CLI reads and checks it: the enabled hooks with their kind, and the
// CLI's (or GoTrue's) words for a hook it would refuse to start with.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./index.js";

function withHook(body: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-hook-config-"));
  writeFileSync(path.join(dir, "config.toml"), `[auth.hook.custom_access_token]\n${body}\n`);
  return () => loadConfig(dir).auth.hook;
}

const SECRET = `v1,whsec_${"a".repeat(43)}=`;

describe("[auth.hook.*]", () => {
  it("keeps enabled hooks: a Postgres function by schema and name, an endpoint with its secrets", () => {
    expect(withHook('enabled = true\nuri = "pg-functions://postgres/public/claims_hook"')()).toEqual({
      custom_access_token: {
        kind: "pg",
        uri: "pg-functions://postgres/public/claims_hook",
        schema: "public",
        name: "claims_hook",
      },
    });
    expect(withHook(`enabled = true\nuri = "https://hooks.example/claims"\nsecrets = "${SECRET}|${SECRET}"`)()).toEqual(
      {
        custom_access_token: { kind: "http", uri: "https://hooks.example/claims", secrets: [SECRET, SECRET] },
      },
    );
    expect(withHook('enabled = false\nuri = "ftp://nowhere"')()).toEqual({});
  });

  it("refuses what the CLI refuses, with its words", () => {
    expect(withHook("enabled = true")).toThrow("Missing required field in config: auth.hook.custom_access_token.uri");
    expect(withHook('enabled = true\nuri = "https://hooks.example/x"')).toThrow(
      "Missing required field in config: auth.hook.custom_access_token.secrets",
    );
    expect(withHook('enabled = true\nuri = "https://hooks.example/x"\nsecrets = "whsec_short"')).toThrow(
      'auth.hook.custom_access_token.secrets must be formatted as "v1,whsec_<base64_encoded_secret>"',
    );
    expect(withHook(`enabled = true\nuri = "pg-functions://postgres/public/f"\nsecrets = "${SECRET}"`)).toThrow(
      "auth.hook.custom_access_token.secrets is unsupported for pg-functions URI",
    );
    expect(withHook('enabled = true\nuri = "pg-functions://postgres/public"')).toThrow(
      "URI path does not contain enough parts",
    );
    expect(withHook('enabled = true\nuri = "pg-functions://postgres/public/drop table"')).toThrow(
      "invalid table name: drop table",
    );
    expect(withHook(`enabled = true\nuri = "http://hooks.example/x"\nsecrets = "${SECRET}"`)).toThrow(
      "only localhost, 127.0.0.1, and ::1 are supported with http",
    );
    expect(withHook('enabled = true\nuri = "ftp://hooks.example/x"')).toThrow(
      "auth.hook.custom_access_token.uri should be a HTTP, HTTPS, or pg-functions URI",
    );
  });
});
