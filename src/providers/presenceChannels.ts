// Realtime presence on private record channels (`record:<resource>:<id>`; RLS on
// realtime.messages lets in only staff who may see the record). One channel per topic,
// shared by the screens that show it, so going from the show page to the edit page keeps
// the operator's place instead of leaving and rejoining.
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { createSharedChannels } from "./sharedChannels";

export type PresenceMode = "viewing" | "editing";

/** What each operator announces on a record channel. */
export interface PresencePayload {
  user_id: string;
  name: string;
  email?: string;
  mode: PresenceMode;
}

/** Everyone on a channel by presence key (a user id), one entry per open tab. */
export type PresenceState = Record<string, PresencePayload[]>;

type Listener = (state: PresenceState) => void;

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
    /** Joins the topic's channel as `me` and reports who is on it until `leave` is called. */
    join(topic: string, me: PresencePayload, onChange: Listener) {
      keys.set(topic, me.user_id);
      let left = false;
      let shared: PresenceChannel | undefined;
      pool
        .acquire(topic)
        .then(async (opened) => {
          if (left) return;
          shared = opened;
          opened.listeners.add(onChange);
          onChange(opened.channel.presenceState<PresencePayload>());
          await opened.channel.track({ ...me });
        })
        // Presence is a comfort: a refused or failed join leaves the page as it is.
        .catch(() => undefined);
      return function leave() {
        left = true;
        shared?.listeners.delete(onChange);
        pool.release(topic);
      };
    },
  };
}
