// The live schema cache and in-database settings: loaded at start, reloaded on
// `NOTIFY pgrst` ('reload schema', 'reload config' or empty; a LISTEN connection as
// the superuser) and when the stack asks (after migrations).
import type pg from "pg";
import type { StackConfig } from "../../config/index.js";
import type { Database } from "../../db/index.js";
import type { Listener } from "../../db/listen.js";
import type { Logger } from "../../shared/log.js";
import { loadSchemaCache } from "./load.js";
import { loadSettings } from "./settings.js";
import type { SchemaCache } from "./types.js";

export { loadSchemaCache } from "./load.js";
export * from "./types.js";

export interface SchemaCacheHolder {
  current(): SchemaCache;
  reload(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `initial`: a cache loaded from another database with the same catalog (a world cloned
 * from its template, docs/qa.md), used until the first reload instead of loading at start.
 */
export function createSchemaCacheHolder(
  admin: pg.Pool,
  listen: Database["listen"],
  api: StackConfig["api"],
  log: Logger,
  initial?: SchemaCache,
): SchemaCacheHolder {
  let cache: SchemaCache | undefined = initial;
  // Versions key compiled reads: a reload must never reuse the initial cache's.
  let loads = initial?.version ?? 0;
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
        const settings = await loadSettings(admin, api);
        cache = await loadSchemaCache(admin, settings.schemas, settings, ++loads);
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
      if (!cache) await reload();
      listener = await listen("pgrst", (payload) => {
        const message = payload.trim();
        if (message === "" || message === "reload schema" || message === "reload config") {
          reload().catch((err) => log.error("schema reload failed", err));
        }
      });
    },
    async stop() {
      await listener?.stop();
      // A reload a late NOTIFY started finishes before the pools close under it.
      await running?.catch(() => undefined);
    },
  };
}
