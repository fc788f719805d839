// One QA world (docs/qa.md): a database cloned from the project's template, its own
// storage folder, its own services and gateway on a port of its own, its own clock,
// faults and platform workers (pg_net, pg_cron). Nothing one world writes is seen by
// another; every service's state (schema cache, realtime hub and replication, the mail
// catcher, rate limits) is the world's own, since each world builds its own services.
import { randomBytes } from "node:crypto";
import { link, mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import type { ApiKeys } from "../api-keys.js";
import { startSession } from "../auth/sessions.js";
import { createAuthState } from "../auth/state.js";
import type { StackConfig } from "../config/index.js";
import type { WorldDatabaseControl } from "../db/extensions/native/world/control.js";
import { type PlatformWorkers, startPlatformWorkers } from "../platform/index.js";
import { OffsetClock } from "../shared/clock.js";
import type { Logger } from "../shared/log.js";
import { quoteIdent } from "../shared/sql.js";
import { FaultTable } from "./faults.js";
import type { WorldInfo } from "./protocol.js";
import { type ServedDatabase, serveDatabase } from "./serving.js";
import { databaseUrl, type Template } from "./template.js";

/** What every world of a host shares: the server, the template, the keys. */
export interface WorldSetup {
  serverUrl: string;
  /** Superuser connections to the server's `postgres` database (CREATE/DROP DATABASE). */
  admin: pg.Pool;
  config: StackConfig;
  keys: ApiKeys;
  template: Template;
  /** The template's storage folder (seeded objects), linked into each world's. */
  templateStorage: string;
  /** Where worlds keep their files. */
  worldsDir: string;
  /** Makes the database's clock control file, or null where the clock cannot move (no world library). */
  databaseControl: ((oid: number) => Promise<WorldDatabaseControl>) | null;
  log: Logger;
}

/** Hard-links every file of `from` into `to` (objects are immutable versions: storage/disk.ts). */
async function linkTree(from: string, to: string): Promise<void> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch {
    return;
  }
  await mkdir(to, { recursive: true });
  await Promise.all(
    entries.map((entry) => {
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      return entry.isDirectory() ? linkTree(source, target) : link(source, target);
    }),
  );
}

/**
 * Where a world's making went (ms), for bench/qa: the clone (CREATE DATABASE and its settings)
 * and, at the same time, the services (keys, services and the gateway's routes built); then,
 * once both are done, the gateway (session listener, services started, listening) and the
 * platform workers (pg_net, pg_cron). A world takes about max(clone, services) + the rest.
 */
export interface WorldPhases {
  clone: number;
  services: number;
  gateway: number;
  platform: number;
}

export class World {
  private destroyed?: Promise<void>;
  /** Filled in by create(). */
  phasesMs: WorldPhases = { clone: 0, services: 0, gateway: 0, platform: 0 };

  private constructor(
    readonly id: string,
    readonly database: string,
    readonly url: string,
    readonly dbUrl: string,
    readonly clock: OffsetClock,
    readonly createdInMs: number,
    readonly faults: FaultTable,
    private readonly setup: WorldSetup,
    private readonly served: ServedDatabase,
    private readonly platform: PlatformWorkers,
    private readonly control: WorldDatabaseControl | null,
    private readonly dir: string,
  ) {}

  static async create(setup: WorldSetup): Promise<World> {
    const started = performance.now();
    const id = randomBytes(6).toString("hex");
    const database = `w_${id}`;
    const dir = path.join(setup.worldsDir, id);
    const log = setup.log.child(`world ${id}`);
    let control = null as WorldDatabaseControl | null;
    let served: ServedDatabase | undefined;
    let platform: PlatformWorkers | undefined;
    const { admin, template } = setup;
    // The clone and the world's storage folder are made while its services are built (serving.ts).
    let cloned = 0;
    const clone = async () => {
      await admin.query(
        `create database ${quoteIdent(database)} template ${quoteIdent(template.database)} strategy file_copy`,
      );
      const {
        rows: [{ oid }],
      } = await admin.query<{ oid: number }>("select oid::int as oid from pg_database where datname = $1", [database]);
      const settings = [...template.settings];
      if (setup.databaseControl) {
        // Before the first connection: each backend maps its world's file as it starts.
        control = await setup.databaseControl(oid);
        settings.push({ name: "session_preload_libraries", value: "opsdesk_world" });
      }
      if (settings.length) {
        const { rows } = await admin.query<{ statements: string }>(
          `select string_agg(pg_catalog.format('alter database %I set %I = %L', $1::text, n, v), '; ') as statements
           from unnest($2::text[], $3::text[]) as t(n, v)`,
          [database, settings.map((s) => s.name), settings.map((s) => s.value)],
        );
        await admin.query(rows[0].statements);
      }
      cloned = performance.now();
      await linkTree(setup.templateStorage, path.join(dir, "storage"));
      await mkdir(dir, { recursive: true });
    };
    try {
      const dbUrl = databaseUrl(setup.serverUrl, database);
      const clock = new OffsetClock();
      const faults = new FaultTable();
      const cloning = clone();
      const serving = serveDatabase({
        dbUrl,
        dir,
        config: setup.config,
        keys: setup.keys,
        schemaCache: template.schemaCache,
        clock,
        faults,
        log,
        databaseReady: cloning,
        // pg_cron keeps the database a job belongs to by name: the template's jobs are this world's.
        beforeServices: async (db) => {
          const { rows: cron } = await db.admin.query("select to_regclass('cron.job') is not null as present");
          if (cron[0].present) {
            await db.admin.query("update cron.job set database = current_database() where database = $1", [
              template.database,
            ]);
          }
        },
      });
      // Both settle before anything is undone (a failed clone must not be dropped while still being made).
      const [made, serve] = await Promise.allSettled([cloning, serving]);
      if (serve.status === "fulfilled") served = serve.value;
      if (made.status === "rejected") throw made.reason;
      if (serve.status === "rejected") throw serve.reason;
      const { ctx, url } = serve.value;
      const listening = performance.now();
      platform = await startPlatformWorkers(ctx);
      const world = new World(
        id,
        database,
        url,
        dbUrl,
        clock,
        performance.now() - started,
        faults,
        setup,
        serve.value,
        platform,
        control,
        dir,
      );
      const done = performance.now();
      world.phasesMs = {
        clone: cloned - started,
        services: serve.value.phasesMs.services,
        gateway: serve.value.phasesMs.gateway,
        platform: done - listening,
      };
      return world;
    } catch (err) {
      await platform?.stop().catch(() => {});
      await served?.close();
      await admin.query(`drop database if exists ${quoteIdent(database)} with (force)`).catch(() => {});
      await control?.remove().catch(() => {});
      await rm(dir, { recursive: true, force: true }).catch(() => {});
      throw err;
    }
  }

  info(): WorldInfo {
    return {
      id: this.id,
      url: this.url,
      dbUrl: this.dbUrl,
      anonKey: this.setup.keys.anon,
      serviceRoleKey: this.setup.keys.serviceRole,
      databaseClock: this.control !== null,
      createdInMs: this.createdInMs,
    };
  }

  /**
   * Moves the world's clock forward: tokens, links and signed URLs age, the database's
   * now() jumps, realtime re-checks token expiry, and every cron job whose next run was
   * passed runs once; resolves when those runs have ended.
   */
  async advanceClock(ms: number): Promise<{ offsetMs: number; nowMs: number }> {
    this.clock.advance(ms);
    await this.control?.setClockOffset(this.clock.offsetMs);
    for (const s of this.served.services) s.clockMoved?.();
    await this.platform.cron.clockMoved();
    return { offsetMs: this.clock.offsetMs, nowMs: this.clock.now() };
  }

  /** Every top-level statement of the world's database waits `ms` first (0: none). */
  async slowDatabase(ms: number): Promise<void> {
    if (!this.control) throw new Error("this world's database cannot be slowed: the world library is not loaded");
    await this.control.setStatementDelay(ms);
  }

  dropRealtime(): number {
    return this.served.services.reduce((n, s) => n + (s.dropConnections?.() ?? 0), 0);
  }

  /** A signed-in session for the user, as a password sign-in answers it (the kit's signIn). */
  async session(userId: string): Promise<Record<string, unknown>> {
    const ctx = { ...this.served.ctx, auth: createAuthState(this.served.ctx.config) };
    const client = await this.served.ctx.db.admin.connect();
    try {
      await client.query("begin");
      const session = await startSession(ctx, client, userId, "password", { userAgent: "opsdesk-stack QA kit" });
      await client.query("commit");
      return session;
    } catch (err) {
      await client.query("rollback").catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  /** Stops the world's services and drops its database and files. */
  destroy(): Promise<void> {
    this.destroyed ??= (async () => {
      const { admin, log } = this.setup;
      await this.platform.stop().catch((e) => log.warn("platform workers stop", e));
      await this.served.close();
      // A database with a replication slot cannot be dropped (realtime made one if a channel subscribed).
      await admin.query(
        "select pg_terminate_backend(active_pid, 5000) from pg_replication_slots where database = $1 and active",
        [this.database],
      );
      await admin.query("select pg_drop_replication_slot(slot_name) from pg_replication_slots where database = $1", [
        this.database,
      ]);
      await admin.query(`drop database if exists ${quoteIdent(this.database)} with (force)`);
      await this.control?.remove();
      await rm(this.dir, { recursive: true, force: true });
    })();
    return this.destroyed;
  }
}
