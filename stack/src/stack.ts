// Starts the whole local stack: Postgres, base schema, migrations, seed, services, gateway.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { type ApiKeys, deriveKeys } from "./api-keys.js";
import { type ConfigOverrides, loadConfig, type StackConfig } from "./config/index.js";
import type { Service, StackContext } from "./context.js";
import { type NativeExtensions, startNativeExtensions } from "./db/extensions/native/index.js";
import { type Database, openDatabase } from "./db/index.js";
import {
  applyApiPrivileges,
  applyMigrations,
  applySeeds,
  installBase,
  isFresh,
  listMigrations,
  listSeedFiles,
  MigrationError,
} from "./db/migrate.js";
import { type PostgresServer, removeCluster, startEmbeddedPostgres, useExistingPostgres } from "./db/postgres.js";
import { SessionLiveness } from "./db/sessions.js";
import { buildGateway, gatewayOptions } from "./gateway.js";
import { type PlatformWorkers, startPlatformWorkers } from "./platform/index.js";
import { createServices } from "./services.js";
import { SYSTEM_CLOCK } from "./shared/clock.js";
import { JwtKeys } from "./shared/jwt.js";
import { createLogger, type Logger } from "./shared/log.js";

export interface StackOptions extends ConfigOverrides {
  /** A folder holding `supabase/` (or the `supabase/` folder itself). */
  projectDir: string;
  /** Where Postgres data and stored objects live; default `<project>/.stack`. */
  dataDir?: string;
  /** Use this server instead of starting one (DATABASE_URL). */
  databaseUrl?: string;
  /** Start from an empty database: wipe the data (reset). */
  reset?: boolean;
  /**
   * Refuse requests without an API key (401), as hosted Supabase does; default off, as
   * the CLI (env STACK_REQUIRE_API_KEY=1).
   */
  requireApiKey?: boolean;
  /** Origins CORS allows; default any (`*`), as the CLI (env STACK_CORS_ORIGINS, comma-separated). */
  corsOrigins?: string[];
  /** Tests only: fsync off. */
  unsafeFast?: boolean;
  log?: Logger;
}

export interface RunningStack {
  url: string;
  dbUrl: string;
  keys: ApiKeys;
  config: StackConfig;
  ctx: StackContext;
  /** The mounted services, each holding its own state (tests inspect it). */
  services: Service[];
  app: FastifyInstance;
  /** pg_net's and pg_cron's workers. */
  platform: PlatformWorkers;
  /** The bridge and builds of the native extensions (vector, http, plv8). */
  native: NativeExtensions;
  timings: { postgresMs: number; migrateMs: number; totalMs: number; fresh: boolean };
  stop(): Promise<void>;
}

/** Installs the base, applies migrations and, on a fresh database, the seeds. */
export async function prepareDatabase(url: string, config: StackConfig, log: Logger): Promise<{ fresh: boolean }> {
  const connect = async () => {
    const client = new pg.Client({ connectionString: url, application_name: "opsdesk-stack-migrate" });
    await client.connect();
    return client;
  };
  const base = await connect();
  try {
    await installBase(base, log);
  } finally {
    await base.end();
  }
  // Migrations and seeds get a connection of their own, opened once the base exists:
  // its session starts from the role's settings (the search_path with `extensions`),
  // which is where each file's RESET ALL returns to, as with the CLI.
  const client = await connect();
  try {
    const fresh = await isFresh(client);
    if (fresh) await applyApiPrivileges(client, config);
    await applyMigrations(client, config, log);
    if (fresh) await applySeeds(client, config, log);
    return { fresh };
  } finally {
    await client.end();
  }
}

/** Deletes a data directory, with a cluster kept outside it for the postgres user (db/postgres-user). */
export async function removeDataDir(dataDir: string): Promise<void> {
  await removeCluster(path.join(dataDir, "db"));
  rmSync(dataDir, { recursive: true, force: true });
}

export function defaultDataDir(config: StackConfig): string {
  return path.join(path.dirname(config.supabaseDir), ".stack");
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const started = performance.now();
  const log = options.log ?? createLogger("stack");
  const config = loadConfig(options.projectDir, options);
  for (const key of config.ignored)
    log.debug(`config.toml: [${key}] is ignored by the local stack (the Supabase CLI reads it)`);
  const dataDir = path.resolve(options.dataDir ?? defaultDataDir(config));
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;

  if (options.reset && !databaseUrl) await removeCluster(path.join(dataDir, "db"));
  mkdirSync(dataDir, { recursive: true });

  const server: PostgresServer = databaseUrl
    ? await useExistingPostgres(databaseUrl, log)
    : await startEmbeddedPostgres({
        dataDir: path.join(dataDir, "db"),
        port: config.db.port,
        log,
        unsafeFast: options.unsafeFast,
      });
  const postgresMs = performance.now() - started;

  let db: Database | undefined;
  let native: NativeExtensions | undefined;
  let services: Service[] = [];
  let app: FastifyInstance | undefined;
  let platform: PlatformWorkers | undefined;
  let sessions: SessionLiveness | undefined;
  try {
    // Before the migrations: they may create these extensions, and http/plv8 run through the bridge.
    const projectSql = [...listMigrations(config).map((m) => m.file), ...listSeedFiles(config)].map((f) =>
      readFileSync(f, "utf8"),
    );
    native = await startNativeExtensions({ url: server.url, projectSql, log });
    const { fresh } = await prepareDatabase(server.url, config, log);
    const migrateMs = performance.now() - started - postgresMs;
    db = openDatabase(server.url, {}, log);
    const jwt = await JwtKeys.create(config.auth.jwt_secret, config.auth.signing_keys);
    const keys = await deriveKeys(config.auth.jwt_secret, jwt);
    sessions = new SessionLiveness(db.admin, db.listen);
    await sessions.start();
    const ctx: StackContext = {
      config,
      db,
      jwt,
      keys,
      log,
      dataDir,
      clock: SYSTEM_CLOCK,
      sessions,
      hooks: {
        reloadSchema: async () => {
          await Promise.all(services.map((s) => s.reloadSchema?.()));
        },
      },
    };
    services = createServices(ctx);
    app = await buildGateway(ctx, services, gatewayOptions(options));
    for (const s of services) await s.start?.();
    await app.listen({ host: "127.0.0.1", port: config.api.port });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : config.api.port;
    const url = `http://127.0.0.1:${port}`;
    if (port !== config.api.port) {
      // Port 0 asked for any free port: issuer URLs and links must use the real one.
      config.api.port = port;
      config.api.external_url = url;
    }
    platform = await startPlatformWorkers(ctx);
    const runningPlatform = platform;
    writeFileSync(
      path.join(dataDir, "stack.json"),
      JSON.stringify({ pid: process.pid, url, dbUrl: server.url, startedAt: new Date().toISOString() }, null, 2),
    );
    const runningApp = app;
    const runningDb = db;
    const runningNative = native;
    const runningSessions = sessions;
    return {
      url,
      dbUrl: server.url,
      keys,
      config,
      ctx,
      services,
      app: runningApp,
      platform: runningPlatform,
      native: runningNative,
      timings: { postgresMs, migrateMs, totalMs: performance.now() - started, fresh },
      stop: async () => {
        await runningPlatform.stop().catch((e) => log.warn("platform workers stop", e));
        for (const s of [...services].reverse()) await s.stop?.().catch((e) => log.warn(`${s.name} stop`, e));
        await runningApp.close();
        await runningSessions.stop().catch((e) => log.warn("session listener stop", e));
        await runningDb.close();
        await runningNative.close().catch((e) => log.warn("native extensions bridge stop", e));
        await server.stop();
        rmSync(path.join(dataDir, "stack.json"), { force: true });
      },
    };
  } catch (err) {
    await platform?.stop().catch(() => {});
    for (const s of services) await s.stop?.().catch(() => {});
    await app?.close().catch(() => {});
    await sessions?.stop().catch(() => {});
    await db?.close().catch(() => {});
    await native?.close().catch(() => {});
    await server.stop().catch(() => {});
    // As `supabase start` on a new database: a failed first start leaves no half-made
    // database behind, so the next start runs every file again (docs/migrations.md).
    if (server.created && !options.reset && err instanceof MigrationError) {
      await removeCluster(path.join(dataDir, "db")).catch(() => {});
    }
    throw err;
  }
}
