// Who else has a record open: realtime presence on the private channel
// `record:<resource>:<id>` (RLS on realtime.messages lets in only staff who may see it).
// One channel per record topic, shared by the screens that show it, so going from the
// show page to the edit page keeps the operator's place instead of leaving and rejoining.
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { createSharedChannels } from "../../providers/sharedChannels";

export type PresenceMode = "viewing" | "editing";

/** What each operator announces on a record channel. */
export interface PresencePayload {
  user_id: string;
  name: string;
  email?: string;
  mode: PresenceMode;
}

export interface PresentOperator {
  userId: string;
  name: string;
  email?: string;
  /** Editing when any of their tabs edits the record. */
  mode: PresenceMode;
}

export const recordTopic = (resource: string, id: string | number) => `record:${resource}:${id}`;

/** Everyone on the channel but the operator themselves (all of whose tabs share one key). */
export function othersIn(state: Record<string, Partial<PresencePayload>[]>, selfId: string): PresentOperator[] {
  return Object.entries(state)
    .filter(([key, metas]) => key !== selfId && metas.length > 0)
    .map(([key, metas]) => ({
      userId: key,
      name: metas.find((m) => m.name)?.name ?? metas[0]?.email ?? key,
      email: metas.find((m) => m.email)?.email,
      mode: metas.some((m) => m.mode === "editing") ? ("editing" as const) : ("viewing" as const),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** `Ada Lovelace` → `AL`; `editor@example.com` → `E`. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s@.]+/).filter(Boolean);
  const letters = words.length > 1 && !name.includes("@") ? words[0][0] + words[words.length - 1][0] : words[0]?.[0];
  return (letters ?? "?").toUpperCase();
}

type Listener = (state: Record<string, PresencePayload[]>) => void;

interface PresenceChannel {
  channel: RealtimeChannel;
  listeners: Set<Listener>;
}

export function createPresenceChannels(client: SupabaseClient) {
  /** The presence key of each topic's channel: the signed-in operator's user id. */
  const keys = new Map<string, string>();
  const pool = createSharedChannels<PresenceChannel>(
    (topic) =>
      new Promise((resolve, reject) => {
        const listeners = new Set<Listener>();
        const channel = client.channel(topic, { config: { private: true, presence: { key: keys.get(topic) ?? "" } } });
        channel.on("presence", { event: "sync" }, () => {
          const state = channel.presenceState<PresencePayload>();
          for (const listener of listeners) listener(state);
        });
        channel.subscribe((status, error) => {
          if (status === "SUBSCRIBED") resolve({ channel, listeners });
          else if (status === "CHANNEL_ERROR" || status === "TIMED_OUT") reject(error ?? new Error(status));
        });
      }),
    ({ channel }) => client.removeChannel(channel),
  );

  return {
    /** Joins the record's channel as `me` and reports the others on it until `leave` is called. */
    join(topic: string, me: PresencePayload, onChange: (others: PresentOperator[]) => void) {
      keys.set(topic, me.user_id);
      let left = false;
      let shared: PresenceChannel | undefined;
      const listener: Listener = (state) => onChange(othersIn(state, me.user_id));
      pool
        .acquire(topic)
        .then(async (opened) => {
          if (left) return;
          shared = opened;
          opened.listeners.add(listener);
          listener(opened.channel.presenceState<PresencePayload>());
          await opened.channel.track({ ...me });
        })
        // Presence is a comfort: a refused or failed join leaves the page as it is.
        .catch(() => undefined);
      return function leave() {
        left = true;
        shared?.listeners.delete(listener);
        pool.release(topic);
      };
    },
  };
}
