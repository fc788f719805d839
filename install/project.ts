// What `npm run opsdesk -- init` does to a project folder (docs/any-project.md): Opsdesk's SQL
// (install/sql/NNNN_name.sql) becomes ordinary timestamped migrations in
// supabase/migrations/, only the files the folder lacks (an upgrade is a new NNNN file, never a
// change to a released one: install/sql/released.json pins each released file's digest, and a
// folder's copy that differs from it is reported, never rewritten); Opsdesk's edge functions
// (install/functions/<name>/) are written into supabase/functions/<name>/ where missing or
// changed; and `opsdesk` joins `[api] schemas` in config.toml with the file's own formatting
// and comments kept.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseToml } from "smol-toml";

export const INSTALL_SQL_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "sql");
export const INSTALL_FUNCTIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "functions");
const INSTALL_FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;
const MIGRATION_FILE = /^(\d+)_.*\.sql$/;
const VERSION = /^\d{14}$/;
const OPSDESK_MIGRATION = /^\d+_opsdesk_(\d{4})_[a-z0-9_]+\.sql$/;
export const OPSDESK_SCHEMA = "opsdesk";

/** sha-256 of an install file's SQL, as install/sql/released.json lists it. */
export const digestOf = (sql: string) => createHash("sha256").update(sql).digest("hex");

/** The released install files' digests (install/sql/released.json): version → sha-256. */
export function releasedDigests(dir = INSTALL_SQL_DIR): Record<string, string> {
  const file = path.join(dir, "released.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, string>) : {};
}

export interface InstallFile {
  /** "0001" */
  version: string;
  /** "opsdesk_core" */
  name: string;
  sql: string;
}

/** Opsdesk's install files, in order (from another copy of install/sql with `dir`). */
export function installFiles(dir = INSTALL_SQL_DIR): InstallFile[] {
  return readdirSync(dir)
    .map((file) => ({ file, m: INSTALL_FILE.exec(file) }))
    .filter((x): x is { file: string; m: RegExpExecArray } => x.m !== null)
    .sort((a, b) => a.m[1].localeCompare(b.m[1]))
    .map(({ file, m }) => ({ version: m[1], name: m[2], sql: readFileSync(path.join(dir, file), "utf8") }));
}

/** One file of an edge function Opsdesk writes into projects: "opsdesk-admin/index.ts". */
export interface FunctionFile {
  path: string;
  content: string;
}

/** Opsdesk's edge functions, every file of each. */
export function installFunctionFiles(): FunctionFile[] {
  if (!existsSync(INSTALL_FUNCTIONS_DIR)) return [];
  return readdirSync(INSTALL_FUNCTIONS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(path.join(INSTALL_FUNCTIONS_DIR, d.name))
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
        .sort()
        .map((f) => ({
          path: `${d.name}/${f}`,
          content: readFileSync(path.join(INSTALL_FUNCTIONS_DIR, d.name, f), "utf8"),
        })),
    );
}

/** The `supabase/` folder of a project directory (DIR/supabase, or DIR itself). */
export function supabaseDirOf(projectDir: string): string {
  const abs = path.resolve(projectDir);
  if (existsSync(path.join(abs, "supabase", "config.toml"))) return path.join(abs, "supabase");
  if (existsSync(path.join(abs, "config.toml"))) return abs;
  throw new Error(`${abs} holds no supabase/config.toml: run \`supabase init\` there first.`);
}

/** A migration version one second after `after` (YYYYMMDDHHMMSS), or now if later. */
function nextVersion(after: string | undefined, now: Date): string {
  const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const nowStamp = stamp(now);
  if (after === undefined || after.length !== 14 || after < nowStamp) return nowStamp;
  const y = Number(after.slice(0, 4));
  const d = new Date(
    Date.UTC(
      y,
      Number(after.slice(4, 6)) - 1,
      Number(after.slice(6, 8)),
      Number(after.slice(8, 10)),
      Number(after.slice(10, 12)),
      Number(after.slice(12, 14)) + 1,
    ),
  );
  return stamp(d);
}

/** The header init writes above an install file's SQL in a project's migration. */
const headerOf = (file: InstallFile) =>
  `-- Opsdesk install ${file.version} (${file.name}), written by \`npm run opsdesk -- init\`.\n-- Do not edit: a later init adds upgrades as new files. See Opsdesk's docs/any-project.md.\n\n`;

/** What a project folder's migrations hold of Opsdesk's install. */
export interface FolderInstall {
  /** Install versions the folder has a migration of ("0001", …). */
  present: string[];
  /** Install versions of this release the folder lacks: what init would add. */
  missing: string[];
  /**
   * The folder's Opsdesk migrations whose SQL is not this release's file of that version (edited
   * by hand, or written by a development build before the file was released); file names.
   */
  differing: string[];
}

/** Reads which of Opsdesk's install files a folder's migrations hold, by their names and contents. */
export function folderInstall(projectDir: string, files = installFiles()): FolderInstall {
  const migrationsDir = path.join(supabaseDirOf(projectDir), "migrations");
  const existing = existsSync(migrationsDir) ? readdirSync(migrationsDir).filter((f) => OPSDESK_MIGRATION.test(f)) : [];
  const present = new Set<string>();
  const differing: string[] = [];
  for (const name of existing.sort()) {
    const version = (OPSDESK_MIGRATION.exec(name) as RegExpExecArray)[1];
    present.add(version);
    const shipped = files.find((f) => f.version === version);
    if (!shipped) continue;
    // Line endings as git may have checked them out; the header is init's, or left out.
    const text = readFileSync(path.join(migrationsDir, name), "utf8").replaceAll("\r\n", "\n");
    if (text !== headerOf(shipped) + shipped.sql && text !== shipped.sql) differing.push(name);
  }
  return {
    present: [...present].sort(),
    missing: files.filter((f) => !present.has(f.version)).map((f) => f.version),
    differing,
  };
}

export interface InitResult {
  /** Migration files written (paths relative to the project's supabase folder). */
  written: string[];
  /** The folder's Opsdesk migrations that differ from this release's (left as they are). */
  differing: string[];
  /** Edge function files written because they were missing or differed (relative to supabase/). */
  functions: string[];
  /** Install versions the folder already had. */
  present: string[];
  config: ConfigEdit;
}

export type ConfigEdit =
  | { status: "added"; file: string }
  | { status: "present"; file: string }
  | { status: "manual"; file: string; instructions: string };

export interface InitOptions {
  now?: Date;
  files?: InstallFile[];
  functionFiles?: FunctionFile[];
  /**
   * The first new migration's version (YYYYMMDDHHMMSS), for a team that reserves version
   * ranges; it must come after every migration the folder has (`supabase db push` applies
   * migrations in order). Default: now, or one second after the newest migration.
   */
  version?: string;
}

/** Writes the missing install files as migrations, Opsdesk's edge functions, and exposes `opsdesk` in config.toml. */
export function initProject(projectDir: string, options: InitOptions = {}): InitResult {
  const { now = new Date(), files = installFiles(), functionFiles = installFunctionFiles() } = options;
  const supabaseDir = supabaseDirOf(projectDir);
  const migrationsDir = path.join(supabaseDir, "migrations");
  mkdirSync(migrationsDir, { recursive: true });
  const existing = readdirSync(migrationsDir).filter((f) => MIGRATION_FILE.test(f));
  const folder = folderInstall(projectDir, files);
  const present = new Set(folder.present);
  let last = existing
    .map((f) => (MIGRATION_FILE.exec(f) as RegExpExecArray)[1])
    .sort()
    .at(-1);
  if (options.version !== undefined) {
    if (!VERSION.test(options.version)) throw new Error(`--version must be YYYYMMDDHHMMSS, not "${options.version}".`);
    if (last !== undefined && options.version <= last) {
      throw new Error(
        `--version ${options.version} is not after the folder's newest migration ${last}: supabase db push applies migrations in order.`,
      );
    }
  }
  const written: string[] = [];
  for (const file of files) {
    if (present.has(file.version)) continue;
    // After a given first version the others follow it second by second, inside the team's range.
    const version =
      written.length === 0 && options.version
        ? options.version
        : nextVersion(last, options.version ? new Date(0) : now);
    last = version;
    const name = `${version}_opsdesk_${file.version}_${file.name.replace(/^opsdesk_/, "")}.sql`;
    writeFileSync(path.join(migrationsDir, name), headerOf(file) + file.sql);
    written.push(path.join("migrations", name));
  }
  const functions: string[] = [];
  for (const file of functionFiles) {
    const target = path.join(supabaseDir, "functions", file.path);
    if (existsSync(target) && readFileSync(target, "utf8") === file.content) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
    functions.push(path.join("functions", file.path));
  }
  return {
    written,
    differing: folder.differing,
    functions,
    present: [...present].sort(),
    config: exposeSchema(path.join(supabaseDir, "config.toml")),
  };
}

/**
 * The SQL-editor line that tells a hosted project's install which schemas its Data API serves
 * (install 0007; docs/any-project.md "Which schemas are exposed"): config.toml's `[api] schemas`
 * and opsdesk, each a quoted literal.
 */
export function apiSchemasSql(schemas: string[]): string {
  const served = schemas.includes(OPSDESK_SCHEMA) ? schemas : [...schemas, OPSDESK_SCHEMA];
  return `select opsdesk.set_api_schemas(array[${served.map((s) => `'${s.replaceAll("'", "''")}'`).join(", ")}]);`;
}

const MANUAL = (file: string, schemas: string[]) =>
  `Add "${OPSDESK_SCHEMA}" to the exposed schemas in ${file}:\n\n  [api]\n  schemas = [${[...schemas, OPSDESK_SCHEMA].map((s) => JSON.stringify(s)).join(", ")}]\n\nand, on hosted Supabase, in the dashboard: Project Settings → Data API → Exposed schemas.`;

/**
 * Adds "opsdesk" to `[api] schemas`, touching only that array's text; the result is parsed
 * again and must differ from the original in that one value, else nothing is written and the
 * caller is told what to add.
 */
export function exposeSchema(configFile: string): ConfigEdit {
  const text = readFileSync(configFile, "utf8");
  let before: { api?: { schemas?: unknown } };
  try {
    before = parseToml(text) as typeof before;
  } catch {
    return { status: "manual", file: configFile, instructions: MANUAL(configFile, ["public", "graphql_public"]) };
  }
  const current = Array.isArray(before.api?.schemas) ? (before.api?.schemas as string[]) : null;
  if (current?.includes(OPSDESK_SCHEMA)) return { status: "present", file: configFile };
  const edited = editSchemas(text, current);
  if (edited !== null) {
    try {
      const after = parseToml(edited) as { api?: { schemas?: unknown } };
      const expected = [...(current ?? ["public", "graphql_public"]), OPSDESK_SCHEMA];
      const same =
        JSON.stringify({ ...after, api: { ...after.api, schemas: undefined } }) ===
        JSON.stringify({ ...before, api: { ...before.api, schemas: undefined } });
      if (same && JSON.stringify(after.api?.schemas) === JSON.stringify(expected)) {
        writeFileSync(configFile, edited);
        return { status: "added", file: configFile };
      }
    } catch {
      // fall through: tell the user what to add
    }
  }
  return {
    status: "manual",
    file: configFile,
    instructions: MANUAL(configFile, current ?? ["public", "graphql_public"]),
  };
}

/** The text with "opsdesk" appended to `[api] schemas` (or the key added), or null. */
function editSchemas(text: string, current: string[] | null): string | null {
  const lines = text.split("\n");
  const header = lines.findIndex((l) => /^\s*\[api\]\s*(#.*)?$/.test(l));
  if (header < 0) {
    const eol = text.endsWith("\n") || text === "" ? "" : "\n";
    return `${text}${eol}\n[api]\nschemas = ["public", "graphql_public", "${OPSDESK_SCHEMA}"]\n`;
  }
  let end = lines.findIndex((l, i) => i > header && /^\s*\[/.test(l));
  if (end < 0) end = lines.length;
  const keyLine = lines.findIndex((l, i) => i > header && i < end && /^\s*schemas\s*=/.test(l));
  if (keyLine < 0) {
    if (current !== null) return null;
    lines.splice(header + 1, 0, `schemas = ["public", "graphql_public", "${OPSDESK_SCHEMA}"]`);
    return lines.join("\n");
  }
  // The array runs from `[` on the key's line to its matching `]` (strings hold no brackets
  // in a list of schema names; a comment might, so comments are skipped).
  for (let i = keyLine; i < end; i++) {
    const code = stripComment(lines[i]);
    const close = code.lastIndexOf("]");
    if (close < 0) continue;
    const inner = i === keyLine ? code.slice(code.indexOf("[") + 1, close) : code.slice(0, close);
    const trailingComma = /,\s*$/.test(inner);
    const emptyBefore = i === keyLine && inner.trim() === "";
    const insert = emptyBefore
      ? `"${OPSDESK_SCHEMA}"`
      : trailingComma
        ? ` "${OPSDESK_SCHEMA}",`
        : `, "${OPSDESK_SCHEMA}"`;
    if (i !== keyLine && inner.trim() === "") {
      // `]` alone on its line: the new entry goes on its own line before it, indented like the others.
      const indent = /^(\s*)/.exec(lines[i - 1])?.[1] ?? "  ";
      const prev = stripComment(lines[i - 1]).trimEnd();
      if (!prev.endsWith(",") && !prev.endsWith("[")) {
        lines[i - 1] = lines[i - 1].replace(prev, `${prev},`);
      }
      lines.splice(i, 0, `${indent}"${OPSDESK_SCHEMA}",`);
      return lines.join("\n");
    }
    const head = lines[i].slice(0, close).replace(/\s+$/, "");
    const spacing = lines[i].slice(head.length, close);
    lines[i] = `${head}${insert}${spacing}${lines[i].slice(close)}`;
    return lines.join("\n");
  }
  return null;
}

function stripComment(line: string): string {
  let quoted: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === "\\" && quoted === '"') i++;
      else if (c === quoted) quoted = null;
    } else if (c === '"' || c === "'") quoted = c;
    else if (c === "#") return line.slice(0, i);
  }
  return line;
}
