// Migrations run as the Supabase CLI runs them (docs/migrations.md): every file starts
// from the database's own settings (a dump's RESET ALL or set_config never reaches the
// next file), a failure names the file, the line and the statement and rolls its file
// back, and a failed first start leaves no half-made database behind.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { MigrationError } from "../src/db/migrate.js";
import { createLogger } from "../src/shared/log.js";
import { freePort } from "../src/shared/net.js";
import { startStack } from "../src/stack.js";
import { cloneTemplateDatabase, FIXTURES, startTestStack } from "./harness.js";

const DUMP = path.join(FIXTURES, "migrations-dump");

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Starts a stack on a cloned database expecting it to fail; the error and the database's URL. */
async function failingStart(fixture: string) {
  const database = await cloneTemplateDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-test-migrations-"));
  try {
    const error = await startStack({
      projectDir: path.join(FIXTURES, fixture),
      databaseUrl: database.url,
      dataDir,
      port: 0,
      log: createLogger("test:migrations"),
    }).then(
      async (stack) => {
        await stack.stop();
        throw new Error("the stack started");
      },
      (err: unknown) => err,
    );
    return { error: error as MigrationError, database };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("migrations as the CLI applies them", () => {
  it("starts each file from the role's settings: a dump's search_path and settings stay in its file", async () => {
    const stack = await startTestStack({ projectDir: DUMP });
    try {
      const rows = await stack.sql(
        "select version, cardinality(statements) as statements from supabase_migrations.schema_migrations order by version",
      );
      expect(rows).toEqual([
        { version: "20240101000000", statements: 29 },
        { version: "20240102000000", statements: 1 },
        { version: "20240103000000", statements: 3 },
        { version: "20240104000000", statements: 2 },
      ]);
      const [columns] = await stack.sql(
        "select pg_get_expr(adbin, adrelid) as id_default from pg_attrdef where adrelid = 'public.labels'::regclass",
      );
      expect(columns.id_default).toBe("uuid_generate_v4()");
    } finally {
      await stack.stop();
    }
  });

  it("gives the platform roles the search_paths of Supabase's image", async () => {
    const stack = await startTestStack();
    try {
      const rows = await stack.sql(
        `select rolname, array_to_string(rolconfig, ';') as settings from pg_roles
         where rolname in ('postgres', 'supabase_admin', 'supabase_auth_admin', 'supabase_storage_admin') order by rolname`,
      );
      const searchPath = (settings: string) =>
        settings
          .split(";")
          .find((s) => s.startsWith("search_path="))
          ?.replaceAll(" ", "");
      expect(rows.map((r) => [r.rolname, searchPath(r.settings)])).toEqual([
        ["postgres", 'search_path="$user",public,extensions'],
        ["supabase_admin", 'search_path="$user",public,auth,extensions'],
        ["supabase_auth_admin", "search_path=auth"],
        ["supabase_storage_admin", "search_path=storage"],
      ]);
    } finally {
      await stack.stop();
    }
  });

  it("names the file, the line and the statement when Postgres gives no position, and rolls the file back", async () => {
    const { error, database } = await failingStart("migrations-failing");
    try {
      expect(error).toBeInstanceOf(MigrationError);
      const file = path.relative(
        process.cwd(),
        path.join(FIXTURES, "migrations-failing/supabase/migrations/20240102000000_broken.sql"),
      );
      expect(error.message).toBe(
        `${file}:6: ERROR 42P07: relation "notes" already exists\n` +
          "At statement 3 of 4:\ncreate table notes (\n  id int primary key\n)",
      );
      // The first file stays applied; nothing of the failing one does (its insert included).
      const rows = await query(
        database.url,
        `select (select array_agg(version) from supabase_migrations.schema_migrations) as versions,
                (select count(*)::int from kept) as kept, to_regclass('public.notes') is null as no_notes`,
      );
      expect(rows).toEqual([{ versions: ["20240101000000"], kept: 0, no_notes: true }]);
    } finally {
      await database.drop();
    }
  });

  it("points at the error's own line inside a statement", async () => {
    const { error, database } = await failingStart("migrations-failing-position");
    try {
      expect(error.message).toMatch(/20240101000000_typo\.sql:6: ERROR 42883: function today\(\) does not exist\n/);
      expect(error.message).toContain(
        "At statement 2 of 2:\ncreate table pets (\n  id uuid primary key default gen_random_uuid(),\n" +
          "  owner uuid references owners (id),\n  born date default today()\n                    ^",
      );
    } finally {
      await database.drop();
    }
  });
});

describe("migrations on a new embedded cluster", () => {
  const dataDirs: string[] = [];
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });
  const start = async (fixture: string) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-test-migrations-cluster-"));
    dataDirs.push(dataDir);
    const run = startStack({
      projectDir: path.join(FIXTURES, fixture),
      dataDir,
      port: 0,
      dbPort: await freePort(),
      unsafeFast: true,
      log: createLogger("test:migrations-cluster"),
    });
    return { run, dataDir };
  };

  it("runs a dump ending in RESET ALL, then files calling extension functions unqualified", async () => {
    const { run } = await start("migrations-dump");
    const stack = await run;
    try {
      const rows = await query(stack.dbUrl, "select count(*)::int as n from supabase_migrations.schema_migrations");
      expect(rows).toEqual([{ n: 4 }]);
    } finally {
      await stack.stop();
    }
  });

  it("removes the database a failed first start made, as `supabase start` does", async () => {
    const { run, dataDir } = await start("migrations-failing");
    await expect(run).rejects.toThrow(/20240102000000_broken\.sql:6: ERROR 42P07/);
    expect(existsSync(path.join(dataDir, "db", "PG_VERSION"))).toBe(false);
  });
});
