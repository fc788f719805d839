// Change capture: logical replication with pgoutput on the publications
// `supabase_realtime` (postgres_changes), `supabase_realtime_messages_publication`
// (broadcast from the database: inserts into realtime.messages) and
// `stack_session_revocations` (deleted auth sessions, base 62), through one
// persistent slot of the stack's own. Transactions
// are handled one after another and their commit LSN is confirmed to Postgres only
// once their changes were dispatched, so a restart replays what was not yet sent.
import { createHash } from "node:crypto";
import type pg from "pg";
import { LogicalReplicationService, type Pgoutput, PgoutputPlugin } from "pg-logical-replication";
import type { Logger } from "../../shared/log.js";
import type { RowChange, TextRow } from "./payload.js";

const PUBLICATION = "supabase_realtime";
/** Base 45: realtime.messages, whose inserts go out as broadcasts. */
const MESSAGES_PUBLICATION = "supabase_realtime_messages_publication";
/** Base 58: deletions of auth.sessions, so a revocation is seen after its transaction's broadcasts. */
const SESSIONS_PUBLICATION = "stack_session_revocations";

export interface CommittedTransaction {
  /** `YYYY-MM-DDTHH:MM:SS.mmmZ`, as upstream formats commit_timestamp. */
  commitTimestamp: string;
  endLsn: string;
  xid: number;
  changes: RowChange[];
  /** Rows inserted into realtime.messages, in order. */
  messages: TextRow[];
  /** Ids of the auth sessions this transaction deleted. */
  revokedSessions: string[];
}

/** One slot per database (slots are cluster-wide, databases may share a server). */
export function slotNameFor(database: string): string {
  return `opsdesk_realtime_${createHash("sha1").update(database).digest("hex").slice(0, 16)}`;
}

/** pgoutput with values kept as Postgres text: typing them is the payload's job. */
class TextPgoutputPlugin extends PgoutputPlugin {
  override parse(buffer: Buffer): Pgoutput.Message {
    const message = super.parse(buffer) as Pgoutput.Message;
    // The parser caches this relation object and decodes the following tuples
    // with its column parsers; pg's default ones would turn timestamps into Dates.
    if (message.tag === "relation") for (const column of message.columns) column.parser = (raw: unknown) => raw;
    return message;
  }
}

const RETRY_MS = [250, 1000, 2000, 5000];
/** Transactions dispatched together at most (bounds one RLS query's size). */
const MAX_BATCH = 200;

interface ReplicationFeedOptions {
  /** Superuser URL of the stack's database. */
  url: string;
  admin: pg.Pool;
  log: Logger;
  /**
   * Handles the transactions received since the last call, in commit order (one RLS
   * round trip can then serve several); they are acknowledged when it settles.
   */
  onTransactions(txs: CommittedTransaction[]): Promise<void>;
  /** A relation was (re)announced: its catalog entry may be stale. */
  onRelation(oid: number): void;
}

export class ReplicationFeed {
  private service: LogicalReplicationService | null = null;
  private starting: Promise<void> | null = null;
  private stopped = false;
  private retries = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private open: CommittedTransaction | null = null;
  private readonly queue: CommittedTransaction[] = [];
  private working = false;
  /**
   * End LSN of the last transaction handed to subscribers. After the stream breaks,
   * the slot re-sends everything not yet acknowledged, including transactions already
   * dispatched: those at or before this position are skipped, not sent twice.
   */
  private dispatchedUpTo = 0n;
  private slot = "";
  /** Relations that are realtime.messages (hosted partitions it: `messages_<day>`). */
  private readonly messageRelations = new Set<number>();
  /** The relation auth.sessions (its deletions are revocations). */
  private readonly sessionRelations = new Set<number>();

  constructor(private readonly options: ReplicationFeedOptions) {}

  get running(): boolean {
    return this.service !== null;
  }

  /** Does the slot exist already (a previous run left changes to resume)? */
  async slotExists(): Promise<boolean> {
    await this.resolveSlotName();
    const { rows } = await this.options.admin.query("select 1 from pg_replication_slots where slot_name = $1", [
      this.slot,
    ]);
    return rows.length > 0;
  }

  /** Creates the slot if needed and starts streaming; resolves once the stream is up. */
  start(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.starting ??= this.connect().catch((err) => {
      this.starting = null;
      throw err;
    });
    return this.starting;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const service = this.service;
    this.service = null;
    this.queue.length = 0;
    await service?.destroy().catch(() => {});
  }

  private async resolveSlotName(): Promise<void> {
    if (this.slot) return;
    const { rows } = await this.options.admin.query<{ db: string }>("select current_database() as db");
    this.slot = slotNameFor(rows[0].db);
  }

  private async connect(): Promise<void> {
    await this.resolveSlotName();
    if (!(await this.slotExists())) {
      await this.options.admin
        .query("select pg_create_logical_replication_slot($1, 'pgoutput')", [this.slot])
        .catch((err: { code?: string }) => {
          if (err.code !== "42710") throw err; // created concurrently: fine
        });
    }
    const service = new LogicalReplicationService(
      {
        connectionString: this.options.url,
        application_name: "opsdesk-stack-realtime",
        // Values are decoded by the walsender: make their text output predictable.
        options: "-c timezone=UTC -c datestyle=ISO,MDY -c intervalstyle=postgres",
      },
      { acknowledge: { auto: false, timeoutSeconds: 0 } },
    );
    service.on("data", (_lsn: string, message: Pgoutput.Message) => this.onMessage(message));
    service.on("heartbeat", (lsn: string, _ts: number, shouldRespond: boolean) => {
      // Answer every keepalive that asks for it, busy or not: the walsender ends a
      // stream that reports nothing within wal_sender_timeout, and one long dispatch
      // (a burst behind slow policies) can take longer than that. With nothing pending
      // everything up to the server's position is handled; otherwise only what was
      // dispatched, so the slot keeps what is still in flight.
      if (shouldRespond) void service.acknowledge(this.idle() ? lsn : lsnText(this.dispatchedUpTo));
    });
    service.on("error", (err: Error) => this.onStreamEnd(service, err));
    this.service = service;
    await new Promise<void>((resolve, reject) => {
      service.once("start", () => {
        this.retries = 0;
        resolve();
      });
      service
        .subscribe(
          new TextPgoutputPlugin({
            protoVersion: 1,
            publicationNames: [PUBLICATION, MESSAGES_PUBLICATION, SESSIONS_PUBLICATION],
          }),
          this.slot,
        )
        .then(() => this.onStreamEnd(service, new Error("replication stream ended")))
        .catch((err: Error) => {
          reject(err);
          this.onStreamEnd(service, err);
        });
    });
    this.options.log.debug(`streaming changes from slot ${this.slot}`);
  }

  private idle(): boolean {
    return !this.working && this.queue.length === 0 && this.open === null;
  }

  /** The stream broke (server restart, slot busy): reconnect with backoff from the slot. */
  private onStreamEnd(service: LogicalReplicationService, err: Error): void {
    if (this.stopped || this.service !== service) return;
    this.service = null;
    this.open = null;
    this.queue.length = 0; // unacknowledged: the slot sends them again
    void service.destroy().catch(() => {});
    const delay = RETRY_MS[Math.min(this.retries++, RETRY_MS.length - 1)];
    this.options.log.warn(`replication stream lost (${err.message}); retrying in ${delay} ms`);
    this.retryTimer = setTimeout(() => {
      this.starting = null;
      this.start().catch(() => {});
    }, delay);
  }

  private onMessage(message: Pgoutput.Message): void {
    switch (message.tag) {
      case "begin":
        this.open = {
          commitTimestamp: new Date(Number(BigInt(message.commitTime as bigint) / 1000n)).toISOString(),
          endLsn: "",
          xid: message.xid,
          changes: [],
          messages: [],
          revokedSessions: [],
        };
        return;
      case "relation":
        if (message.schema === "realtime" && message.name.startsWith("messages")) {
          this.messageRelations.add(message.relationOid);
        } else if (message.schema === "auth" && message.name === "sessions") {
          this.sessionRelations.add(message.relationOid);
        } else {
          this.options.onRelation(message.relationOid);
        }
        return;
      case "insert":
        if (this.messageRelations.has(message.relation.relationOid)) {
          this.open?.messages.push(message.new);
          return;
        }
        this.open?.changes.push({
          type: "INSERT",
          relationOid: message.relation.relationOid,
          newRow: message.new,
          oldRow: null,
        });
        return;
      case "update":
        if (this.messageRelations.has(message.relation.relationOid)) return;
        this.open?.changes.push({
          type: "UPDATE",
          relationOid: message.relation.relationOid,
          newRow: message.new,
          // Without an old tuple, the identity (key) columns of the new row stand for it.
          oldRow: message.old ?? message.key ?? pick(message.new, message.relation.keyColumns),
        });
        return;
      case "delete":
        if (this.messageRelations.has(message.relation.relationOid)) return; // expired messages
        if (this.sessionRelations.has(message.relation.relationOid)) {
          const id = (message.old ?? message.key)?.id;
          if (typeof id === "string") this.open?.revokedSessions.push(id);
          return;
        }
        this.open?.changes.push({
          type: "DELETE",
          relationOid: message.relation.relationOid,
          newRow: null,
          oldRow: message.old ?? message.key,
        });
        return;
      case "commit":
        if (this.open) {
          this.open.endLsn = message.commitEndLsn ?? "";
          if (this.open.endLsn && lsnValue(this.open.endLsn) <= this.dispatchedUpTo) {
            this.open = null;
            return;
          }
          this.queue.push(this.open);
          this.open = null;
          void this.drain();
        }
        return;
    }
  }

  private async drain(): Promise<void> {
    if (this.working) return;
    this.working = true;
    const service = this.service;
    try {
      while (this.queue.length > 0 && this.service === service && service) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          await this.options.onTransactions(batch);
        } catch (err) {
          this.options.log.error("dispatching transactions failed", err);
        }
        const last = batch[batch.length - 1].endLsn;
        if (last) this.dispatchedUpTo = lsnValue(last);
        if (last && this.service === service) await service.acknowledge(last);
      }
    } finally {
      this.working = false;
    }
  }
}

/** "16/B374D848" → a comparable number. */
function lsnValue(lsn: string): bigint {
  const [hi, lo] = lsn.split("/");
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
}

function lsnText(value: bigint): string {
  return `${(value >> 32n).toString(16).toUpperCase()}/${(value & 0xffffffffn).toString(16).toUpperCase()}`;
}

function pick(row: TextRow, columns: string[]): TextRow {
  return Object.fromEntries(columns.map((c) => [c, row[c]]));
}
