// Who else views or edits a record, as the database tells it (docs/live-access.md "Who
// is on a record"): the screen announces itself with rpc('record_presence') — the
// database records the caller's own user id and takes the name from their operator row —
// renews that every 20 s, and leaves with rpc('record_presence_leave'). Changes arrive as
// `viewers` broadcasts on the private channel `opsdesk:record:<schema>:<table>:<id>`, where only the
// database broadcasts (no client may). One channel per topic, shared by the screens that
// show it, so going from the show page to the edit page keeps the channel.
//
// On the same channel the page tracks realtime presence with nothing but its screens'
// tab ids, and an entry is shown only while one of its tabs is present: a closed or
// reloaded page drops out at once (its socket goes), not after the database's 60 s.
// Presence never names anyone: a forged one can only keep a departed tab shown.
//
// Whatever arrives is checked before a screen sees it (parseViewers, presentTabs): a
// malformed message is dropped, never rendered, and of two answers the newer wins.
import type { RealtimeChannel } from "@supabase/supabase-js";
import { opsdeskSchema } from "./opsdeskSchema";
import { createSharedChannels } from "./sharedChannels";
import type { ConsoleClient } from "./supabaseClient";

export type PresenceMode = "viewing" | "editing";

export interface RecordViewer {
  userId: string;
  name: string;
  mode: PresenceMode;
  /** The screens (tab ids) they have the record open in. */
  tabs: string[];
}

export interface ViewersUpdate {
  viewers: RecordViewer[];
  version: number;
}

type Listener = (update: ViewersUpdate) => void;

const MAX_TABS = 50;
const isTabId = (value: unknown): value is string =>
  typeof value === "string" && value.length > 0 && value.length <= 64;

/** How often a screen renews its place; the database forgets a tab after 60 s. */
export const RENEW_MS = 20_000;
/** More viewers than this on one record are not shown (the message is refused). */
const MAX_VIEWERS = 200;
const MAX_NAME = 200;

/** A `viewers` answer or broadcast, checked; null when it is not one. */
export function parseViewers(value: unknown): ViewersUpdate | null {
  if (!value || typeof value !== "object") return null;
  const { viewers, version } = value as { viewers?: unknown; version?: unknown };
  if (!Array.isArray(viewers) || viewers.length > MAX_VIEWERS) return null;
  const versionNumber = typeof version === "string" ? Number(version) : version;
  if (typeof versionNumber !== "number" || !Number.isSafeInteger(versionNumber)) return null;
  const checked: RecordViewer[] = [];
  for (const entry of viewers) {
    if (!entry || typeof entry !== "object") continue;
    const { user_id, name, mode } = entry as Record<string, unknown>;
    if (typeof user_id !== "string" || user_id === "" || user_id.length > 64) continue;
    if (typeof name !== "string" || name.trim() === "") continue;
    if (mode !== "viewing" && mode !== "editing") continue;
    const tabs = Array.isArray((entry as { tabs?: unknown }).tabs)
      ? ((entry as { tabs: unknown[] }).tabs.filter(isTabId).slice(0, MAX_TABS) as string[])
      : [];
    checked.push({ userId: user_id, name: name.trim().slice(0, MAX_NAME), mode, tabs });
  }
  return { viewers: checked, version: versionNumber };
}

/** The tab ids a channel's presence state announces (every meta's `tabs`, checked). */
export function presentTabs(state: Record<string, unknown>): Set<string> {
  const tabs = new Set<string>();
  for (const metas of Object.values(state)) {
    if (!Array.isArray(metas)) continue;
    for (const meta of metas.slice(0, MAX_TABS)) {
      const list = (meta as { tabs?: unknown } | null)?.tabs;
      if (Array.isArray(list)) for (const tab of list.slice(0, MAX_TABS)) if (isTabId(tab)) tabs.add(tab);
    }
  }
  return tabs;
}

/** The viewers with a tab still present; all of them until the channel's presence has synced. */
export function stillPresent(viewers: RecordViewer[], present: Set<string> | null): RecordViewer[] {
  return present ? viewers.filter((v) => v.tabs.some((tab) => present.has(tab))) : viewers;
}

interface ViewersChannel {
  channel: RealtimeChannel;
  /** Screens on this channel: each gets the broadcasts and presence changes. */
  listeners: Set<{ update: Listener; presence: () => void }>;
  /** Tab ids the channel's presence announces; null until it has synced. */
  present: Set<string> | null;
  /** This page's open screens on the record, announced as presence. */
  tabs: Set<string>;
  subscribed: boolean;
  announceTabs(): void;
}

/**
 * A topic's presence calls: `opsdesk:record:<schema>:<table>:<id>` → opsdesk.record_presence
 * with { schema_name, table_name, record_id } (a key of several columns keeps its colons).
 */
export function presenceCallsOf(client: ConsoleClient, topic: string) {
  const [, , schema_name, table_name, ...id] = topic.split(":");
  const opsdesk = opsdeskSchema(client);
  const record = { schema_name, table_name, record_id: id.join(":") };
  return {
    announce: (tab: string, mode: PresenceMode) => opsdesk.rpc("record_presence", { ...record, tab, mode }),
    leave: (tab: string) => opsdesk.rpc("record_presence_leave", { ...record, tab }),
  };
}

/** This page's presence key on every record channel. */
const PAGE_KEY = crypto.randomUUID();

export function createRecordViewers(client: ConsoleClient) {
  const pool = createSharedChannels<ViewersChannel>(
    (topic) =>
      new Promise((resolve) => {
        const channel = client.channel(topic, { config: { private: true, presence: { key: PAGE_KEY } } });
        const shared: ViewersChannel = {
          channel,
          listeners: new Set(),
          present: null,
          tabs: new Set(),
          subscribed: false,
          announceTabs() {
            if (shared.subscribed) void channel.track({ tabs: [...shared.tabs] }).catch(() => undefined);
          },
        };
        channel.on("broadcast", { event: "viewers" }, (message) => {
          const update = parseViewers(message.payload);
          if (update) for (const listener of shared.listeners) listener.update(update);
        });
        channel.on("presence", { event: "sync" }, () => {
          shared.present = presentTabs(channel.presenceState());
          for (const listener of shared.listeners) listener.presence();
        });
        // Resolved at once: the screen's own calls answer who is there even while (or if)
        // the channel cannot join; the broadcasts only make changes arrive sooner.
        channel.subscribe((status) => {
          shared.subscribed = status === "SUBSCRIBED";
          if (shared.subscribed) shared.announceTabs();
        });
        resolve(shared);
      }),
    ({ channel }) => client.removeChannel(channel),
  );

  return {
    /** Announces this screen on the record as `mode` and reports its viewers until `leave` is called. */
    join(topic: string, mode: PresenceMode, onChange: (viewers: RecordViewer[]) => void) {
      const tab = crypto.randomUUID();
      const calls = presenceCallsOf(client, topic);
      let left = false;
      let newest = -1;
      let latest: RecordViewer[] = [];
      let shared: ViewersChannel | undefined;
      const show = () => {
        if (!left) onChange(stillPresent(latest, shared?.present ?? null));
      };
      const take = (update: ViewersUpdate | null) => {
        if (left || !update || update.version <= newest) return;
        newest = update.version;
        latest = update.viewers;
        show();
      };
      const listener = { update: take, presence: show };
      // Presence is a comfort: a refused or failed call leaves the page as it is.
      const announce = () =>
        calls.announce(tab, mode).then(
          ({ data }) => take(parseViewers(data)),
          () => undefined,
        );
      pool.acquire(topic).then((opened) => {
        if (left) return;
        shared = opened;
        opened.listeners.add(listener);
        opened.tabs.add(tab);
        opened.announceTabs();
      });
      void announce();
      const timer = setInterval(() => void announce(), RENEW_MS);
      return function leave() {
        left = true;
        clearInterval(timer);
        if (shared) {
          shared.listeners.delete(listener);
          shared.tabs.delete(tab);
          shared.announceTabs();
        }
        pool.release(topic);
        void calls.leave(tab).then(
          () => undefined,
          () => undefined,
        );
      };
    },
  };
}
