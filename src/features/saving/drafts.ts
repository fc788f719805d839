// What an operator typed into a form, kept in this browser until it is saved or discarded
// (docs/everyday.md, "Saving without a connection"): a reload, a closed or crashed tab, or a
// save that got no answer loses nothing. One draft per form and tab, under the operator's user
// id, so nobody else signing in here gets it; signing out drops them. A form takes its own
// tab's draft, or one a tab left behind that is gone (closed, crashed): never one another open
// tab is working on, whose save (and key) is still that tab's. Also which saves this tab is
// sending right now (they are sent again until the server answers), so leaving the page can
// warn while one waits.

export interface Draft {
  resource: string;
  /** The record edited; none for a create form. */
  recordId?: string;
  /** The form's values, as the form holds them (JSON). */
  values: Record<string, unknown>;
  /** The save's idempotency key: sent again, the save is never made twice. */
  writeKey: string;
  /** Save was pressed and no answer has come: opening the form again sends it again. */
  sent: boolean;
  /** When it was last written (ms since the epoch). */
  savedAt: number;
  /** The tab that wrote it (tabs.ts). */
  tab?: string;
}

type DraftSlot = Pick<Draft, "resource" | "recordId" | "writeKey">;

const PREFIX = "opsdesk.draft:";
/** Drafts older than this are dropped (the database keeps a save's key as long). */
export const DRAFT_DAYS = 30;

type Listener = () => void;

export interface DraftStore {
  put(userId: string, draft: Omit<Draft, "tab">): void;
  /**
   * The draft a form opening now takes: this tab's, else the newest one a tab that is gone
   * left (taken over by this tab); never one whose save this tab is sending.
   */
  find(userId: string, resource: string, recordId?: string): Promise<Draft | undefined>;
  remove(userId: string, draft: DraftSlot): void;
  /** A save with this key was made (also after its form was left). */
  saved(writeKey: string): void;
  /** A save with this key was refused: the draft stays, to be finished in its form. */
  refused(writeKey: string): void;
  /** Drops every draft of a user (they sign out). */
  clearUser(userId: string): void;
  /** Saves this tab is sending (waiting for the server included). */
  sending(): ReadonlySet<string>;
  startSending(writeKey: string): void;
  /**
   * An open form's draft, dropped by `discardOpen` when the operator confirms leaving it
   * (shell/LeaveGuard.tsx); returns the form's goodbye.
   */
  opened(userId: string, current: () => DraftSlot): () => void;
  /** The operator chose to leave the open form: its draft goes, unless its save is on its way. */
  discardOpen(): void;
  subscribe(listener: Listener): () => void;
}

export interface Tabs {
  /** This tab's id. */
  readonly id: string;
  /** The ids of the tabs open now (this one included). */
  live(): Promise<ReadonlySet<string>>;
}

export function createDraftStore(storage: Storage, tabs: Tabs, now: () => number = Date.now): DraftStore {
  const inFlight = new Set<string>();
  const openForms = new Set<{ userId: string; current: () => DraftSlot }>();
  const listeners = new Set<Listener>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  // A record form's draft is per tab; a create form's per save (its key).
  const slot = (userId: string, d: DraftSlot, tab = tabs.id) =>
    `${PREFIX}${userId}:${d.resource}:${d.recordId ? `${d.recordId}:${tab}` : `new:${d.writeKey}`}`;
  const formPrefix = (userId: string, resource: string, recordId?: string) =>
    `${PREFIX}${userId}:${resource}:${recordId ? `${recordId}:` : "new:"}`;

  /** Every stored draft with its storage key; unreadable or expired ones are dropped. */
  const all = (): [string, Draft][] => {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    return keys.flatMap((key) => {
      const draft = read(key);
      if (draft && now() - draft.savedAt <= DRAFT_DAYS * 86_400_000) return [[key, draft] as [string, Draft]];
      quietly(() => storage.removeItem(key));
      return [];
    });
  };
  const read = (key: string): Draft | undefined => {
    try {
      const value = JSON.parse(storage.getItem(key) ?? "null") as Draft | null;
      return value && typeof value.writeKey === "string" && typeof value.values === "object" ? value : undefined;
    } catch {
      return undefined;
    }
  };
  const write = (key: string, draft: Draft) => quietly(() => storage.setItem(key, JSON.stringify(draft)));
  const update = (writeKey: string, change: (key: string, draft: Draft) => void) => {
    for (const [key, draft] of all()) if (draft.writeKey === writeKey) change(key, draft);
  };
  const finished = (writeKey: string) => {
    if (inFlight.delete(writeKey)) notify();
  };

  return {
    put: (userId, draft) => write(slot(userId, draft), { ...draft, tab: tabs.id }),
    find: async (userId, resource, recordId) => {
      const prefix = formPrefix(userId, resource, recordId);
      const candidates = all()
        .filter(([key, draft]) => key.startsWith(prefix) && !inFlight.has(draft.writeKey))
        .sort(([, a], [, b]) => b.savedAt - a.savedAt);
      const own = candidates.find(([, draft]) => draft.tab === tabs.id);
      if (own) return own[1];
      const live = await tabs.live();
      const left = candidates.find(([, draft]) => !draft.tab || !live.has(draft.tab));
      if (!left) return undefined;
      // Taken over: from now on it is this tab's, and no other tab opening the form takes it.
      const [key, draft] = left;
      quietly(() => storage.removeItem(key));
      const taken = { ...draft, tab: tabs.id };
      write(slot(userId, taken), taken);
      return taken;
    },
    remove: (userId, draft) => quietly(() => storage.removeItem(slot(userId, draft))),
    saved: (writeKey) => {
      update(writeKey, (key) => quietly(() => storage.removeItem(key)));
      finished(writeKey);
    },
    refused: (writeKey) => {
      update(writeKey, (key, draft) => write(key, { ...draft, sent: false }));
      finished(writeKey);
    },
    clearUser: (userId) => {
      for (const [key] of all()) if (key.startsWith(`${PREFIX}${userId}:`)) quietly(() => storage.removeItem(key));
    },
    sending: () => inFlight,
    startSending: (writeKey) => {
      inFlight.add(writeKey);
      notify();
    },
    opened: (userId, current) => {
      const form = { userId, current };
      openForms.add(form);
      return () => openForms.delete(form);
    },
    discardOpen: () => {
      for (const { userId, current } of openForms) {
        const draft = current();
        if (!inFlight.has(draft.writeKey)) quietly(() => storage.removeItem(slot(userId, draft)));
      }
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Storage may be full or refused (private windows): the form keeps its values all the same. */
function quietly(write: () => void): void {
  try {
    write();
  } catch {
    // Nothing to do: the values stay in the open form.
  }
}
