// Connection pools: the superuser's for the services' bookkeeping, the authenticator's
// for callers' queries (run as the caller through scope.ts).
import pg from "pg";
import { WELL_KNOWN } from "../config/index.js";
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
  close(): Promise<void>;
}

export function openDatabase(url: string, poolSize = 10): Database {
  const admin = new pg.Pool({ connectionString: url, max: 5, application_name: "opsdesk-stack" });
  const api = new pg.Pool({
    connectionString: urlForRole(url, "authenticator", WELL_KNOWN.dbPassword),
    max: poolSize,
    application_name: "opsdesk-stack-api",
  });
  // An idle client that dies (server restart) must not crash the process.
  admin.on("error", () => {});
  api.on("error", () => {});
  return {
    url,
    admin,
    api,
    close: async () => {
      await Promise.all([admin.end(), api.end()]);
    },
  };
}
