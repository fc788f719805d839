// The world host (docs/qa.md): one PostgreSQL and one template per project, and the
// worlds cloned from it, each with its own services. It starts once per test run (or is
// reused by the next run) and makes a fresh world per test; a spare world is made ahead
// while tests run, so a test rarely waits for one.
import { mkdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { type ApiKeys, deriveKeys } from "../api-keys.js";
import { loadConfig } from "../config/index.js";
import { extensionsCreatedBy } from "../db/extensions/native/catalog.js";
import { type NativeExtensions, startNativeExtensions } from "../db/extensions/native/index.js";
import { createWorldControl, WORLD_LIBRARY } from "../db/extensions/native/world/control.js";
import { listMigrations, listSeedFiles } from "../db/migrate.js";
import { type PostgresServer, startEmbeddedPostgres, useExistingPostgres } from "../db/postgres.js";
import { JwtKeys } from "../shared/jwt.js";
import type { Logger } from "../shared/log.js";
import { freePort } from "../shared/net.js";
import { type SettleReport, settleTemplate } from "./settle.js";
import { buildTemplate, dropTemplate, projectHash, type Template } from "./template.js";
import { World, type WorldSetup } from "./world.js";

interface HostOptions {
  projectDir: string;
  /** Where the host keeps its Postgres cluster and the worlds' files. */
  stateDir: string;
  log: Logger;
  /** Use this server (a superuser URL of its `postgres` database) instead of starting one. */
  serverUrl?: string;
  /** Worlds made ahead of demand (default 1; 0 makes every world on request). */
  spares?: number;
  /** Settle the template's queued work before cloning (default true; false only to measure its effect). */
  settle?: boolean;
}

const BRIDGE_SETTINGS = ["opsdesk.bridge_socket", "http.bridge_socket", "plv8.bridge_socket"];

export class WorldHost {
  private readonly worlds = new Map<string, World>();
  private spares: Promise<World>[] = [];
  private template: Template | undefined;
  private refreshing: Promise<Template> | undefined;
  private setup: WorldSetup | undefined;
  private destroying: Promise<void> = Promise.resolve();
  private stopped = false;
  /** How the current template's queued work was run before it was frozen (settle.ts). */
  settleReport: SettleReport | undefined;
  /** Why the database's clock cannot move, when it cannot. */
  databaseClockUnavailable: string | null = null;

  private constructor(
    private readonly options: HostOptions,
    private readonly server: PostgresServer,
    private readonly admin: pg.Pool,
    private readonly native: NativeExtensions,
    private readonly keys: ApiKeys,
  ) {}

  static async start(options: HostOptions): Promise<WorldHost> {
    const { log } = options;
    mkdirSync(options.stateDir, { recursive: true });
    const config = loadConfig(options.projectDir);
    const server = options.serverUrl
      ? await useExistingPostgres(options.serverUrl, log)
      : await startEmbeddedPostgres({
          dataDir: path.join(options.stateDir, "db"),
          port: await freePort(),
          log,
          // Worlds are thrown away: no fsync (FILE_COPY's checkpoints are then cheap).
          unsafeFast: true,
        });
    let admin: pg.Pool | undefined;
    let native: NativeExtensions | undefined;
    try {
      // CREATE and DROP DATABASE side by side: a spare is made while a used world is dropped.
      admin = new pg.Pool({ connectionString: server.url, max: 3, application_name: "opsdesk-worlds" });
      admin.on("error", () => {});
      const projectSql = [...listMigrations(config).map((m) => m.file), ...listSeedFiles(config)].map((f) =>
        readFileSync(f, "utf8"),
      );
      native = await startNativeExtensions({ url: server.url, projectSql, log });
      const jwt = await JwtKeys.create(config.auth.jwt_secret, config.auth.signing_keys);
      const keys = await deriveKeys(config.auth.jwt_secret, jwt);
      const host = new WorldHost(options, server, admin, native, keys);
      await host.prepareClock();
      await host.refresh();
      return host;
    } catch (err) {
      await native?.close().catch(() => {});
      await admin?.end().catch(() => {});
      await server.stop().catch(() => {});
      throw err;
    }
  }

  /** Builds the world library; without it worlds still work, but their database's clock cannot move. */
  private async prepareClock(): Promise<void> {
    const { rows } = await this.admin.query<{ on: string }>("select current_setting('debug_assertions') as on");
    if (rows[0].on === "on") {
      this.databaseClockUnavailable = "the server is an assertion-enabled build";
      return;
    }
    if (!this.native.dataDirectory) {
      this.databaseClockUnavailable = "the database server is not the stack's own (DATABASE_URL points elsewhere)";
      return;
    }
    try {
      await this.native.ensureLibrary(WORLD_LIBRARY);
    } catch (err) {
      this.databaseClockUnavailable = (err as Error).message;
    }
    if (this.databaseClockUnavailable) {
      this.options.log.warn(`worlds' database clocks cannot move: ${this.databaseClockUnavailable}`);
    }
  }

  get projectHash(): string {
    return this.template?.projectHash ?? "";
  }

  /**
   * Makes the template again when the project's files changed since (a failing migration
   * throws MigrationError naming its file and line); resolves to the current template.
   */
  async refresh(): Promise<Template> {
    if (this.refreshing) return this.refreshing;
    const config = loadConfig(this.options.projectDir);
    if (this.template && projectHash(config) === this.template.projectHash) return this.template;
    this.refreshing = (async () => {
      const previous = this.template;
      const spares = this.spares;
      this.spares = [];
      for (const spare of spares)
        void spare.then(
          (w) => this.retire(w),
          () => {},
        );
      for (const name of extensionsCreatedBy(
        [...listMigrations(config).map((m) => m.file), ...listSeedFiles(config)]
          .map((f) => readFileSync(f, "utf8"))
          .join("\n"),
      )) {
        await this.native.ensure(name).catch(() => {}); // the migration then fails saying why
      }
      const template = await buildTemplate({
        serverUrl: this.server.url,
        config,
        log: this.options.log,
        beforePrepare: async (url) => {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            for (const setting of BRIDGE_SETTINGS) {
              const { rows } = await client.query<{ statement: string }>(
                "select pg_catalog.format('alter database %I set %s = %L', current_database(), $1::text, $2::text) as statement",
                [setting, this.native.socketPath],
              );
              await client.query(rows[0].statement);
            }
          } finally {
            await client.end();
          }
        },
        beforeFreeze: async (url, schemaCache) => {
          if (this.options.settle === false) return;
          const database = new URL(url).pathname.slice(1);
          const report = await settleTemplate({
            url,
            config,
            keys: this.keys,
            schemaCache,
            dir: path.join(this.options.stateDir, "templates", database),
            log: this.options.log,
          });
          this.settleReport = report;
          if (report.rounds || report.requests) {
            this.options.log.info(
              `template settled in ${Math.round(report.ms)} ms: ${report.rounds} rounds of its pollers, ${report.requests} requests`,
            );
          }
        },
      });
      this.template = template;
      this.setup = {
        serverUrl: this.server.url,
        admin: this.admin,
        config,
        keys: this.keys,
        template,
        templateStorage: path.join(this.options.stateDir, "templates", template.database, "storage"),
        worldsDir: path.join(this.options.stateDir, "worlds"),
        databaseControl:
          this.databaseClockUnavailable === null && this.native.dataDirectory
            ? (oid) => createWorldControl(this.native.dataDirectory as string, oid, this.native.owner)
            : null,
        log: this.options.log,
      };
      // Worlds of the old template keep running; it goes once the last of them has ended.
      if (previous) void this.destroying.then(() => this.dropWhenUnused(previous));
      this.fillSpares();
      return template;
    })().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async dropWhenUnused(template: Template): Promise<void> {
    await dropTemplate(this.server.url, template).catch((err) =>
      this.options.log.debug(`template ${template.database} stays until its worlds end`, err),
    );
  }

  private fillSpares(): void {
    const wanted = this.options.spares ?? 1;
    while (!this.stopped && this.setup && this.spares.length < wanted) {
      const spare = World.create(this.setup);
      spare.catch((err) => this.options.log.warn("a spare world could not be made", err));
      this.spares.push(spare);
    }
  }

  /** A fresh world: a spare made ahead, or a new one. */
  async createWorld(): Promise<World> {
    if (this.stopped) throw new Error("the world host is stopping");
    await this.refresh();
    let world: World | undefined;
    while (!world && this.spares.length) {
      world = await (this.spares.shift() as Promise<World>).catch(() => undefined);
    }
    world ??= await World.create(this.setup as WorldSetup);
    this.worlds.set(world.id, world);
    this.fillSpares();
    return world;
  }

  world(id: string): World | undefined {
    return this.worlds.get(id);
  }

  get size(): number {
    return this.worlds.size;
  }

  /** Ends a world; worlds end one after another in the background, off the tests' path. */
  destroyWorld(id: string): boolean {
    const world = this.worlds.get(id);
    if (!world) return false;
    this.worlds.delete(id);
    this.retire(world);
    return true;
  }

  private retire(world: World): void {
    this.destroying = this.destroying.then(() =>
      world.destroy().catch((err) => this.options.log.warn(`world ${world.id} could not be removed`, err)),
    );
  }

  /** Resolves when the spare worlds being made are ready (or failed): the bench's steady state. */
  async sparesReady(): Promise<void> {
    await Promise.allSettled(this.spares);
  }

  /** Resolves when every world handed back so far is gone (tests, the bench). */
  settled(): Promise<void> {
    return this.destroying;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const spare of this.spares)
      void spare.then(
        (w) => this.retire(w),
        () => {},
      );
    await Promise.allSettled(this.spares);
    this.spares = [];
    for (const id of [...this.worlds.keys()]) this.destroyWorld(id);
    await this.destroying;
    if (this.template) await dropTemplate(this.server.url, this.template).catch(() => {});
    await this.native.close().catch(() => {});
    await this.admin.end().catch(() => {});
    await this.server.stop();
    await rm(path.join(this.options.stateDir, "worlds"), { recursive: true, force: true });
  }
}
