// What an operator typed into a form, kept in this browser until it is saved or discarded
// (docs/everyday.md, "Saving without a connection"): a reload, a closed or crashed tab, or a
// save that got no answer loses nothing. One draft per record form (and per create form's
// save), under the operator's user id, so nobody else signing in here gets it; signing out
// drops them. Also which saves this tab is sending right now (they are sent again until the
// server answers), so leaving the page can warn while one waits.

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
}

const PREFIX = "opsdesk.draft:";
/** Drafts older than this are dropped (the database keeps a save's key as long). */
export const DRAFT_DAYS = 30;

type Listener = () => void;

export interface DraftStore {
  put(userId: string, draft: Draft): void;
  /** The newest draft of a form: a record's, or a create form's not being sent right now. */
  find(userId: string, resource: string, recordId?: string): Draft | undefined;
  remove(userId: string, draft: Pick<Draft, "resource" | "recordId" | "writeKey">): void;
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
   * (components/shell/LeaveGuard.tsx); returns the form's goodbye.
   */
  opened(userId: string, current: () => Pick<Draft, "resource" | "recordId" | "writeKey">): () => void;
  /** The operator chose to leave the open form: its draft goes, unless its save is on its way. */
  discardOpen(): void;
  subscribe(listener: Listener): () => void;
}

const slot = (userId: string, d: Pick<Draft, "resource" | "recordId" | "writeKey">) =>
  `${PREFIX}${userId}:${d.resource}:${d.recordId ?? `new:${d.writeKey}`}`;

export function createDraftStore(storage: Storage, now: () => number = Date.now): DraftStore {
  const inFlight = new Set<string>();
  const openForms = new Set<{ userId: string; current: () => Pick<Draft, "resource" | "recordId" | "writeKey"> }>();
  const listeners = new Set<Listener>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

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
  const update = (writeKey: string, change: (key: string, draft: Draft) => void) => {
    for (const [key, draft] of all()) if (draft.writeKey === writeKey) change(key, draft);
  };
  const finished = (writeKey: string) => {
    if (inFlight.delete(writeKey)) notify();
  };

  return {
    put: (userId, draft) => quietly(() => storage.setItem(slot(userId, draft), JSON.stringify(draft))),
    find: (userId, resource, recordId) => {
      const prefix = `${PREFIX}${userId}:${resource}:${recordId ?? "new:"}`;
      return all()
        .filter(([key, draft]) => (recordId ? key === prefix : key.startsWith(prefix) && !inFlight.has(draft.writeKey)))
        .map(([, draft]) => draft)
        .sort((a, b) => b.savedAt - a.savedAt)[0];
    },
    remove: (userId, draft) => quietly(() => storage.removeItem(slot(userId, draft))),
    saved: (writeKey) => {
      update(writeKey, (key) => quietly(() => storage.removeItem(key)));
      finished(writeKey);
    },
    refused: (writeKey) => {
      update(writeKey, (key, draft) => quietly(() => storage.setItem(key, JSON.stringify({ ...draft, sent: false }))));
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

let pageDrafts: DraftStore | undefined;

/** This page's drafts, in localStorage (shared by the tabs of this browser). */
export function drafts(): DraftStore {
  pageDrafts ??= createDraftStore(window.localStorage);
  return pageDrafts;
}
