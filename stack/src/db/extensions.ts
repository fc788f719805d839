// Extensions a hosted project has and a project's migrations create: the stack ships
// the SQL interface of those whose code is SQL or whose work it does itself (pg_net,
// pg_cron, pgjwt, pgmq, pg_graphql…: control file + script in db/extensions/), takes
// pgTAP from Debian's package when the machine has it, and writes a placeholder for
// every other extension Supabase ships, whose script fails naming it, why and what to
// do (db/extension-registry.ts, docs/extensions.md). All of it goes into embedded
// Postgres' extension folder at start, and into the extension folder of a server given
// by DATABASE_URL when that folder is on this machine and writable (else the start-up
// log says what to copy; docs/extensions.md).
import {
  accessSync,
  constants,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";
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

/**
 * Debian installs some extensions (PostGIS) as `<name>-<major>.control`, and its
 * alternatives link `<name>.control` to it at install time — but never over a file that
 * is not a link, such as a placeholder written before the package was installed.
 */
function debianControl(files: string[], name: string): string | undefined {
  const versioned = new RegExp(`^${name.replace(/[^a-z0-9_]/g, "\\$&")}-\\d+\\.control$`);
  return files.filter((f) => versioned.test(f)).sort((a, b) => b.localeCompare(a, "en", { numeric: true }))[0];
}

/**
 * Copies the stack's files into `target`, then writes placeholders where an extension
 * has no real files. A real extension the folder has is kept (the link or file Debian
 * installed, PostGIS on a PostgreSQL 15), and a placeholder written before it was
 * installed gives way to it.
 */
export function installExtensionFiles(target: string, systemShare = SYSTEM_SHARE): void {
  for (const file of stackFiles()) writeIfChanged(target, file, readFileSync(path.join(SOURCE_DIR, file), "utf8"));
  const files = readdirSync(target);
  for (const entry of EXTENSIONS) {
    if (entry.state === "postgres" || entry.state === "stack") continue;
    const control = path.join(target, `${entry.name}.control`);
    const placeholderScript = path.join(target, `${entry.name}--${PLACEHOLDER_VERSION}.sql`);
    // A link is the system's (Debian's alternatives): never written through, even dangling.
    const link = lstatSync(control, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
    const real = link || (existsSync(control) && !isPlaceholder(control));
    if (entry.state === "system" && !real) {
      const system = systemExtensionFiles(entry.name, systemShare);
      for (const file of system) writeIfChanged(target, path.basename(file), readFileSync(file, "utf8"));
      if (system.length) continue;
    }
    const debian = real ? undefined : debianControl(files, entry.name);
    if (debian) {
      rmSync(control, { force: true });
      symlinkSync(debian, control); // what Debian's alternatives would have linked
    }
    if (real || debian) {
      rmSync(placeholderScript, { force: true });
      continue;
    }
    const { control: controlText, script } = placeholderFiles(entry);
    writeIfChanged(target, `${entry.name}.control`, controlText);
    writeIfChanged(target, path.basename(placeholderScript), script);
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

/**
 * The same files for a server given by DATABASE_URL: written into its extension folder
 * when the folder is on this machine and writable (a local server of the user's, as
 * root or its owner), where a real extension the server has (PostGIS on a PostgreSQL 15)
 * is kept and only the missing ones get a placeholder. Otherwise the server keeps what
 * it has, and the log names the folder the stack's files must be copied into.
 */
export async function installServerExtensions(client: pg.Client, log: Logger): Promise<void> {
  let target: string | undefined;
  try {
    const { rows } = await client.query<{ dir: string }>(
      "select setting || '/extension' as dir from pg_catalog.pg_config() where name = 'SHAREDIR'",
    );
    target = rows[0]?.dir;
  } catch {
    // pg_config() is for superusers: the folder cannot be known from here.
  }
  const hint = `copy stack/src/db/extensions/*.{control,sql} into the server's $(pg_config --sharedir)/extension`;
  if (!target || !existsSync(target)) {
    log.warn(`the database server's extension folder is not on this machine: ${hint} (docs/extensions.md)`);
    return;
  }
  try {
    accessSync(target, constants.W_OK);
    installExtensionFiles(target);
  } catch (err) {
    log.warn(`cannot install the stack's extensions into ${target}: ${hint} (docs/extensions.md)`, err);
  }
}
