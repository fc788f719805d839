// The console's `Database` types (src/resources/database.types.ts), generated from
// supabase/migrations by the stack's `gen-types` on a stack started just for this on a
// fresh database, so a running stack's older data cannot leak into them.
// `npm run types:gen` rewrites the file; src/resources/database.types.stack.test.ts fails
// while the committed file differs from what this produces.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";

export const REPO_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const DATABASE_TYPES_FILE = path.join(REPO_ROOT, "src", "resources", "database.types.ts");
export const REGENERATE_COMMAND = "npm run types:gen";

const HEADER = `// Generated from supabase/migrations by \`${REGENERATE_COMMAND}\` (scripts/database-types.ts); do not edit.\n`;

/** The file's content as the migrations make it today. */
export async function generateDatabaseTypes(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-types-"));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        path.join(REPO_ROOT, "stack", "bin", "opsdesk-stack.js"),
        "gen-types",
        "--project-dir",
        REPO_ROOT,
        "--data-dir",
        dataDir,
      ],
      { env, maxBuffer: 16 * 1024 * 1024 },
    );
    return HEADER + stdout;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(DATABASE_TYPES_FILE, await generateDatabaseTypes());
  process.stdout.write(`wrote ${path.relative(REPO_ROOT, DATABASE_TYPES_FILE)}\n`);
}
