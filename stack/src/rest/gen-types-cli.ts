// `npm run stack -- gen-types [--schema s]`: types of the running stack's database
// (or of a stack started just for this, when none runs).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../config/index.js";
import type { Logger } from "../shared/log.js";
import { defaultDataDir, startStack } from "../stack.js";
import { generateTypes } from "./gen-types.js";
import { loadSchemaCache } from "./schema/index.js";

/** Start-up chatter goes to stderr: stdout carries only the types. */
const stderrLogger: Logger = {
  debug: () => {},
  info: (m) => process.stderr.write(`${m}\n`),
  warn: (m) => process.stderr.write(`${m}\n`),
  error: (m) => process.stderr.write(`${m}\n`),
  child: () => stderrLogger,
};

export interface GenTypesOptions {
  projectDir: string;
  dataDir?: string;
  schemas: string[];
}

function runningDbUrl(options: GenTypesOptions): string | undefined {
  const config = loadConfig(options.projectDir);
  const file = path.join(path.resolve(options.dataDir ?? defaultDataDir(config)), "stack.json");
  if (!existsSync(file)) return undefined;
  const info = JSON.parse(readFileSync(file, "utf8")) as { pid: number; dbUrl: string };
  try {
    process.kill(info.pid, 0);
    return info.dbUrl;
  } catch {
    return undefined;
  }
}

export async function genTypes(options: GenTypesOptions): Promise<string> {
  const url = process.env.DATABASE_URL ?? runningDbUrl(options);
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 5 });
    try {
      return generateTypes(await loadSchemaCache(pool, options.schemas), options.schemas);
    } finally {
      await pool.end();
    }
  }
  const stack = await startStack({
    projectDir: options.projectDir,
    port: 0,
    dataDir: options.dataDir,
    log: stderrLogger,
  });
  try {
    return generateTypes(await loadSchemaCache(stack.ctx.db.admin, options.schemas), options.schemas);
  } finally {
    await stack.stop();
  }
}
