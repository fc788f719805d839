// postgres_changes as one unit: bindings in, pushes out; the same stream carries the
// messages the database broadcasts (realtime.messages), handed to `onMessages`. The
// replication stream starts with the first channel, or — when a previous run left a slot with
// changes in it — after a grace period in which reconnecting clients can rejoin
// and receive what was committed while the stack was down.
import type { Database } from "../../db/index.js";
import type { Logger } from "../../shared/log.js";
import { type BindingParams, type BindingSpec, resolveBindings } from "./bindings.js";
import { ChangeDispatcher } from "./dispatcher.js";
import type { TextRow } from "./payload.js";
import { RelationCatalog } from "./relations.js";
import { ReplicationFeed } from "./replication.js";
import { type ChangeSubscriber, SubscriptionRegistry } from "./subscriptions.js";

export { BindingError } from "./bindings.js";
export type { ChangeSubscriber } from "./subscriptions.js";

/** How long a resumed slot waits for subscribers before it is drained anyway. */
const RESUME_GRACE_MS = 15_000;

export class ChangeService {
  private readonly registry = new SubscriptionRegistry();
  private readonly catalog: RelationCatalog;
  private readonly feed: ReplicationFeed;
  private graceTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    onMessages: (rows: TextRow[]) => void,
  ) {
    this.catalog = new RelationCatalog(db.admin);
    const dispatcher = new ChangeDispatcher(db.admin, this.catalog, this.registry, log);
    this.feed = new ReplicationFeed({
      url: db.url,
      admin: db.admin,
      log,
      onRelation: (oid) => this.catalog.invalidate(oid),
      onTransactions: async (txs) => {
        const broadcasting = txs.filter((tx) => tx.messages.length > 0);
        if (broadcasting.length > 0) {
          // Readable before announced: a client may read the moment a message arrives (base 55).
          await db.admin
            .query("select realtime.stack_wait_visible($1::bigint[])", [broadcasting.map((tx) => tx.xid)])
            .catch((err) => log.warn("waiting for broadcasting transactions to be visible failed", err));
          onMessages(broadcasting.flatMap((tx) => tx.messages));
        }
        return dispatcher.dispatch(
          txs.flatMap((tx) =>
            tx.changes.map((change) => ({ change, commitTimestamp: tx.commitTimestamp, xid: tx.xid })),
          ),
        );
      },
    });
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
