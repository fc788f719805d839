// Installs the Supabase platform base, applies `supabase/migrations` like the
// Supabase CLI (each file in its own transaction, recorded in
// supabase_migrations.schema_migrations) and runs the seed files on a fresh database.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import type { StackConfig } from "../config/index.js";
import type { Logger } from "../shared/log.js";

const BASE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "base");
const MIGRATION_FILE = /^([0-9]+)_(.*)\.sql$/;

/** Thrown when a migration or seed file fails; names the file and line. */
export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly pgError: pg.DatabaseError | Error,
  ) {
    const e = pgError as pg.DatabaseError;
    const where = line ? `${file}:${line}` : file;
    const extra = [e.detail && `DETAIL: ${e.detail}`, e.hint && `HINT: ${e.hint}`].filter(Boolean);
    super(`${where}: ${e.code ? `ERROR ${e.code}: ` : ""}${e.message}${extra.length ? `\n${extra.join("\n")}` : ""}`);
  }
}

function lineOf(sql: string, position: string | undefined): number | null {
  const pos = Number(position);
  if (!pos) return null;
  return sql.slice(0, pos - 1).split("\n").length;
}

/** Runs a whole SQL file in one transaction; on error rolls back and reports the line. */
async function runFile(client: pg.ClientBase, file: string, sql: string, record?: () => Promise<void>) {
  await client.query("begin");
  try {
    await client.query(sql);
    await record?.();
    await client.query("commit");
  } catch (err) {
    await client.query("rollback");
    throw new MigrationError(file, lineOf(sql, (err as pg.DatabaseError).position), err as Error);
  }
}

/** Installs (or completes) the platform base: roles, auth, storage, realtime, grants. */
export async function installBase(client: pg.ClientBase, log: Logger): Promise<void> {
  await client.query("create schema if not exists _stack");
  await client.query(
    "create table if not exists _stack.base_migrations (name text primary key, hash text not null, applied_at timestamptz not null default now())",
  );
  const { rows } = await client.query<{ name: string }>("select name from _stack.base_migrations");
  const applied = new Set(rows.map((r) => r.name));
  const files = readdirSync(BASE_DIR)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = readFileSync(path.join(BASE_DIR, file), "utf8");
    await runFile(client, `stack base ${file}`, sql, async () => {
      await client.query("insert into _stack.base_migrations (name, hash) values ($1, $2)", [file, sha256(sql)]);
    });
    log.debug(`base ${file} installed`);
  }
}

/** Fresh: nothing of the project has been applied yet, so seeds are due. */
export async function isFresh(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ fresh: boolean }>(
    `select not exists (select 1 from supabase_migrations.schema_migrations)
        and not exists (select 1 from supabase_migrations.seed_files) as fresh`,
  );
  return rows[0].fresh;
}

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

export function listMigrations(config: StackConfig): MigrationFile[] {
  const dir = path.join(config.supabaseDir, "migrations");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((f) => ({ f, m: MIGRATION_FILE.exec(f) }))
    .filter((x): x is { f: string; m: RegExpExecArray } => x.m !== null)
    .map(({ f, m }) => ({ version: m[1], name: m[2], file: path.join(dir, f) }))
    .sort((a, b) => a.version.localeCompare(b.version));
}

/** Applies pending migrations in version order; returns the versions applied. */
export async function applyMigrations(client: pg.ClientBase, config: StackConfig, log: Logger): Promise<string[]> {
  const { rows } = await client.query<{ version: string }>("select version from supabase_migrations.schema_migrations");
  const applied = new Set(rows.map((r) => r.version));
  const done: string[] = [];
  for (const m of listMigrations(config)) {
    if (applied.has(m.version)) continue;
    const sql = readFileSync(m.file, "utf8");
    await runFile(client, path.relative(process.cwd(), m.file), sql, async () => {
      await client.query(
        "insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)",
        [m.version, m.name, [sql]],
      );
    });
    log.info(`applied migration ${path.basename(m.file)}`);
    done.push(m.version);
  }
  return done;
}

/** Seed paths are relative to the supabase folder and may use `*` globs, as in the CLI. */
export function listSeedFiles(config: StackConfig): string[] {
  const out: string[] = [];
  for (const pattern of config.db.seed.sql_paths) {
    const abs = path.resolve(config.supabaseDir, pattern);
    if (!abs.includes("*")) {
      if (existsSync(abs)) out.push(abs);
      continue;
    }
    const dir = path.dirname(abs);
    const re = new RegExp(
      `^${path
        .basename(abs)
        .replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replaceAll("*", ".*")}$`,
    );
    if (existsSync(dir)) {
      for (const f of readdirSync(dir).sort()) if (re.test(f)) out.push(path.join(dir, f));
    }
  }
  return out;
}

export async function applySeeds(client: pg.ClientBase, config: StackConfig, log: Logger): Promise<void> {
  if (!config.db.seed.enabled) return;
  for (const file of listSeedFiles(config)) {
    const sql = readFileSync(file, "utf8");
    const rel = path.relative(config.supabaseDir, file);
    const started = Date.now();
    await runFile(client, path.relative(process.cwd(), file), sql, async () => {
      await client.query(
        "insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash",
        [rel, sha256(sql)],
      );
    });
    log.info(`seeded ${rel} in ${Date.now() - started} ms`);
  }
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
