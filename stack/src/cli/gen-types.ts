// `npm run stack -- gen-types [--schema s]`: types of the running stack's database
// (or of a stack started just for this, when none runs).
import pg from "pg";
import { generateTypes } from "../rest/gen-types.js";
import { loadSchemaCache } from "../rest/schema/index.js";
import type { Logger } from "../shared/log.js";
import { freePort } from "../shared/net.js";
import { startStack } from "../stack.js";
import { runningStack } from "./running.js";

/** Start-up chatter goes to stderr: stdout carries only the types. */
const stderrLogger: Logger = {
  debug: () => {},
  info: (m) => process.stderr.write(`${m}\n`),
  warn: (m) => process.stderr.write(`${m}\n`),
  error: (m) => process.stderr.write(`${m}\n`),
  child: () => stderrLogger,
};

interface GenTypesOptions {
  projectDir: string;
  dataDir?: string;
  schemas: string[];
}

export async function genTypes(options: GenTypesOptions): Promise<string> {
  const url = process.env.DATABASE_URL ?? runningStack(options.projectDir, options.dataDir)?.dbUrl;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 5 });
    try {
      return generateTypes(await loadSchemaCache(pool, options.schemas), options.schemas);
    } finally {
      await pool.end();
    }
  }
  // A stack of its own on free ports: a stack of another checkout may hold config.toml's.
  const stack = await startStack({
    projectDir: options.projectDir,
    port: 0,
    dbPort: await freePort(),
    dataDir: options.dataDir,
    log: stderrLogger,
  });
  try {
    return generateTypes(await loadSchemaCache(stack.ctx.db.admin, options.schemas), options.schemas);
  } finally {
    await stack.stop();
  }
}
