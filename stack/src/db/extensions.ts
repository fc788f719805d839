// pg_net and pg_cron exist in every hosted Supabase project, so a project's
// migrations say `create extension if not exists pg_net` and mean it. The stack
// ships each extension's SQL interface as a real extension (control file + script
// in db/extensions/) installed into embedded Postgres' extension folder, so that
// statement creates the same schema, tables and functions here; the stack's own
// workers (platform/) do what the C background workers do. A server given by
// DATABASE_URL needs the files copied into its `pg_config --sharedir`/extension.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Logger } from "../shared/log.js";

const SOURCE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "extensions");

/** The extension folder of the embedded Postgres whose server binary is `postgres`. */
function extensionDirOf(postgres: string): string | undefined {
  const native = path.resolve(path.dirname(postgres), "..");
  return [path.join(native, "share", "postgresql", "extension"), path.join(native, "share", "extension")].find(
    existsSync,
  );
}

/**
 * Copies the stack's extension files where the embedded Postgres that runs from
 * `postgres` looks for them (when they differ): the package's, or the copy made for
 * the postgres user (db/postgres-user).
 */
export function installStackExtensions(postgres: string, log: Logger): void {
  const target = extensionDirOf(postgres);
  if (!target) {
    log.warn("embedded Postgres has no extension folder: pg_net and pg_cron will not be available");
    return;
  }
  // Folders hold the native extensions, installed by extensions/native/index.ts.
  for (const entry of readdirSync(SOURCE_DIR, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = entry.name;
    const text = readFileSync(path.join(SOURCE_DIR, file), "utf8");
    const destination = path.join(target, file);
    if (existsSync(destination) && readFileSync(destination, "utf8") === text) continue;
    try {
      writeFileSync(destination, text);
    } catch (err) {
      // A read-only install still starts; only `create extension pg_net/pg_cron` will fail.
      log.warn(`cannot install ${file} into ${target}: pg_net and pg_cron will not be available`, err);
      return;
    }
  }
}
