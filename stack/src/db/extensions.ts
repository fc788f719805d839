// Extensions a hosted project has and a project's migrations create: the stack ships
// the SQL interface of those whose code is SQL or whose work it does itself (pg_net,
// pg_cron, pgjwt, pgmq, pg_graphql…: control file + script in db/extensions/), takes
// pgTAP from Debian's package when the machine has it, and writes a placeholder for
// every other extension Supabase ships, whose script fails naming it, why and what to
// do (db/extension-registry.ts, docs/extensions.md). All of it goes into embedded
// Postgres' extension folder at start. A server given by DATABASE_URL needs the files
// copied into its `pg_config --sharedir`/extension.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Logger } from "../shared/log.js";
import { EXTENSIONS, PLACEHOLDER_MARK, PLACEHOLDER_VERSION, placeholderFiles } from "./extension-registry.js";

const SOURCE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "extensions");
/** Where Debian's PostgreSQL packages put extension files (postgresql-15-pgtap…). */
const SYSTEM_SHARE = "/usr/share/postgresql";

/** The extension folder of the embedded Postgres whose server binary is `postgres`. */
export function extensionDirOf(postgres: string): string | undefined {
  const native = path.resolve(path.dirname(postgres), "..");
  return [path.join(native, "share", "postgresql", "extension"), path.join(native, "share", "extension")].find(
    existsSync,
  );
}

/** The control file and scripts of `name` in a Debian PostgreSQL package, newest major first. */
export function systemExtensionFiles(name: string, share = SYSTEM_SHARE): string[] {
  if (!existsSync(share)) return [];
  const majors = readdirSync(share)
    .filter((d) => /^\d+$/.test(d))
    .sort((a, b) => Number(b) - Number(a));
  for (const major of majors) {
    const dir = path.join(share, major, "extension");
    if (!existsSync(path.join(dir, `${name}.control`))) continue;
    return readdirSync(dir)
      .filter((f) => f === `${name}.control` || (f.startsWith(`${name}--`) && f.endsWith(".sql")))
      .map((f) => path.join(dir, f));
  }
  return [];
}

/** A control file the stack wrote as a placeholder (a real one, e.g. a native build, never is). */
function isPlaceholder(file: string): boolean {
  return readFileSync(file, "utf8").startsWith(PLACEHOLDER_MARK);
}

function writeIfChanged(target: string, file: string, text: string): void {
  const destination = path.join(target, file);
  if (existsSync(destination) && readFileSync(destination, "utf8") === text) return;
  writeFileSync(destination, text);
}

/** The stack's own extension files: control files and scripts at the top of db/extensions/. */
function stackFiles(): string[] {
  return readdirSync(SOURCE_DIR).filter(
    (f) => (f.endsWith(".control") || f.endsWith(".sql")) && statSync(path.join(SOURCE_DIR, f)).isFile(),
  );
}

/** Copies `files` into `target`, then writes placeholders where an extension has no real files. */
export function installExtensionFiles(target: string, systemShare = SYSTEM_SHARE): void {
  for (const file of stackFiles()) writeIfChanged(target, file, readFileSync(path.join(SOURCE_DIR, file), "utf8"));
  for (const entry of EXTENSIONS) {
    if (entry.state === "postgres" || entry.state === "stack") continue;
    const control = path.join(target, `${entry.name}.control`);
    const real = existsSync(control) && !isPlaceholder(control);
    if (entry.state === "system" && !real) {
      const files = systemExtensionFiles(entry.name, systemShare);
      for (const file of files) writeIfChanged(target, path.basename(file), readFileSync(file, "utf8"));
      if (files.length) continue;
    }
    if (real) continue;
    const { control: controlText, script } = placeholderFiles(entry);
    writeIfChanged(target, `${entry.name}.control`, controlText);
    writeIfChanged(target, `${entry.name}--${PLACEHOLDER_VERSION}.sql`, script);
  }
}

/**
 * Puts the extension files where the embedded Postgres that runs from `postgres` looks
 * for them (when they differ): the package's, or the copy made for the postgres user
 * (db/postgres-user).
 */
export function installStackExtensions(postgres: string, log: Logger): void {
  const target = extensionDirOf(postgres);
  if (!target) {
    log.warn("embedded Postgres has no extension folder: the stack's extensions will not be available");
    return;
  }
  try {
    installExtensionFiles(target);
  } catch (err) {
    // A read-only install still starts; only `create extension` of the stack's own will fail.
    log.warn(`cannot install the stack's extensions into ${target}`, err);
  }
}
