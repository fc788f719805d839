// The caller's rows of the permission matrix (`rpc('my_permissions')`), loaded once per
// session and dropped whenever the signed-in user changes.
import type { SupabaseClient } from "@supabase/supabase-js";
import { plainMessage } from "./errors";

export interface PermissionRow {
  resource: string;
  action: string;
}

export interface PermissionSource {
  /** The signed-in user's id, or null without a session. */
  currentUserId(): Promise<string | null>;
  load(): Promise<PermissionRow[]>;
  /** Calls back whenever the signed-in user may have changed. */
  onUserChange(callback: () => void): void;
}

export class PermissionStore {
  private cache?: { userId: string; rows: Promise<Set<string>>; answered?: Set<string> };
  /** Loads started, and the newest one whose rows are held: an older answer never replaces a newer. */
  private loads = 0;
  private held = 0;

  /**
   * `beforeFirstRead` is awaited before a user's first read (the access watch's join,
   * accessRefresh.ts), so that one read is enough.
   */
  constructor(
    private readonly source: PermissionSource,
    private readonly beforeFirstRead?: (userId: string) => Promise<unknown>,
  ) {
    source.onUserChange(() => this.clear());
  }

  clear(): void {
    this.cache = undefined;
  }

  /** `resource:action` keys the caller holds; empty for anonymous, non-staff and inactive staff. */
  async get(): Promise<Set<string>> {
    const userId = await this.source.currentUserId();
    if (!userId) return new Set();
    if (this.cache?.userId !== userId) {
      const gate = this.beforeFirstRead;
      const rows = gate ? gate(userId).then(() => this.load()) : this.load();
      this.held = ++this.loads;
      // A failed load must not stick: the next question asks the server again.
      rows.then(
        (keys) => {
          if (this.cache?.rows === rows) this.cache.answered = keys;
        },
        () => {
          if (this.cache?.rows === rows) this.clear();
        },
      );
      this.cache = { userId, rows };
    }
    return this.cache.rows;
  }

  /** The keys held for `userId` once the server has answered; undefined before that. */
  known(userId: string): Set<string> | undefined {
    return this.cache?.userId === userId ? this.cache.answered : undefined;
  }

  /**
   * Asks the server again. Until it answers, `get()` keeps answering with the rows held, so
   * screens are not held up by a refresh; a failed reload keeps them too.
   */
  async reload(): Promise<Set<string>> {
    const userId = await this.source.currentUserId();
    if (!userId) return new Set();
    const load = ++this.loads;
    const rows = this.load();
    const fresh = await rows;
    if (load > this.held && (!this.cache || this.cache.userId === userId)) {
      this.held = load;
      this.cache = { userId, rows, answered: fresh };
    }
    return fresh;
  }

  private load(): Promise<Set<string>> {
    return this.source.load().then((list) => new Set(list.map((p) => `${p.resource}:${p.action}`)));
  }
}

export function supabasePermissionSource(client: SupabaseClient): PermissionSource {
  // The user id follows auth events instead of asking getSession() (which takes the auth
  // lock) for every button on a page.
  let userId: string | null = null;
  const listeners: (() => void)[] = [];
  const ready = new Promise<void>((resolve) => {
    client.auth.onAuthStateChange((event, session) => {
      const changed = (session?.user.id ?? null) !== userId;
      userId = session?.user.id ?? null;
      resolve();
      if (changed || event === "SIGNED_IN" || event === "SIGNED_OUT") for (const listener of listeners) listener();
    });
  });
  return {
    currentUserId: async () => {
      await ready;
      return userId;
    },
    load: async () => {
      const { data, error } = await client.rpc("my_permissions");
      if (error) throw new Error(plainMessage(error));
      return (data ?? []) as PermissionRow[];
    },
    onUserChange: (callback) => {
      listeners.push(callback);
    },
  };
}
