// LISTEN for a database, on one connection as the superuser that survives restarts of
// the server: on a lost connection it reconnects after a second and listens again to
// every channel. The schema-cache reload (`NOTIFY pgrst`), revoked sessions (realtime),
// pg_net's and pg_cron's wake-ups and the mail catcher's arrivals all share it, so a
// stack (or each world of docs/qa.md) opens one listening connection, not five.
import pg from "pg";
import type { Logger } from "../shared/log.js";
import { quoteIdent } from "../shared/sql.js";

export interface Listener {
  stop(): Promise<void>;
}

type Handler = (payload: string) => void;

const RECONNECT_DELAY_MS = 1000;

export class Notifications {
  private readonly handlers = new Map<string, Set<Handler>>();
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly log: Logger | undefined,
  ) {}

  /** Calls `onPayload` with each notification's payload on `channel`; resolves once listening. */
  async listen(channel: string, onPayload: Handler): Promise<Listener> {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(onPayload);
    try {
      const client = await this.connection();
      // A connection made after this channel was added listens to it already.
      if (first && this.client === client) await client.query(`listen ${quoteIdent(channel)}`);
    } catch (err) {
      set.delete(onPayload);
      if (set.size === 0) this.handlers.delete(channel);
      throw err;
    }
    return {
      stop: async () => {
        const current = this.handlers.get(channel);
        if (!current?.delete(onPayload) || current.size > 0) return;
        this.handlers.delete(channel);
        await this.client?.query(`unlisten ${quoteIdent(channel)}`).catch(() => {});
      },
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: this.url, application_name: "opsdesk-stack-listen" });
    next.on("notification", (msg) => {
      for (const handler of this.handlers.get(msg.channel) ?? []) handler(msg.payload ?? "");
    });
    next.on("error", (err) => {
      // Mostly the server shutting down (Ctrl+C reaches Postgres too, and a stack that
      // dies has its Postgres stopped by a guard): worth a warning only when
      // reconnecting fails. Errors while connecting are the connecting code's.
      if (this.client !== next) return;
      this.client = undefined;
      this.log?.debug("listening connection lost", err);
      if (!this.stopped) setTimeout(() => this.reconnect(), RECONNECT_DELAY_MS);
    });
    try {
      await next.connect();
      const channels = [...this.handlers.keys()];
      if (channels.length) await next.query(channels.map((c) => `listen ${quoteIdent(c)}`).join("; "));
    } catch (err) {
      await next.end().catch(() => {});
      throw err;
    }
    if (this.stopped) {
      await next.end().catch(() => {});
      throw new Error("the database's notifications were stopped");
    }
    this.client = next;
    return next;
  }

  private reconnect(): void {
    if (this.stopped || this.client || this.handlers.size === 0) return;
    this.connection().catch((err) => {
      this.log?.warn("listening connection cannot reconnect; retrying", err);
      setTimeout(() => this.reconnect(), RECONNECT_DELAY_MS);
    });
  }
}
