// Refine's live provider: @refinedev/supabase's postgres_changes subscription, opened once
// per resource and shared by every hook that watches it (lists, show pages, selects,
// forms). Realtime checks each change against the subscriber's RLS, so an operator only
// hears about rows they may read.
import type { BaseKey, LiveEvent, LiveProvider } from "@refinedev/core";
import { liveProvider as supabaseLiveProvider } from "@refinedev/supabase";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { resourceMetaOf } from "../lib/resourceMeta";
import { createSharedChannels } from "./sharedChannels";

export interface LiveSubscriber {
  types: LiveEvent["type"][];
  /** Only these records (show pages, forms); every record when absent. */
  ids?: string[];
  /** The column holding a record's key in the event payload. */
  idColumn: string;
  callback: (event: LiveEvent) => void;
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

export function createLiveProvider(client: SupabaseClient): LiveProvider {
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

  return {
    subscribe: ({ channel, types, params, callback, meta }): Subscription => {
      const ids = (params?.ids as BaseKey[] | undefined)?.map(String);
      const idColumn = resourceMetaOf(meta).idColumnName ?? "id";
      const subscriber: LiveSubscriber = { types, ids, idColumn, callback };
      const set = subscribers.get(channel) ?? new Set<LiveSubscriber>();
      subscribers.set(channel, set.add(subscriber));
      void channels.acquire(channel);
      return { channel, subscriber };
    },
    unsubscribe: ({ channel, subscriber }: Subscription) => {
      const set = subscribers.get(channel);
      set?.delete(subscriber);
      if (set?.size === 0) subscribers.delete(channel);
      channels.release(channel);
    },
  };
}
