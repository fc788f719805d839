// The caller's rows of the permission matrix (`opsdesk.my_access()`, docs/any-project.md),
// loaded once per session and dropped whenever the signed-in user changes. A project without
// Opsdesk holds no rows for anyone: the console only says how to install it.
import type { MyAccess } from "../resources/describe.types";
import { fromJson } from "../resources/rpc";
import { resourceNameOf } from "../schema/names";
import { notInstalled, rememberKind } from "./backendKind";
import { opsdeskSchema } from "./opsdeskSchema";
import type { ConsoleClient } from "./supabaseClient";

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

export function supabasePermissionSource(client: ConsoleClient): PermissionSource {
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
    load: () => loadAccess(client),
    onUserChange: (callback) => {
      listeners.push(callback);
    },
  };
}

/** What `opsdesk.my_access()` answers (docs/any-project.md). */
export type Access = MyAccess;

/** Not a table: the right to open the console at all, and the admin's screens. */
export const OPERATOR = { resource: "opsdesk", action: "operator" } as const;
export const TABLES_SCREEN = "opsdesk_tables";
/** The admin's screens (`is_admin`): Tables, Operators, Permissions (and roles). */
export const ADMIN_SCREENS = [TABLES_SCREEN, "opsdesk_operators", "opsdesk_permissions"] as const;

/** The matrix of `my_access()` as permission rows of resources named as the generator names them. */
export function accessRows(access: Access): PermissionRow[] {
  if (!access.role || !access.active) return [];
  const rows: PermissionRow[] = [OPERATOR];
  for (const [qualified, actions] of Object.entries(access.permissions ?? {})) {
    const dot = qualified.indexOf(".");
    const resource = dot > 0 ? resourceNameOf(qualified.slice(0, dot), qualified.slice(dot + 1)) : qualified;
    for (const action of actions) rows.push({ resource, action });
  }
  if (access.is_admin)
    for (const screen of ADMIN_SCREENS)
      rows.push({ resource: screen, action: "list" }, { resource: screen, action: "edit" });
  return rows;
}

/** The rows from my_access(); none when the project has no Opsdesk installed (remembered as such). */
async function loadAccess(client: ConsoleClient): Promise<PermissionRow[]> {
  const { data, error } = await opsdeskSchema(client).rpc("my_access");
  if (error) {
    if (notInstalled(error)) {
      rememberKind("missing");
      return [];
    }
    throw error;
  }
  rememberKind("opsdesk");
  return data ? accessRows(fromJson<Access>(data)) : [];
}
