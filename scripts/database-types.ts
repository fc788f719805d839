// The console's `Database` types (src/resources/database.types.ts): every schema the console
// calls — the demo's `public` (supabase/migrations) and Opsdesk's `opsdesk` (install/sql) —
// read by the stack's type generator from a stack started just for this on a fresh database,
// so a running stack's older data cannot leak into them. The console's own calls are typed by
// this file (docs/architecture.md "Typed calls"): a migration that renames a function, an
// argument or a column the console uses fails `npm run typecheck` once this is regenerated.
// `npm run types:gen` rewrites the file; src/resources/database.types.stack.test.ts fails
// while the committed file differs from what this produces.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { applyInstall } from "../install/database.js";
import { generateTypes } from "../stack/src/rest/gen-types.js";
import { loadSchemaCache } from "../stack/src/rest/schema/index.js";
import type { Logger } from "../stack/src/shared/log.js";
import { freePort } from "../stack/src/shared/net.js";
import { startStack } from "../stack/src/stack.js";

export const REPO_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const DATABASE_TYPES_FILE = path.join(REPO_ROOT, "src", "resources", "database.types.ts");
export const REGENERATE_COMMAND = "npm run types:gen";
/** The schemas the console calls through supabase-js (src/providers/). */
export const CONSOLE_SCHEMAS = ["public", "opsdesk"];

const HEADER = `// Generated from supabase/migrations and install/sql by \`${REGENERATE_COMMAND}\` (scripts/database-types.ts); do not edit.\n`;

/** Start-up chatter goes to stderr: the file is the only output. */
const quiet: Logger = {
  debug: () => {},
  info: () => {},
  warn: (m) => process.stderr.write(`${m}\n`),
  error: (m) => process.stderr.write(`${m}\n`),
  child: () => quiet,
};

/** The file's content as the migrations and Opsdesk's install files make it today. */
export async function generateDatabaseTypes(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-types-"));
  try {
    const stack = await startStack({
      projectDir: REPO_ROOT,
      dataDir,
      port: 0,
      dbPort: await freePort(),
      databaseUrl: undefined,
      unsafeFast: true,
      log: quiet,
    });
    try {
      await applyInstall(stack.dbUrl);
      return HEADER + generateTypes(await loadSchemaCache(stack.ctx.db.admin, CONSOLE_SCHEMAS), CONSOLE_SCHEMAS);
    } finally {
      await stack.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(DATABASE_TYPES_FILE, await generateDatabaseTypes());
  process.stdout.write(`${path.relative(REPO_ROOT, DATABASE_TYPES_FILE)} written\n`);
}
