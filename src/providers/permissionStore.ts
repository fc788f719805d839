// The one permission store of the page, shared by the sign-in screens and the console, and the
// access watch that keeps it current (accessRefresh.ts); made on first use. A user's first
// permission read waits for the watch to join, so it is the only one (docs/live-access.md).
import { type AccessWatch, createAccessRefresh, type RefreshAccess, watchAccess } from "./accessRefresh";
import { PermissionStore, supabasePermissionSource } from "./permissions";
import { queryClient } from "./queryClient";
import { consoleClient } from "./supabaseClient";

let made: { store: PermissionStore; refresh: RefreshAccess; watch: AccessWatch } | undefined;

function access() {
  if (made) return made;
  const client = consoleClient();
  // The store's reads wait for the watch, whose messages refresh the store.
  const watching: { watch?: AccessWatch } = {};
  const store = new PermissionStore(supabasePermissionSource(client), (userId) =>
    watching.watch ? watching.watch.joined(userId) : Promise.resolve(false),
  );
  const refresh = createAccessRefresh(store, queryClient);
  watching.watch = watchAccess(client, refresh, queryClient);
  made = { store, refresh, watch: watching.watch };
  return made;
}

export const consolePermissions = (): PermissionStore => access().store;

/** Asks the operator's access again (after a change to the permission matrix). */
export const consoleAccessRefresh = (): RefreshAccess => access().refresh;
