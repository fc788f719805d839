// postgres_changes as one unit: bindings in, pushes out; the same stream carries the
// messages the database broadcasts (realtime.messages), handed to `onMessages`, and the
// auth sessions deleted, handed to `onRevoked` after their transaction's messages. The
// replication stream starts with the first channel, or — when a previous run left a slot with
// changes in it — after a grace period in which reconnecting clients can rejoin
// and receive what was committed while the stack was down.
import type { Database } from "../../db/index.js";
import type { Logger } from "../../shared/log.js";
import { type BindingParams, type BindingSpec, resolveBindings } from "./bindings.js";
import { ChangeDispatcher } from "./dispatcher.js";
import type { TextRow } from "./payload.js";
import { RelationCatalog } from "./relations.js";
import { type CommittedTransaction, ReplicationFeed } from "./replication.js";
import { type ChangeSubscriber, SubscriptionRegistry } from "./subscriptions.js";

export { BindingError } from "./bindings.js";
export type { ChangeData, ChangeSubscriber } from "./subscriptions.js";

/** How long a resumed slot waits for subscribers before it is drained anyway. */
const RESUME_GRACE_MS = 15_000;

export class ChangeService {
  private readonly registry = new SubscriptionRegistry();
  private readonly catalog: RelationCatalog;
  private readonly feed: ReplicationFeed;
  private readonly dispatcher: ChangeDispatcher;
  private graceTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly handlers: {
      /** Rows inserted into realtime.messages, to broadcast. */
      onMessages(rows: TextRow[]): void;
      /** Auth sessions deleted by a transaction whose broadcasts and changes were all delivered. */
      onRevoked(sessionIds: string[]): void;
    },
  ) {
    this.catalog = new RelationCatalog(db.admin);
    this.dispatcher = new ChangeDispatcher(db.admin, this.catalog, this.registry, log);
    this.feed = new ReplicationFeed({
      url: db.url,
      admin: db.admin,
      log,
      onRelation: (oid) => this.catalog.invalidate(oid),
      onTransactions: (txs) => this.handle(txs),
    });
  }

  /**
   * A batch in commit order. A transaction that deleted sessions ends a run: the run's
   * broadcasts and changes go out first, then its revocations shut their channels, so a
   * channel hears what the revoking transaction said before it closes, and nothing that
   * was committed after it (docs/security.md "Signed-out tokens").
   */
  private async handle(txs: CommittedTransaction[]): Promise<void> {
    let from = 0;
    for (let i = 0; i < txs.length; i++) {
      const revoked = txs[i].revokedSessions;
      if (revoked.length === 0 && i < txs.length - 1) continue;
      await this.deliver(txs.slice(from, i + 1));
      if (revoked.length > 0) this.handlers.onRevoked(revoked);
      from = i + 1;
    }
  }

  private async deliver(txs: CommittedTransaction[]): Promise<void> {
    const broadcasting = txs.filter((tx) => tx.messages.length > 0);
    if (broadcasting.length > 0) {
      // Readable before announced: a client may read the moment a message arrives (base 55).
      await this.db.admin
        .query("select realtime.stack_wait_visible($1::bigint[])", [broadcasting.map((tx) => tx.xid)])
        .catch((err) => this.log.warn("waiting for broadcasting transactions to be visible failed", err));
      this.handlers.onMessages(broadcasting.flatMap((tx) => tx.messages));
    }
    const changes = txs.flatMap((tx) =>
      tx.changes.map((change) => ({ change, commitTimestamp: tx.commitTimestamp, xid: tx.xid })),
    );
    if (changes.length > 0) await this.dispatcher.dispatch(changes);
  }

  /**
   * Whether the stream is up: then every session deletion committed from here on reaches
   * onRevoked in order. While it is not (before the first channel, a resumed slot's grace
   * period, a reconnect), a revocation must be acted on at once from its notification.
   */
  get streaming(): boolean {
    return this.feed.running;
  }

  async start(): Promise<void> {
    if (!(await this.feed.slotExists())) return;
    this.graceTimer = setTimeout(() => {
      this.graceTimer = null;
      this.feed.start().catch((err) => this.log.warn("realtime replication could not start", err));
    }, RESUME_GRACE_MS);
    this.graceTimer.unref();
  }

  async stop(): Promise<void> {
    if (this.graceTimer) clearTimeout(this.graceTimer);
    await this.feed.stop();
  }

  /**
   * Resolves once committed changes and messages are being captured (any channel joins).
   * A resumed slot keeps waiting for the subscribers of postgres_changes to rejoin: it
   * holds the messages meanwhile, and the grace timer (or such a subscriber) starts it.
   */
  async stream(): Promise<void> {
    if (this.graceTimer && !this.feed.running) return;
    await this.feed.start();
  }

  /** Validates the bindings; throws BindingError (sent as a system message). */
  resolve(params: BindingParams[], role: string): Promise<BindingSpec[]> {
    return resolveBindings(this.db.admin, params, role);
  }

  /** Registers the subscriber's bindings; resolves once changes are being captured. */
  async subscribe(subscriber: ChangeSubscriber, specs: BindingSpec[]): Promise<void> {
    this.registry.set(
      subscriber,
      specs.map((s) => ({ ...s, subscriber })),
    );
    if (specs.length > 0) await this.feed.start();
  }

  unsubscribe(subscriber: ChangeSubscriber): void {
    this.registry.remove(subscriber);
  }
}
