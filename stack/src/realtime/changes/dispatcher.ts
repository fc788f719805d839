// Turns one committed row change into postgres_changes pushes: match bindings by
// table, event and filter; build the payload per role; check RLS for all matching
// subscribers in one query; deliver to the channels that may see the row.
import type pg from "pg";
import type { Logger } from "../../shared/log.js";
import { rowMatches } from "./filters.js";
import { buildData, errorData, NO_PRIMARY_KEY, type RowChange, UNAUTHORIZED } from "./payload.js";
import type { RelationCatalog, RelationInfo } from "./relations.js";
import type { ChangeData, ChangeSubscriber, SubscriptionRegistry } from "./subscriptions.js";
import { visibleTo } from "./visibility.js";

export class ChangeDispatcher {
  constructor(
    private readonly pool: pg.Pool,
    private readonly catalog: RelationCatalog,
    private readonly registry: SubscriptionRegistry,
    private readonly log: Logger,
  ) {}

  async dispatch(change: RowChange, commitTimestamp: string): Promise<void> {
    if (this.registry.size === 0) return;
    let rel: RelationInfo;
    try {
      rel = await this.catalog.get(change.relationOid);
    } catch (err) {
      this.log.debug(`change on relation ${change.relationOid} skipped`, err);
      return;
    }
    const hits = this.matchingSubscribers(rel, change);
    if (hits.size === 0) return;

    const dataByRole = new Map<string, ChangeData | null>();
    for (const subscriber of hits.keys()) {
      if (!dataByRole.has(subscriber.role)) {
        dataByRole.set(subscriber.role, await this.dataFor(rel, change, commitTimestamp, subscriber.role));
      }
    }

    const receivers = [...hits.keys()].filter((s) => dataByRole.get(s.role));
    // Error-only payloads carry no row, so there is nothing for RLS to hide.
    const carriesRow = (s: ChangeSubscriber) => dataByRole.get(s.role)?.columns !== undefined;
    const needsRls = rel.rlsEnabled && change.type !== "DELETE";
    const allowed = needsRls
      ? await this.visibleSubscribers(rel, change, receivers.filter(carriesRow))
      : new Set(receivers);

    const jsonByRole = new Map<string, string>();
    for (const subscriber of receivers) {
      const data = dataByRole.get(subscriber.role);
      if (!data || (carriesRow(subscriber) && !allowed.has(subscriber))) continue;
      let json = jsonByRole.get(subscriber.role);
      if (json === undefined) {
        json = JSON.stringify(data);
        jsonByRole.set(subscriber.role, json);
      }
      subscriber.deliver(hits.get(subscriber) ?? [], data, json);
    }
  }

  /** Subscribers with at least one binding that takes this change, with those bindings' ids. */
  private matchingSubscribers(rel: RelationInfo, change: RowChange): Map<ChangeSubscriber, number[]> {
    const row = (change.type === "DELETE" ? change.oldRow : change.newRow) ?? {};
    const kindOf = (column: string) => rel.columns.find((c) => c.name === column)?.codec.kind ?? "text";
    const hits = new Map<ChangeSubscriber, number[]>();
    for (const binding of this.registry.candidates(rel.schema, rel.table)) {
      if (binding.event !== "*" && binding.event !== change.type) continue;
      if (!rowMatches(binding.filters, row, kindOf)) continue;
      const ids = hits.get(binding.subscriber) ?? [];
      if (!ids.includes(binding.id)) ids.push(binding.id);
      hits.set(binding.subscriber, ids);
    }
    return hits;
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

  private async visibleSubscribers(
    rel: RelationInfo,
    change: RowChange,
    subscribers: ChangeSubscriber[],
  ): Promise<Set<ChangeSubscriber>> {
    // One check per distinct (role, claims): many channels of one user cost one lookup.
    const groups = new Map<string, ChangeSubscriber[]>();
    for (const s of subscribers) {
      const key = `${s.role}\u0000${s.claimsJson}`;
      const group = groups.get(key);
      if (group) group.push(s);
      else groups.set(key, [s]);
    }
    const entries = [...groups.values()];
    const keyValues = rel.primaryKey.map((c) => change.newRow?.[c] ?? null);
    const allowed = new Set<ChangeSubscriber>();
    try {
      const visible = await visibleTo(
        this.pool,
        rel,
        keyValues,
        entries.map((g) => ({ role: g[0].role, claimsJson: g[0].claimsJson })),
      );
      entries.forEach((group, i) => {
        if (visible[i]) for (const s of group) allowed.add(s);
      });
    } catch (err) {
      this.log.warn(`RLS check on ${rel.schema}.${rel.table} failed; change withheld`, err);
    }
    return allowed;
  }
}
