// This page's drafts (drafts.ts) in localStorage, shared by the browser's tabs, and which tabs
// are open: each tab holds a Web Lock named by its id for as long as it lives, and the browser
// lets go of it the moment the tab closes or crashes, so "is that tab gone?" needs no clock.
// The id lives in sessionStorage: a reloaded or restored tab is the same tab. A duplicated tab
// (which copies sessionStorage) finds its id's lock held and takes a new one.
import { createDraftStore, type DraftStore, type Tabs } from "./drafts";

const TAB_KEY = "opsdesk.tab";
const LOCK = "opsdesk.tab:";

function pageTabs(): Tabs {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  const stored = sessionStorage.getItem(TAB_KEY);
  const tab = { id: stored ?? crypto.randomUUID() };
  const hold = (id: string, ifAvailable: boolean) =>
    locks?.request(`${LOCK}${id}`, { ifAvailable }, (lock) => {
      if (!lock) {
        // Another tab has this id (a duplicate of it): this one becomes a tab of its own.
        tab.id = crypto.randomUUID();
        sessionStorage.setItem(TAB_KEY, tab.id);
        void hold(tab.id, false);
        return undefined;
      }
      return new Promise<void>(() => {});
    });
  sessionStorage.setItem(TAB_KEY, tab.id);
  void hold(tab.id, true);
  return {
    get id() {
      return tab.id;
    },
    live: async () => {
      // Without Web Locks no other tab can be told apart: its drafts count as left behind.
      if (!locks) return new Set([tab.id]);
      const { held = [] } = await locks.query();
      const ids = held.flatMap(({ name }) => (name?.startsWith(LOCK) ? [name.slice(LOCK.length)] : []));
      return new Set([tab.id, ...ids]);
    },
  };
}

let pageDrafts: DraftStore | undefined;

/** This page's drafts, shared with the browser's other tabs. */
export function drafts(): DraftStore {
  pageDrafts ??= createDraftStore(window.localStorage, pageTabs());
  return pageDrafts;
}
