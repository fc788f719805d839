// The providers the app wires into <Refine>, all built from the one Supabase client.
// Importing this starts nothing: the console builds them, once, when it starts (App.tsx).
import type { AccessControlProvider, AuthProvider, DataProvider, LiveProvider } from "@refinedev/core";
import { findResource } from "../resources";
import { createAccessControlProvider } from "./accessControlProvider";
import { createAccessRefresh, type RefreshAccess, watchAccess } from "./accessRefresh";
import { createAuthProvider } from "./authProvider";
import { createDataProvider } from "./dataProvider";
import { withFileCleanup } from "./fileCleanup";
import { createLiveProvider } from "./liveProvider";
import { consolePermissions } from "./permissionStore";
import { forgetOnUserChange, queryClient } from "./queryClient";
import { consoleClient } from "./supabaseClient";

export interface ConsoleProviders {
  dataProvider: DataProvider;
  authProvider: AuthProvider;
  accessControlProvider: AccessControlProvider;
  liveProvider: LiveProvider;
  /** Asks the operator's access again (after a change to the permission matrix). */
  refreshAccess: RefreshAccess;
}

let built: ConsoleProviders | undefined;

/** The console's providers; the first call builds them and starts following the
 * signed-in user (caches dropped on a change of user, access changes watched). */
export function consoleProviders(): ConsoleProviders {
  if (built) return built;
  const client = consoleClient();
  const permissions = consolePermissions();
  const refreshAccess = createAccessRefresh(permissions, queryClient);
  built = {
    dataProvider: withFileCleanup(createDataProvider(client, findResource), client, findResource),
    authProvider: createAuthProvider(client, permissions),
    accessControlProvider: createAccessControlProvider(permissions),
    liveProvider: createLiveProvider(client),
    refreshAccess,
  };
  forgetOnUserChange(client);
  watchAccess(client, refreshAccess, queryClient);
  return built;
}

export { consolePermissions, queryClient };
