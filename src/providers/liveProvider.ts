// Refine's live provider: @refinedev/supabase's postgres_changes subscription, opened once
// per resource and shared by every hook that watches it (lists, show pages, selects,
// forms). Realtime checks each change against the subscriber's RLS, so an operator only
// hears about rows they may read.
import type { BaseKey, LiveEvent, LiveProvider } from "@refinedev/core";
import { liveProvider as supabaseLiveProvider } from "@refinedev/supabase";
import type { RealtimeChannel } from "@supabase/supabase-js";
import { resourceMetaOf } from "../lib/resourceMeta";
import { encodeKey, ROW_KEY } from "../schema/names";
import { createSharedChannels } from "./sharedChannels";
import type { ConsoleClient } from "./supabaseClient";

/** What the project's audit trigger broadcasts on `opsdesk:table:<schema>:<table>` (docs/any-project.md). */
interface TableChange {
  op: "INSERT" | "UPDATE" | "DELETE";
  /** The changed rows' keys (up to 100 per statement), null for more: everything is read again. */
  keys: Record<string, unknown>[] | null;
}

const EVENT_TYPES: Record<TableChange["op"], LiveEvent["type"]> = {
  INSERT: "created",
  UPDATE: "updated",
  DELETE: "deleted",
};

/** Refine's events for one broadcast: one per changed key, carrying the id the screens know. */
export function tableChangeEvents(channel: string, change: TableChange, keyColumns: string[] | undefined): LiveEvent[] {
  const type = EVENT_TYPES[change.op] ?? "updated";
  const date = new Date();
  if (!change.keys) return [{ channel, type, payload: {}, date }];
  return change.keys.map((key) => ({
    channel,
    type,
    payload:
      keyColumns && keyColumns.length > 1 ? { ...key, [ROW_KEY]: encodeKey(keyColumns.map((c) => key[c])) } : key,
    date,
  }));
}

export interface LiveSubscriber {
  types: LiveEvent["type"][];
  /** Only these records (show pages, forms); every record when absent. */
  ids?: string[];
  /** The column holding a record's key in the event payload. */
  idColumn: string;
  callback: (event: LiveEvent) => void;
  /** Refine's channel name of the subscription (its events carry it). */
  channel?: string;
}

/** Whether a subscriber cares about an event: its type, and its record for updates and deletes. */
export function wants(subscriber: LiveSubscriber, event: LiveEvent): boolean {
  if (!subscriber.types.includes("*") && !subscriber.types.includes(event.type)) return false;
  if (!subscriber.ids || event.type === "created") return true;
  const key = event.payload?.[subscriber.idColumn];
  // A delete carries no new row: it may be the subscriber's record.
  return key === undefined || key === null || subscriber.ids.includes(String(key));
}

const LIVE_CHANNEL_GRACE_MS = 10_000;

interface Subscription {
  channel: string;
  subscriber: LiveSubscriber;
}

export function createLiveProvider(client: ConsoleClient): LiveProvider {
  const base = supabaseLiveProvider(client);
  const subscribers = new Map<string, Set<LiveSubscriber>>();
  const channels = createSharedChannels<RealtimeChannel>(
    (channel) =>
      base.subscribe({
        channel,
        types: ["*"],
        callback: (event) => {
          for (const subscriber of subscribers.get(channel) ?? []) {
            if (wants(subscriber, event)) subscriber.callback(event);
          }
        },
      }),
    (channel) => client.removeChannel(channel),
    // Long enough for the next screen of the resource to load (lazily) and take the channel over.
    LIVE_CHANNEL_GRACE_MS,
  );

  // A table generated from the live schema: the changes its audit trigger broadcasts, on a
  // private topic only operators who may read the table join (not postgres_changes, whose
  // DELETE events would reach every subscriber).
  const keyColumnsOf = new Map<string, string[] | undefined>();
  const tableChannels = createSharedChannels<RealtimeChannel>(
    async (topic) => {
      await client.realtime.setAuth();
      return client
        .channel(topic, { config: { private: true } })
        .on("broadcast", { event: "change" }, ({ payload }) => {
          for (const event of tableChangeEvents(topic, payload as TableChange, keyColumnsOf.get(topic))) {
            for (const subscriber of subscribers.get(topic) ?? []) {
              if (wants(subscriber, event)) subscriber.callback({ ...event, channel: subscriber.channel ?? topic });
            }
          }
        })
        .subscribe();
    },
    (channel) => client.removeChannel(channel),
    LIVE_CHANNEL_GRACE_MS,
  );

  return {
    subscribe: ({ channel, types, params, callback, meta }): Subscription => {
      const ids = (params?.ids as BaseKey[] | undefined)?.map(String);
      const read = resourceMetaOf(meta);
      const idColumn = read.idColumnName ?? "id";
      const topic = read.table ? `opsdesk:table:${read.table.schema}:${read.table.name}` : channel;
      const subscriber: LiveSubscriber = { types, ids, idColumn, callback, channel };
      const set = subscribers.get(topic) ?? new Set<LiveSubscriber>();
      subscribers.set(topic, set.add(subscriber));
      if (read.table) {
        keyColumnsOf.set(topic, read.keyColumns);
        void tableChannels.acquire(topic);
      } else void channels.acquire(channel);
      return { channel: topic, subscriber };
    },
    unsubscribe: ({ channel, subscriber }: Subscription) => {
      const set = subscribers.get(channel);
      set?.delete(subscriber);
      if (set?.size === 0) subscribers.delete(channel);
      if (channel.startsWith("opsdesk:table:")) tableChannels.release(channel);
      else channels.release(channel);
    },
  };
}
