// Installs the Supabase platform base, applies `supabase/migrations` like the
// Supabase CLI and runs the seed files on a fresh database (docs/migrations.md): each
// file is split into statements and sent as one batch (one implicit transaction, with
// its schema_migrations row), after a RESET ALL, so a file starts from the database's
// own settings; a failure names the file, the line and the statement.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import type { StackConfig } from "../config/index.js";
import type { Logger } from "../shared/log.js";
import { failedStatementIndex, pipeline, type Statement } from "./pipeline.js";
import { lineAt, type SqlStatement, splitSql } from "./sql-split.js";

const BASE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "base");
const MIGRATION_FILE = /^([0-9]+)_(.*)\.sql$/;

/** Where in a file a statement failed: its number, text and the error's line in it. */
interface FailedStatement {
  /** 1-based, of `total`. */
  number: number;
  total: number;
  text: string;
  /** 1-based line of the error inside `text`, when Postgres gave a position. */
  lineInStatement?: number;
  /** 1-based column of the error on that line. */
  column?: number;
}

const TYPE_NOT_FOUND = /type "([^"]+)" does not exist/;

/** The lines of `failed` up to the error, with a caret under it (as the CLI prints it). */
function excerpt(failed: FailedStatement): string {
  const lines = failed.text.split("\n");
  if (failed.lineInStatement === undefined || failed.column === undefined) {
    return lines.length > 20 ? [...lines.slice(0, 20), "…"].join("\n") : failed.text;
  }
  const shown = lines.slice(Math.max(0, failed.lineInStatement - 20), failed.lineInStatement);
  return [...shown, `${" ".repeat(failed.column - 1)}^`].join("\n");
}

/** Thrown when a migration or seed file fails; names the file, the line and the statement. */
export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly pgError: pg.DatabaseError | Error,
    readonly statement?: FailedStatement,
  ) {
    const e = pgError as pg.DatabaseError;
    const where = line ? `${file}:${line}` : file;
    const extra = [e.detail && `DETAIL: ${e.detail}`, e.hint && `HINT: ${e.hint}`, e.where && `CONTEXT: ${e.where}`];
    const type = TYPE_NOT_FOUND.exec(e.message)?.[1];
    if (e.code === "42704" && type && !type.includes(".")) {
      extra.push(
        `HINT: the type may live in a schema that is not on the search_path; qualify it, e.g. extensions.${type}`,
      );
    }
    if (statement) {
      extra.push(`At statement ${statement.number} of ${statement.total}:\n${excerpt(statement)}`);
    }
    const lines = extra.filter(Boolean);
    super(`${where}: ${e.code ? `ERROR ${e.code}: ` : ""}${e.message}${lines.length ? `\n${lines.join("\n")}` : ""}`);
  }
}

function lineOf(sql: string, position: string | undefined): number | null {
  const pos = Number(position);
  if (!pos) return null;
  return lineAt(sql, pos - 1);
}

/** Runs a whole SQL file in one transaction; on error rolls back and reports the line (the base's files). */
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

/** The error of a batch, placed in its file: the failing statement, its line and the error's. */
function batchError(file: string, sql: string, statements: SqlStatement[], err: Error) {
  const index = failedStatementIndex(err);
  if (index === undefined) return new MigrationError(file, null, err);
  const failed = statements[index];
  // Past the file's statements: the history row itself (e.g. a version recorded twice).
  if (!failed) return new MigrationError(file, null, err);
  const total = statements.length;
  const position = Number((err as pg.DatabaseError).position) || 0;
  const at = position ? failed.start + position - 1 : failed.start;
  const line = lineAt(sql, at);
  const lineInStatement = position ? lineAt(failed.text, position - 1) : undefined;
  const column = position ? position - failed.text.lastIndexOf("\n", position - 2) - 1 : undefined;
  return new MigrationError(file, line, err, {
    number: index + 1,
    total,
    text: failed.text,
    lineInStatement,
    column,
  });
}

/**
 * Sends a file's statements as the CLI's batch: one round trip, one implicit transaction
 * ending with `record` (the history row), all rolled back on the first error.
 */
async function runBatch(
  client: pg.ClientBase,
  file: string,
  sql: string,
  record?: (statements: string[]) => Statement,
): Promise<void> {
  const statements = splitSql(sql);
  const batch: Statement[] = statements.map((s) => ({ text: s.text, values: [], discard: true }));
  const history = record?.(statements.map((s) => s.text));
  if (history) batch.push(history);
  if (batch.length === 0) return;
  try {
    await pipeline(client, batch);
  } catch (err) {
    throw batchError(file, sql, statements, err as Error);
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

/**
 * What the CLI (and Studio, for a project whose "Default privileges for new entities" toggle
 * is off) runs on a new database when `[api] auto_expose_new_tables = false`: tables,
 * sequences and functions that `postgres` creates in `public` are no longer granted to the
 * Data API roles by default (docs/migrations.md). Postgres' own default (EXECUTE on
 * functions to PUBLIC) stays.
 */
const REVOKE_DEFAULT_DATA_API_PRIVILEGES = `
alter default privileges for role postgres in schema public
  revoke select, insert, update, delete on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke usage, select on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke execute on functions from anon, authenticated, service_role;
`;

/**
 * On a new database, before any migration: the Data API grants as `[api]
 * auto_expose_new_tables` says. As the current CLI (supabase/cli#6337): unset and `true`
 * keep the default grants, as hosted projects still do; only `false` revokes them.
 */
export async function applyApiPrivileges(client: pg.ClientBase, config: StackConfig): Promise<void> {
  if (config.api.auto_expose_new_tables !== false) return;
  await runBatch(client, "[api] auto_expose_new_tables", REVOKE_DEFAULT_DATA_API_PRIVILEGES);
}

/** Fresh: nothing of the project has been applied yet, so seeds are due. */
export async function isFresh(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ fresh: boolean }>(
    `select not exists (select 1 from supabase_migrations.schema_migrations)
        and not exists (select 1 from supabase_migrations.seed_files) as fresh`,
  );
  return rows[0].fresh;
}

interface MigrationFile {
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

const INSERT_MIGRATION =
  "insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)";

/**
 * Applies pending migrations in version order; returns the versions applied. Each file
 * starts with RESET ALL, as with the CLI: what one file set (a dump's
 * `set_config('search_path', '', false)`, its closing `RESET ALL`) never reaches the next,
 * which starts from the settings of the database and the connecting role.
 */
export async function applyMigrations(client: pg.ClientBase, config: StackConfig, log: Logger): Promise<string[]> {
  const { rows } = await client.query<{ version: string }>("select version from supabase_migrations.schema_migrations");
  const applied = new Set(rows.map((r) => r.version));
  const done: string[] = [];
  for (const m of listMigrations(config)) {
    if (applied.has(m.version)) continue;
    const sql = readFileSync(m.file, "utf8");
    await client.query("reset all");
    await runBatch(client, path.relative(process.cwd(), m.file), sql, (statements) => ({
      text: INSERT_MIGRATION,
      values: [m.version, m.name, statements],
      discard: true,
    }));
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
    // As the CLI: one batch per file on the migrations' connection, no RESET ALL before it.
    await runBatch(client, path.relative(process.cwd(), file), sql, () => ({
      text: "insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash",
      values: [rel, sha256(sql)],
      discard: true,
    }));
    log.info(`seeded ${rel} in ${Date.now() - started} ms`);
  }
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
