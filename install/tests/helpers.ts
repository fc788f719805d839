// Shared by the install tests (docs/any-project.md): a fixture project copied to a temporary
// folder and served by a test stack, `npm run opsdesk -- init` run on it as a user would, the
// written migration applied as `supabase db push` applies it, SQL as any account (the REST
// service's scope: role + JWT claims in one transaction), and the probe that records what an
// account can do on every table, so before and after install can be compared.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type pg from "pg";
import { applyMigrations } from "../../stack/src/db/migrate.js";
import { withScope } from "../../stack/src/db/scope.js";
import { createLogger } from "../../stack/src/shared/log.js";
import { quoteQualified } from "../../stack/src/shared/sql.js";
import { startTestStack, type TestStack } from "../../stack/test/harness.js";
import { exposeLocally } from "../database.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const FIXTURE_PROJECTS = path.join(ROOT, "fixtures", "projects");

export interface Project {
  dir: string;
  stack: TestStack;
  stop(): Promise<void>;
}

/** The fixture copied to a temporary folder (init writes into it) and a stack serving it. */
export async function startProject(name: string): Promise<Project> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `opsdesk-install-${name}-`));
  cpSync(path.join(FIXTURE_PROJECTS, name), dir, { recursive: true });
  const stack = await startTestStack({ projectDir: dir });
  return {
    dir,
    stack,
    stop: async () => {
      await stack.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `npm run opsdesk -- <args>` as a user runs it; its output. */
export async function runCli(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "install", "cli.ts"), ...args],
    { cwd: ROOT },
  );
  return stdout;
}

/** init with the CLI, then the new migrations applied to the running database (as `db push`). */
export async function installWithCli(project: Project): Promise<string[]> {
  await runCli(["init", "--project-dir", project.dir]);
  const client = await project.stack.ctx.db.admin.connect();
  try {
    const applied = await applyMigrations(client, { ...project.stack.config }, createLogger("install-test"));
    return applied;
  } finally {
    client.release();
  }
}

/** The REST service serves opsdesk (the running stack read config.toml before init). */
export async function exposeOpsdesk(project: Project): Promise<void> {
  await exposeLocally(project.stack.dbUrl, project.stack.config.api.schemas);
}

export type Who = { sub: string; email: string; aal?: "aal1" | "aal2" } | "anon";

/** Runs fn in one transaction as the account, as the REST service does; rolled back unless commit. */
export function as<T>(
  stack: TestStack,
  who: Who,
  fn: (client: pg.PoolClient) => Promise<T>,
  commit = false,
): Promise<T> {
  const scope =
    who === "anon"
      ? { role: "anon", claims: { role: "anon" } }
      : {
          role: "authenticated",
          claims: {
            sub: who.sub,
            email: who.email,
            role: "authenticated",
            aud: "authenticated",
            aal: who.aal ?? "aal1",
          },
        };
  return withScope(
    stack.ctx.db.api,
    { ...scope, method: "POST", path: "/test", headers: {}, searchPath: ["public", "extensions"] },
    fn,
    { rollback: !commit },
  );
}

/** One statement as the account; its rows, or the error's SQLSTATE and hint. */
export async function sqlAs<T extends pg.QueryResultRow = pg.QueryResultRow>(
  stack: TestStack,
  who: Who,
  text: string,
  values: unknown[] = [],
  commit = false,
): Promise<
  { rows: T[]; error?: undefined } | { rows?: undefined; error: { code: string; hint?: string; message: string } }
> {
  try {
    const result = await as(stack, who, (c) => c.query<T>(text, values), commit);
    return { rows: result.rows };
  } catch (err) {
    const e = err as pg.DatabaseError;
    if (!e.code) throw err;
    return { error: { code: e.code, hint: e.hint, message: e.message } };
  }
}

/** The project's own tables and views in its exposed schemas. */
export async function projectRelations(stack: TestStack): Promise<{ schema: string; name: string; kind: string }[]> {
  return stack.sql(
    `select n.nspname as schema, c.relname as name, c.relkind as kind
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm') and n.nspname = any ($1)
     order by 1, 2`,
    [stack.config.api.schemas],
  );
}

/**
 * What an account can do on one relation, each operation in its own rolled-back transaction:
 * the rows it reads (count and a digest), and how many rows an update (a column set to
 * itself) and a delete reach, or the SQLSTATE that refuses them, and what inserting a row of
 * defaults gives.
 */
export async function probe(stack: TestStack, who: Who, schema: string, name: string): Promise<Record<string, string>> {
  const target = quoteQualified(schema, name);
  const [column] = await stack.sql<{ name: string }>(
    `select a.attname as name from pg_attribute a
     where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' and a.attidentity = ''
     order by a.attnum limit 1`,
    [target],
  );
  const outcome = async (text: string): Promise<string> => {
    const r = await sqlAs(stack, who, text);
    if (r.error) return `error ${r.error.code}`;
    const row = r.rows[0] as Record<string, unknown> | undefined;
    return row ? Object.values(row).map(String).join(" ") : `${r.rows.length} rows`;
  };
  const set = column ? `"${column.name.replaceAll('"', '""')}" = "${column.name.replaceAll('"', '""')}"` : "";
  return {
    select: await outcome(
      `select count(*), md5(coalesce(string_agg(to_jsonb(t)::text, ',' order by to_jsonb(t)::text), '')) from ${target} t`,
    ),
    update: column ? await outcome(`with u as (update ${target} set ${set} returning 1) select count(*) from u`) : "-",
    delete: await outcome(`with d as (delete from ${target} returning 1) select count(*) from d`),
    insert: await outcome(`with i as (insert into ${target} default values returning 1) select count(*) from i`),
  };
}

/** probe() for every relation of the project as each account. */
export async function accessMap(stack: TestStack, accounts: Record<string, Who>): Promise<Record<string, unknown>> {
  const map: Record<string, unknown> = {};
  for (const rel of await projectRelations(stack)) {
    for (const [label, who] of Object.entries(accounts)) {
      map[`${rel.schema}.${rel.name} as ${label}`] = await probe(stack, who, rel.schema, rel.name);
    }
  }
  return map;
}
