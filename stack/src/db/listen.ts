// A LISTEN connection as the superuser that survives restarts of the server: on a
// lost connection it reconnects after a second and listens again. Used for the
// schema-cache reload (`NOTIFY pgrst`) and for revoked sessions (realtime).
import pg from "pg";
import type { Logger } from "../shared/log.js";
import { quoteIdent } from "../shared/sql.js";

export interface Listener {
  stop(): Promise<void>;
}

const RECONNECT_DELAY_MS = 1000;

/** Calls `onPayload` with each notification's payload on `channel`; resolves once listening. */
export async function listenForNotifications(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  log: Logger,
): Promise<Listener> {
  let stopped = false;
  let client: pg.Client | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: `opsdesk-stack-listen-${channel}` });
    next.on("notification", (msg) => {
      if (msg.channel === channel) onPayload(msg.payload ?? "");
    });
    next.on("error", (err) => {
      // Mostly the server shutting down (Ctrl+C reaches Postgres too, and a stack that
      // dies has its Postgres stopped by a guard): worth a warning only when
      // reconnecting fails.
      // Errors while connecting are the connecting code's to handle (it retries).
      if (client !== next) return;
      log.debug(`listener on ${channel} lost`, err);
      if (!stopped) setTimeout(reconnect, RECONNECT_DELAY_MS);
    });
    try {
      await next.connect();
      await next.query(`listen ${quoteIdent(channel)}`);
    } catch (err) {
      await next.end().catch(() => {});
      throw err;
    }
    client = next;
  };

  const reconnect = () => {
    if (stopped) return;
    connect().catch((err) => {
      log.warn(`listener on ${channel} cannot reconnect; retrying`, err);
      setTimeout(reconnect, RECONNECT_DELAY_MS);
    });
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      await client?.end().catch(() => {});
    },
  };
}
