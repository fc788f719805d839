// Live postgres_changes bindings, indexed by table so a change only looks at the
// bindings that can match it.
import type { ColumnFilter } from "./filters.js";

export type ChangeType = "INSERT" | "UPDATE" | "DELETE";
export type ChangeEvent = ChangeType | "*";

export interface ChangeData {
  schema: string;
  table: string;
  commit_timestamp: string;
  type: ChangeType;
  columns?: Array<{ name: string; type: string }>;
  record?: Record<string, unknown>;
  old_record?: Record<string, unknown>;
  errors: string[] | null;
}

/** A joined channel as the change feed sees it: who it acts as, where changes go. */
export interface ChangeSubscriber {
  /** The role of the channel's current JWT (RLS and column privileges run as it). */
  readonly role: string;
  /** Its claims, JSON-encoded, for `request.jwt.claims`. */
  readonly claimsJson: string;
  /** `data` is the change's ChangeData as UTF-8 JSON, encoded once for every receiver of the same role. */
  deliver(ids: number[], data: Buffer): void;
}

export interface ChangeBinding {
  /** The integer the join reply returned for this binding. */
  id: number;
  event: ChangeEvent;
  schema: string;
  /** `*` for every table of the schema. */
  table: string;
  filters: ColumnFilter[];
  subscriber: ChangeSubscriber;
}

export class SubscriptionRegistry {
  private readonly byTable = new Map<string, Set<ChangeBinding>>();
  private readonly bySubscriber = new Map<ChangeSubscriber, ChangeBinding[]>();
  /** Bumped on every change of the bindings: what was derived from them is stale. */
  version = 0;

  get size(): number {
    return this.bySubscriber.size;
  }

  /** Replaces the subscriber's bindings. */
  set(subscriber: ChangeSubscriber, bindings: ChangeBinding[]): void {
    this.remove(subscriber);
    this.version++;
    if (bindings.length === 0) return;
    this.bySubscriber.set(subscriber, bindings);
    for (const b of bindings) {
      const key = `${b.schema}.${b.table}`;
      let set = this.byTable.get(key);
      if (!set) {
        set = new Set();
        this.byTable.set(key, set);
      }
      set.add(b);
    }
  }

  remove(subscriber: ChangeSubscriber): void {
    const bindings = this.bySubscriber.get(subscriber);
    if (!bindings) return;
    this.version++;
    this.bySubscriber.delete(subscriber);
    for (const b of bindings) {
      const key = `${b.schema}.${b.table}`;
      const set = this.byTable.get(key);
      set?.delete(b);
      if (set?.size === 0) this.byTable.delete(key);
    }
  }

  /** Bindings on this table, on every table of its schema, and on every schema. */
  candidates(schema: string, table: string): ChangeBinding[] {
    const out: ChangeBinding[] = [];
    for (const key of [`${schema}.${table}`, `${schema}.*`, "*.*"]) {
      const set = this.byTable.get(key);
      if (set) out.push(...set);
    }
    return out;
  }
}
