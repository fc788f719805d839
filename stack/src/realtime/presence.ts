// Presence per topic, in memory: each joined channel tracks at most one entry under
// its presence key; every change yields a Phoenix presence diff
// `{joins: {key: {metas: [...]}}, leaves: {...}}`, metas carrying `phx_ref`.
import { randomBytes } from "node:crypto";

type PresenceMeta = Record<string, unknown> & { phx_ref: string; phx_ref_prev?: string };
type PresenceMap = Record<string, { metas: PresenceMeta[] }>;
export interface PresenceDiff {
  joins: PresenceMap;
  leaves: PresenceMap;
}

interface Entry {
  key: string;
  meta: PresenceMeta;
}

function newRef(): string {
  return randomBytes(9).toString("base64url");
}

function single(key: string, meta: PresenceMeta): PresenceMap {
  return { [key]: { metas: [meta] } };
}

export class PresenceRegistry<Owner> {
  private readonly topics = new Map<string, Map<Owner, Entry>>();

  state(topic: string): PresenceMap {
    const map: PresenceMap = {};
    for (const { key, meta } of this.topics.get(topic)?.values() ?? []) {
      map[key] ??= { metas: [] };
      map[key].metas.push(meta);
    }
    return map;
  }

  /** Tracks (or updates) the owner's state under `key`. */
  track(topic: string, owner: Owner, key: string, state: Record<string, unknown>): PresenceDiff {
    let entries = this.topics.get(topic);
    if (!entries) {
      entries = new Map();
      this.topics.set(topic, entries);
    }
    const previous = entries.get(owner);
    const meta: PresenceMeta = { ...state, phx_ref: newRef() };
    if (previous && previous.key === key) meta.phx_ref_prev = previous.meta.phx_ref;
    entries.set(owner, { key, meta });
    return {
      joins: single(key, meta),
      leaves: previous ? single(previous.key, previous.meta) : {},
    };
  }

  /** Removes the owner's entry; null when it had none. */
  untrack(topic: string, owner: Owner): PresenceDiff | null {
    const entries = this.topics.get(topic);
    const previous = entries?.get(owner);
    if (!entries || !previous) return null;
    entries.delete(owner);
    if (entries.size === 0) this.topics.delete(topic);
    return { joins: {}, leaves: single(previous.key, previous.meta) };
  }
}
