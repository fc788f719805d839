// The live schema cache: loaded at start, reloaded on `NOTIFY pgrst, 'reload schema'`
// (a LISTEN connection as the superuser) and when the stack asks (after migrations).
import type pg from "pg";
import { type Listener, listenForNotifications } from "../../db/listen.js";
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
  let listener: Listener | undefined;
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

  return {
    current() {
      if (!cache) throw new Error("schema cache not loaded");
      return cache;
    },
    reload,
    async start() {
      await reload();
      listener = await listenForNotifications(
        url,
        "pgrst",
        (payload) => {
          const message = payload.trim();
          if (message === "" || message === "reload schema") {
            reload().catch((err) => log.error("schema reload failed", err));
          }
        },
        log,
      );
    },
    async stop() {
      await listener?.stop();
    },
  };
}
