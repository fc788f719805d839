// Connection pools: the superuser's for the services' bookkeeping, the authenticator's
// for callers' queries (run as the caller through scope.ts).
import pg from "pg";
import { WELL_KNOWN } from "../config/index.js";
import type { Logger } from "../shared/log.js";
import { type Listener, Notifications } from "./listen.js";
import { urlForRole } from "./postgres.js";

// Timestamps and numerics are passed through as text: JSON built by Postgres keeps
// their exact form, and values read directly must not lose precision.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);

export interface Database {
  /** Superuser URL (migrations, auth and storage bookkeeping). */
  url: string;
  /** As `postgres`: for the services' own bookkeeping, never for callers' queries. */
  admin: pg.Pool;
  /** As `authenticator` (NOINHERIT): callers' queries run here after SET ROLE. */
  api: pg.Pool;
  /** LISTEN on `channel` (one connection for every channel of this database, db/listen.ts). */
  listen(channel: string, onPayload: (payload: string) => void): Promise<Listener>;
  close(): Promise<void>;
}

interface PoolSizes {
  /** The superuser's pool (default 5). */
  admin?: number;
  /** The authenticator's pool (default 10). */
  api?: number;
}

export function openDatabase(url: string, sizes: PoolSizes = {}, log?: Logger): Database {
  const admin = new pg.Pool({ connectionString: url, max: sizes.admin ?? 5, application_name: "opsdesk-stack" });
  const api = new pg.Pool({
    connectionString: urlForRole(url, "authenticator", WELL_KNOWN.dbPassword),
    max: sizes.api ?? 10,
    application_name: "opsdesk-stack-api",
  });
  const notifications = new Notifications(url, log);
  // An idle client that dies (server restart) must not crash the process.
  admin.on("error", () => {});
  api.on("error", () => {});
  return {
    url,
    admin,
    api,
    listen: (channel, onPayload) => notifications.listen(channel, onPayload),
    close: async () => {
      await Promise.all([notifications.stop(), admin.end(), api.end()]);
    },
  };
}
