// Turns committed row changes into postgres_changes pushes: match bindings by
// table, event and filter; build the payload per role; check RLS for every pending
// row of a table and every matching subscriber in one query; deliver in commit order
// to the channels that may see each row.
import type pg from "pg";
import type { Logger } from "../../shared/log.js";
import { rowMatches } from "./filters.js";
import { buildData, errorData, NO_PRIMARY_KEY, type RowChange, UNAUTHORIZED } from "./payload.js";
import type { RelationCatalog, RelationInfo } from "./relations.js";
import type { ChangeBinding, ChangeData, ChangeSubscriber, ChangeType, SubscriptionRegistry } from "./subscriptions.js";
import { type Viewer, visibleRows } from "./visibility.js";

interface TimedChange {
  change: RowChange;
  commitTimestamp: string;
  /** The transaction that made the change. */
  xid: number;
}

/** A subscriber a change goes to, with the ids of its bindings that take it. */
interface Hit {
  subscriber: ChangeSubscriber;
  ids: number[];
}

/**
 * A subscriber's bindings that take one event type of one table, in candidate order;
 * without filters among them, every such change goes to it with the same ids.
 */
interface Route extends Hit {
  bindings: ChangeBinding[];
  filtered: boolean;
}

/** One change on its way out: who matched, what each role gets, who may see it. */
interface Pending {
  xid: number;
  rel: RelationInfo;
  change: RowChange;
  hits: Hit[];
  dataByRole: Map<string, ChangeData | null>;
  /** Subscribers RLS let see the row; undefined when no check applies. */
  allowed?: Set<ChangeSubscriber>;
}

/** Error-only payloads carry no row, so there is nothing for RLS to hide. */
const carriesRow = (data: ChangeData | null | undefined) => data?.columns !== undefined;

/**
 * One viewer per distinct (role, claims) among the subscribers that would get a row:
 * many channels of one user cost one check. `viewerOf` maps each to its viewer.
 */
function distinctViewers(list: Pending[]): { viewers: Viewer[]; viewerOf: Map<ChangeSubscriber, number> } {
  const viewers: Viewer[] = [];
  const viewerOf = new Map<ChangeSubscriber, number>();
  // By role, then by the claims string itself (its hash is computed once per string).
  const byIdentity = new Map<string, Map<string, number>>();
  for (const p of list) {
    for (const { subscriber: s } of p.hits) {
      if (viewerOf.has(s) || !carriesRow(p.dataByRole.get(s.role))) continue;
      let byClaims = byIdentity.get(s.role);
      if (!byClaims) {
        byClaims = new Map();
        byIdentity.set(s.role, byClaims);
      }
      let index = byClaims.get(s.claimsJson);
      if (index === undefined) {
        index = viewers.push({ role: s.role, claimsJson: s.claimsJson }) - 1;
        byClaims.set(s.claimsJson, index);
      }
      viewerOf.set(s, index);
    }
  }
  return { viewers, viewerOf };
}

export class ChangeDispatcher {
  /** Routes by `schema.table:type`, derived from the registry at `routesVersion`. */
  private readonly routes = new Map<string, Route[]>();
  private routesVersion = -1;

  constructor(
    private readonly pool: pg.Pool,
    private readonly catalog: RelationCatalog,
    private readonly registry: SubscriptionRegistry,
    private readonly log: Logger,
  ) {}

  /** Dispatches a run of committed changes (one or more transactions), in order. */
  async dispatch(changes: TimedChange[]): Promise<void> {
    if (this.registry.size === 0) return;
    const pending: Pending[] = [];
    for (const { change, commitTimestamp, xid } of changes) {
      const p = await this.prepare(change, commitTimestamp);
      if (p) pending.push({ ...p, xid });
    }
    await this.checkRls(pending);
    for (const p of pending) this.deliver(p);
  }

  private async prepare(change: RowChange, ts: string): Promise<Omit<Pending, "xid"> | null> {
    let rel: RelationInfo;
    try {
      rel = await this.catalog.get(change.relationOid);
    } catch (err) {
      this.log.debug(`change on relation ${change.relationOid} skipped`, err);
      return null;
    }
    const hits = this.matchingSubscribers(rel, change);
    if (hits.length === 0) return null;
    const dataByRole = new Map<string, ChangeData | null>();
    for (const { subscriber } of hits) {
      if (!dataByRole.has(subscriber.role)) {
        dataByRole.set(subscriber.role, await this.dataFor(rel, change, ts, subscriber.role));
      }
    }
    return { rel, change, hits, dataByRole };
  }

  /** Subscribers with at least one binding that takes this change, with those bindings' ids. */
  private matchingSubscribers(rel: RelationInfo, change: RowChange): Hit[] {
    const routes = this.routesFor(rel, change.type);
    const row = (change.type === "DELETE" ? change.oldRow : change.newRow) ?? {};
    const kindOf = (column: string) => rel.columns.find((c) => c.name === column)?.codec.kind ?? "text";
    const hits: Hit[] = [];
    for (const route of routes) {
      if (!route.filtered) {
        hits.push(route);
        continue;
      }
      const ids: number[] = [];
      for (const binding of route.bindings) {
        if (!rowMatches(binding.filters, row, kindOf)) continue;
        if (!ids.includes(binding.id)) ids.push(binding.id);
      }
      if (ids.length > 0) hits.push({ subscriber: route.subscriber, ids });
    }
    return hits;
  }

  /** The bindings that take `type` on this table, grouped by subscriber (kept until they change). */
  private routesFor(rel: RelationInfo, type: ChangeType): Route[] {
    if (this.routesVersion !== this.registry.version) {
      this.routes.clear();
      this.routesVersion = this.registry.version;
    }
    const key = `${rel.schema}.${rel.table}:${type}`;
    let routes = this.routes.get(key);
    if (routes) return routes;
    const bySubscriber = new Map<ChangeSubscriber, Route>();
    for (const binding of this.registry.candidates(rel.schema, rel.table)) {
      if (binding.event !== "*" && binding.event !== type) continue;
      let route = bySubscriber.get(binding.subscriber);
      if (!route) {
        route = { subscriber: binding.subscriber, ids: [], bindings: [], filtered: false };
        bySubscriber.set(binding.subscriber, route);
      }
      route.bindings.push(binding);
      if (binding.filters.length > 0) route.filtered = true;
      if (!route.ids.includes(binding.id)) route.ids.push(binding.id);
    }
    routes = [...bySubscriber.values()];
    this.routes.set(key, routes);
    return routes;
  }

  /** The payload a role gets, or null when the role cannot be asked at all. */
  private async dataFor(rel: RelationInfo, change: RowChange, ts: string, role: string): Promise<ChangeData | null> {
    let selectable: Set<string>;
    try {
      selectable = await this.catalog.selectableColumns(rel.oid, role);
    } catch (err) {
      this.log.debug(`role ${role} cannot be checked`, err);
      return null;
    }
    if (rel.primaryKey.length === 0) return errorData(rel, change.type, ts, NO_PRIMARY_KEY);
    if (!rel.primaryKey.every((c) => selectable.has(c))) return errorData(rel, change.type, ts, UNAUTHORIZED);
    return buildData(rel, change, ts, selectable);
  }

  /** Fills `allowed` for changes that need RLS: one query per table for all of them. */
  private async checkRls(pending: Pending[]): Promise<void> {
    const byTable = new Map<RelationInfo, Pending[]>();
    for (const p of pending) {
      if (!p.rel.rlsEnabled || p.change.type === "DELETE") continue;
      p.allowed = new Set();
      const list = byTable.get(p.rel) ?? [];
      list.push(p);
      byTable.set(p.rel, list);
    }
    for (const [rel, list] of byTable) {
      const { viewers, viewerOf } = distinctViewers(list);
      const images = list.map((p) => p.change.newRow ?? {});
      let visible: Array<Set<number>> = [];
      try {
        const xids = [...new Set(list.map((p) => p.xid))];
        visible = await visibleRows(this.pool, rel, images, xids, viewers);
      } catch (err) {
        this.log.warn(`RLS check on ${rel.schema}.${rel.table} failed; changes withheld`, err);
      }
      list.forEach((p, row) => {
        for (const { subscriber: s } of p.hits) {
          const viewer = viewerOf.get(s);
          if (viewer !== undefined && visible[viewer]?.has(row)) p.allowed?.add(s);
        }
      });
    }
  }

  private deliver(p: Pending): void {
    const encodedByRole = new Map<string, Buffer>();
    for (const { subscriber, ids } of p.hits) {
      const data = p.dataByRole.get(subscriber.role);
      if (!data) continue;
      if (carriesRow(data) && p.allowed && !p.allowed.has(subscriber)) continue;
      let encoded = encodedByRole.get(subscriber.role);
      if (encoded === undefined) {
        encoded = Buffer.from(JSON.stringify(data));
        encodedByRole.set(subscriber.role, encoded);
      }
      subscriber.deliver(ids, encoded);
    }
  }
}
