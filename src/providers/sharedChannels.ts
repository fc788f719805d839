// Reference-counted realtime channels: every hook that wants a topic shares one
// subscription. A release waits a moment before leaving, so a screen that hands the
// topic to the next one (list → show, StrictMode's remount) keeps the same channel,
// and a topic opened again while it is still leaving waits until it has left
// (supabase-js would hand back the leaving channel, which cannot subscribe again).

interface Entry<T> {
  users: number;
  ready: Promise<T>;
  closeTimer?: ReturnType<typeof setTimeout>;
}

export interface SharedChannels<T> {
  /** The topic's one open channel, opened on first use. */
  acquire(key: string): Promise<T>;
  /** One user fewer; the last one closes the channel after the grace period. */
  release(key: string): void;
  /** Topics with a channel open or opening (for tests and diagnostics). */
  openKeys(): string[];
}

export function createSharedChannels<T>(
  open: (key: string) => T | Promise<T>,
  close: (channel: T) => unknown,
  graceMs = 1000,
): SharedChannels<T> {
  const entries = new Map<string, Entry<T>>();
  const leaving = new Map<string, Promise<unknown>>();

  return {
    acquire(key) {
      const existing = entries.get(key);
      if (existing) {
        clearTimeout(existing.closeTimer);
        existing.closeTimer = undefined;
        existing.users += 1;
        return existing.ready;
      }
      const ready = (leaving.get(key) ?? Promise.resolve()).then(() => open(key));
      entries.set(key, { users: 1, ready });
      return ready;
    },
    release(key) {
      const entry = entries.get(key);
      if (!entry) return;
      entry.users -= 1;
      if (entry.users > 0) return;
      entry.closeTimer = setTimeout(() => {
        entries.delete(key);
        const left = entry.ready
          .then(close)
          .catch(() => undefined)
          .finally(() => {
            if (leaving.get(key) === left) leaving.delete(key);
          });
        leaving.set(key, left);
      }, graceMs);
    },
    openKeys: () => [...entries.keys()],
  };
}
