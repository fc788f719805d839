// `[api] auto_expose_new_tables` as the current CLI reads it (docs/migrations.md): false,
// a new database does not grant what `postgres` creates in `public` to anon, authenticated
// and service_role (a hosted project with "Default privileges for new entities" off), so
// the project grants explicitly; unset or true keep the default grants, without a warning
// (supabase/cli#6337 took the deprecation back).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Logger } from "../src/shared/log.js";
import { startStack } from "../src/stack.js";
import { cloneTemplateDatabase, FIXTURES, startTestStack, type TestStack } from "./harness.js";

describe("auto_expose_new_tables = false", () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ projectDir: path.join(FIXTURES, "data-api-exposure") });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("does not grant new tables to the Data API roles, service_role included", async () => {
    for (const client of [stack.anon(), stack.service()]) {
      const { error } = await client.from("private_notes").select("*");
      expect(error).toMatchObject({ code: "42501", message: "permission denied for table private_notes" });
    }
    const grants = await stack.sql(
      `select grantee, privilege_type from information_schema.role_table_grants
       where table_name = 'private_notes' and grantee in ('anon', 'authenticated', 'service_role')
         and privilege_type in ('SELECT', 'INSERT', 'UPDATE', 'DELETE')`,
    );
    expect(grants).toEqual([]);
  });

  it("serves what the migration grants explicitly; functions keep Postgres' EXECUTE for PUBLIC", async () => {
    const anon = stack.anon();
    expect((await anon.from("public_notes").insert({ body: "hello" })).error).toBeNull();
    const { data, error } = await anon.rpc("note_count");
    expect(error).toBeNull();
    expect(data).toBe(1);
    const [row] = await stack.sql(
      `select has_sequence_privilege('authenticated', 'public.private_notes_id_seq', 'USAGE') as seq,
              has_function_privilege('authenticated', 'public.note_count()', 'EXECUTE') as fn`,
    );
    expect(row).toEqual({ seq: false, fn: true });
  });
});

describe("auto_expose_new_tables unset", () => {
  it("keeps the default grants, without a warning, as the current CLI", async () => {
    const warnings: string[] = [];
    const quiet = () => {};
    const log: Logger = {
      debug: quiet,
      info: quiet,
      error: quiet,
      warn: (m) => warnings.push(m),
      child: () => log,
    };
    const database = await cloneTemplateDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-test-exposure-"));
    const stack = await startStack({
      projectDir: path.join(FIXTURES, "rest-functions"),
      databaseUrl: database.url,
      dataDir,
      port: 0,
      log,
    });
    try {
      expect(warnings.filter((w) => w.includes("auto_expose_new_tables"))).toEqual([]);
      const res = await fetch(`${stack.url}/rest/v1/tickets`, { headers: { apikey: stack.keys.anon } });
      expect(res.status).toBe(200);
    } finally {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
