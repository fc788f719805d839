// The live schema cache: loaded at start, reloaded on `NOTIFY pgrst, 'reload schema'`
// (a LISTEN connection as the superuser) and when the stack asks (after migrations).
import pg from "pg";
import type { Logger } from "../../shared/log.js";
import { loadSchemaCache } from "./load.js";
import type { SchemaCache } from "./types.js";

export { loadSchemaCache } from "./load.js";
export * from "./types.js";

export interface SchemaCacheHolder {
  current(): SchemaCache;
  reload(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createSchemaCacheHolder(
  admin: pg.Pool,
  url: string,
  schemas: string[],
  log: Logger,
): SchemaCacheHolder {
  let cache: SchemaCache | undefined;
  let listener: pg.Client | undefined;
  let stopped = false;
  // Reloads never overlap; a reload asked for during one runs once afterwards.
  let running: Promise<void> | undefined;
  let again = false;

  const reload = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        cache = await loadSchemaCache(admin, schemas);
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, application_name: "opsdesk-stack-rest-listen" });
    client.on("notification", (msg) => {
      if (msg.channel !== "pgrst") return;
      const payload = (msg.payload ?? "").trim();
      if (payload === "" || payload === "reload schema") {
        reload().catch((err) => log.error("schema reload failed", err));
      }
    });
    client.on("error", (err) => {
      // 57P01: the server is shutting down (Ctrl+C reaches Postgres too) — expected.
      if ((err as { code?: string }).code === "57P01") log.debug("schema listener: server shut down");
      else log.warn("schema listener lost; reconnecting", err);
      if (!stopped) setTimeout(() => listen().catch(() => {}), 1000);
    });
    await client.connect();
    await client.query("listen pgrst");
    listener = client;
  };

  return {
    current() {
      if (!cache) throw new Error("schema cache not loaded");
      return cache;
    },
    reload,
    async start() {
      await reload();
      await listen();
    },
    async stop() {
      stopped = true;
      await listener?.end().catch(() => {});
    },
  };
}
