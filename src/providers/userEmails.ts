// E-mail addresses of auth users, for columns that hold a key to auth.users (docs/any-project.md):
// `opsdesk.user_emails(ids)` answers them only to operators who may list the referencing table.
// The ids a screen renders in one moment go out in one call, and each answer is kept for the page.
import type { ConsoleClient } from "./supabaseClient";

type Listener = () => void;

export interface UserEmails {
  /** The e-mail of `id`: a string once known, null for no such user (or none allowed), undefined while asked. */
  get(id: string): string | null | undefined;
  /** Asks for `id` (batched) and calls back when its answer is in; returns the unsubscribe. */
  watch(id: string, listener: Listener): () => void;
}

export function createUserEmails(client: ConsoleClient): UserEmails {
  const known = new Map<string, string | null>();
  const listeners = new Map<string, Set<Listener>>();
  let pending = new Set<string>();
  let scheduled = false;

  const flush = async () => {
    scheduled = false;
    const ids = [...pending];
    pending = new Set();
    if (ids.length === 0) return;
    const { data, error } = await client.schema("opsdesk").rpc("user_emails", { ids });
    const rows = error ? [] : (data ?? []);
    const found = new Map(rows.map((row) => [row.id, row.email]));
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
  };
}
