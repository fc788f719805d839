// `opsdesk-stack [start|reset|status|gen-types|test db|worlds] [--project-dir DIR] [--port N] [--db-port N] [--data-dir DIR] [--require-api-key]`
import { parseArgs } from "node:util";
import { deriveKeys } from "../api-keys.js";
import { loadConfig } from "../config/index.js";
import { JwtKeys } from "../shared/jwt.js";
import { createLogger } from "../shared/log.js";
import { type RunningStack, startStack } from "../stack.js";
import { serveWorldHost } from "../worlds/serve.js";
import { genTypes } from "./gen-types.js";
import { runningStack } from "./running.js";
import { runDbTests, TestDbError } from "./test-db.js";

const USAGE = `Usage: opsdesk-stack [command] [options]

Commands:
  start       start Postgres, migrate, seed a fresh database and serve the API (default)
  reset       wipe the database, then migrate and seed it again
  status      show whether the stack runs, its URLs and keys
  gen-types   print TypeScript Database types (--schema NAME, repeatable; default public)
  test db [path …]
              run the pgTAP tests under supabase/tests (or the paths) with pg_prove against
              the running stack's database (--db-url URL: another one), as \`supabase test db\`
  worlds      the QA kit's world host (docs/qa.md): --state-dir DIR, --spares N, --idle-ms N;
              started by the kit itself, rarely by hand

Options:
  --project-dir DIR   folder holding supabase/ (default: current directory)
  --port N            API port (default: [api] port in config.toml, 54321)
  --db-port N         Postgres port (default: [db] port in config.toml, 54322)
  --data-dir DIR      where data lives (default: <project>/.stack)
  --require-api-key   refuse requests without an API key (401), as hosted Supabase does;
                      by default they go on as anon, as with the Supabase CLI
  -h, --help          this help
Environment: DATABASE_URL uses an existing Postgres instead of starting one;
STACK_REQUIRE_API_KEY=1 is --require-api-key; STACK_CORS_ORIGINS=a,b allows only these
origins by CORS (default: any, as the CLI).`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "project-dir": { type: "string" },
    port: { type: "string" },
    "db-port": { type: "string" },
    "data-dir": { type: "string" },
    "require-api-key": { type: "boolean" },
    schema: { type: "string", multiple: true },
    "db-url": { type: "string" },
    debug: { type: "boolean" },
    "state-dir": { type: "string" },
    spares: { type: "string" },
    "idle-ms": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

function intOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) fail(`--${name} must be a port number, got "${value}"`);
  return n;
}

const command = positionals[0] ?? "start";
const projectDir = values["project-dir"] ?? process.cwd();
const options = {
  projectDir,
  port: intOption("port", values.port),
  dbPort: intOption("db-port", values["db-port"]),
  dataDir: values["data-dir"],
  requireApiKey: values["require-api-key"],
};

function statusLines(s: Pick<RunningStack, "url" | "dbUrl" | "keys" | "config">): string {
  const rows: [string, string][] = [
    ["API URL", s.url],
    ["REST URL", `${s.url}/rest/v1`],
    ["Realtime URL", `${s.url.replace(/^http/, "ws")}/realtime/v1`],
    ["Storage URL", `${s.url}/storage/v1`],
    ["Functions URL", `${s.url}/functions/v1`],
    ["Mail (inbox)", `${s.url}/_mail`],
    ["DB URL", s.dbUrl],
    ["JWT secret", s.config.auth.jwt_secret],
    ["Publishable key", s.keys.publishable],
    ["Secret key", s.keys.secret],
    ["anon key", s.keys.anon],
    ["service_role key", s.keys.serviceRole],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padStart(width)}: ${v}`).join("\n");
}

async function start(): Promise<void> {
  const launch = async (reset: boolean) => {
    try {
      return await startStack({ ...options, reset });
    } catch (err) {
      fail(`Could not start the stack:\n${(err as Error).message}`);
    }
  };
  // Signals are heard from the first moment: one that arrives while the stack starts (a
  // supervisor giving up, Ctrl+C) ends it once it is up, instead of killing this process
  // with Postgres and the workers half started.
  let stack: RunningStack | undefined;
  let busy = true;
  let stopWanted = false;
  const stop = async () => {
    stopWanted = true;
    if (busy || !stack) return;
    busy = true;
    process.stdout.write("Stopping…\n");
    await stack.stop();
    process.exit(0);
  };
  const settle = async () => {
    busy = false;
    if (stopWanted) await stop();
  };
  // `opsdesk-stack reset` from another shell: restart on a wiped database, same ports.
  const reset = async () => {
    if (busy || !stack) return;
    busy = true;
    process.stdout.write("Resetting the database…\n");
    await stack.stop();
    stack = await launch(true);
    process.stdout.write(
      `Database reset, migrated and seeded; serving again (${Math.round(stack.timings.totalMs)} ms).\n`,
    );
    await settle();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  process.on("SIGUSR2", reset);

  stack = await launch(false);
  const t = stack.timings;
  process.stdout.write(
    `\nOpsdesk local stack is running (${t.fresh ? "fresh database" : "existing database"}, ready in ${Math.round(t.totalMs)} ms).\n\n${statusLines(stack)}\n\n`,
  );
  await settle();
}

async function resetCommand(): Promise<void> {
  const running = runningStack(projectDir, options.dataDir);
  if (!running) {
    const stack = await startStack({ ...options, reset: true }).catch((err: Error) =>
      fail(`Reset failed:\n${err.message}`),
    );
    process.stdout.write(`Database reset, migrated and seeded (${Math.round(stack.timings.totalMs)} ms).\n`);
    await stack.stop();
    return;
  }
  process.kill(running.pid, "SIGUSR2");
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    const now = runningStack(projectDir, options.dataDir);
    if (now && now.startedAt !== running.startedAt) {
      process.stdout.write(`Database reset; the running stack (pid ${now.pid}) serves it at ${now.url}.\n`);
      return;
    }
  }
  fail(`The running stack (pid ${running.pid}) did not come back within 2 minutes; see its output.`);
}

async function status(): Promise<void> {
  const config = loadConfig(projectDir, options);
  const info = runningStack(projectDir, options.dataDir);
  if (!info) fail("The stack is not running.");
  const health = await fetch(`${info.url}/auth/v1/health`).then(
    (r) => r.status,
    () => 0,
  );
  const keys = await deriveKeys(
    config.auth.jwt_secret,
    await JwtKeys.create(config.auth.jwt_secret, config.auth.signing_keys),
  );
  process.stdout.write(
    `Stack pid ${info.pid}: ${health === 200 ? "healthy" : `not answering (health ${health})`}\n\n${statusLines({ url: info.url, dbUrl: info.dbUrl, keys, config })}\n`,
  );
}

async function testDb(): Promise<void> {
  if (positionals[1] !== "db") fail(`Unknown command "test ${positionals[1] ?? ""}": did you mean "test db"?`);
  const dbUrl = values["db-url"] ?? runningStack(projectDir, options.dataDir)?.dbUrl;
  if (!dbUrl) fail("The stack is not running: start it with `opsdesk-stack start` (or give --db-url).");
  try {
    process.exitCode = await runDbTests({ projectDir, dbUrl, paths: positionals.slice(2), verbose: values.debug });
  } catch (err) {
    if (err instanceof TestDbError) fail(err.message);
    throw err;
  }
}

if (values.help) {
  process.stdout.write(`${USAGE}\n`);
} else if (command === "start") {
  await start();
} else if (command === "reset") {
  await resetCommand();
} else if (command === "status") {
  await status();
} else if (command === "worlds") {
  const stateDir = values["state-dir"] ?? fail("worlds needs --state-dir DIR");
  const spares = Number(values.spares ?? 1);
  const idleMs = Number(values["idle-ms"] ?? 10_000);
  if (!Number.isInteger(spares) || spares < 0) fail(`--spares must be a whole number, got "${values.spares}"`);
  if (!Number.isInteger(idleMs) || idleMs < 0) fail(`--idle-ms must be a whole number, got "${values["idle-ms"]}"`);
  await serveWorldHost({ projectDir, stateDir, spares, idleMs, log: createLogger("worlds") }).catch((err: Error) =>
    fail(err.message),
  );
} else if (command === "test") {
  await testDb();
} else if (command === "gen-types") {
  process.stdout.write(await genTypes({ projectDir, dataDir: options.dataDir, schemas: values.schema ?? ["public"] }));
} else {
  fail(`Unknown command "${command}".\n\n${USAGE}`);
}
