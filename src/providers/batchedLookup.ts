// Values looked up by id for what a screen renders (the e-mail of an auth user, a stored file):
// the ids asked in one moment go out in one call, each answer is kept for the page, and whoever
// watches an id is called back when its answer is in. userEmails.ts and storedObjects.ts use it.

type Listener = () => void;

export interface BatchedLookup<T> {
  /** The value of `id`: once known, null where there is none (or none the caller may see), undefined while asked. */
  get(id: string): T | null | undefined;
  /** Asks for `id` (batched) and calls back when its answer is in; returns the unsubscribe. */
  watch(id: string, listener: Listener): () => void;
  /** Keeps a value learnt otherwise (a search, an upload). */
  remember(id: string, value: T): void;
}

/** `ask` answers the ids it found (a failure answers none: each is then null for the page). */
export function createBatchedLookup<T>(ask: (ids: string[]) => Promise<Map<string, T>>): BatchedLookup<T> {
  const known = new Map<string, T | null>();
  const listeners = new Map<string, Set<Listener>>();
  let pending = new Set<string>();
  let scheduled = false;

  const flush = async () => {
    scheduled = false;
    const ids = [...pending];
    pending = new Set();
    if (ids.length === 0) return;
    const found = await ask(ids).catch(() => new Map<string, T>());
    for (const id of ids) {
      known.set(id, found.get(id) ?? null);
      for (const listener of listeners.get(id) ?? []) listener();
    }
  };

  return {
    get: (id) => known.get(id),
    watch: (id, listener) => {
      const set = listeners.get(id) ?? new Set();
      listeners.set(id, set.add(listener));
      if (!known.has(id)) {
        pending.add(id);
        if (!scheduled) {
          scheduled = true;
          queueMicrotask(() => void flush());
        }
      }
      return () => set.delete(listener);
    },
    remember: (id, value) => {
      known.set(id, value);
      for (const listener of listeners.get(id) ?? []) listener();
    },
  };
}
