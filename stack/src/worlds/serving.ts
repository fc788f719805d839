// A database's own services behind a gateway on a port of its own, as a QA world runs them
// (docs/qa.md): its pools and LISTEN connection, keys on its own clock, schema cache taken
// from the template, every service built and started. World.create serves each world's
// clone with it; the template is served the same way while it settles (settle.ts).
// Everything that needs no connection (keys, services, the gateway's routes: Fastify's
// plugin loading is most of a gateway's making) is done first, while the database is
// still being cloned (`databaseReady`); nothing connects before that resolves, so a
// world's first connection already has its clock library (world.ts).
import type { FastifyInstance } from "fastify";
import type { ApiKeys } from "../api-keys.js";
import type { StackConfig } from "../config/index.js";
import type { Service, StackContext } from "../context.js";
import { type Database, openDatabase } from "../db/index.js";
import { SessionLiveness } from "../db/sessions.js";
import { buildGateway } from "../gateway.js";
import type { SchemaCache } from "../rest/schema/index.js";
import { createServices } from "../services.js";
import type { OffsetClock } from "../shared/clock.js";
import { JwtKeys } from "../shared/jwt.js";
import type { Logger } from "../shared/log.js";
import type { FaultTable } from "./faults.js";

export interface ServedDatabase {
  ctx: StackContext;
  services: Service[];
  app: FastifyInstance;
  /** The gateway's address, `http://127.0.0.1:<port>`. */
  url: string;
  /**
   * Milliseconds: services (keys, services and the gateway's routes built, before any
   * connection) and gateway (from the database's readiness: listener, services started, listening).
   */
  phasesMs: { services: number; gateway: number };
  /** Stops the services, the gateway and the database's pools. */
  close(): Promise<void>;
}

export async function serveDatabase(options: {
  dbUrl: string;
  /** The data directory (storage bytes under `storage/`, function workers under `functions/`). */
  dir: string;
  config: StackConfig;
  keys: ApiKeys;
  schemaCache: SchemaCache;
  clock: OffsetClock;
  log: Logger;
  faults?: FaultTable;
  /** Resolves when the database may be connected to (a world's clone made and set up). */
  databaseReady?: Promise<unknown>;
  /** Runs on the database's admin pool before the services start. */
  beforeServices?(db: Database): Promise<void>;
}): Promise<ServedDatabase> {
  const started = performance.now();
  const { log, clock } = options;
  const config: StackConfig = structuredClone(options.config);
  const db = openDatabase(options.dbUrl, { admin: 3, api: 4 }, log);
  let services: Service[] = [];
  let app: FastifyInstance | undefined;
  const close = async () => {
    for (const s of [...services].reverse()) await s.stop?.().catch((e) => log.warn(`${s.name} stop`, e));
    await app?.close().catch(() => {});
    await db.close().catch(() => {});
  };
  try {
    const jwt = await JwtKeys.create(config.auth.jwt_secret, config.auth.signing_keys, clock);
    // Its listener is on the database's one LISTEN connection, which ends with db.close().
    const sessions = new SessionLiveness(db.admin, db.listen);
    const ctx: StackContext = {
      config,
      db,
      jwt,
      keys: options.keys,
      log,
      dataDir: options.dir,
      clock,
      sessions,
      hooks: {
        reloadSchema: async () => {
          await Promise.all(services.map((s) => s.reloadSchema?.()));
        },
      },
    };
    services = createServices(ctx, { schemaCache: options.schemaCache, bucketsReady: true });
    app = await buildGateway(ctx, services, {
      requireApiKey: false,
      corsOrigins: [],
      beforeRequest: options.faults?.hook,
    });
    await app.ready();
    const built = performance.now();
    await options.databaseReady;
    const connecting = performance.now();
    await sessions.start();
    await options.beforeServices?.(db);
    for (const s of services) await s.start?.();
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const url = `http://127.0.0.1:${port}`;
    config.api.port = port;
    config.api.external_url = url;
    return {
      ctx,
      services,
      app,
      url,
      phasesMs: { services: built - started, gateway: performance.now() - connecting },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
