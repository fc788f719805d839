// The providers the app wires into <Refine>, all built from the one Supabase client.
// Importing this starts nothing: the console builds them, once, when it starts (App.tsx).
import type { AccessControlProvider, AuthProvider, DataProvider, LiveProvider } from "@refinedev/core";
import { findResource } from "../resources";
import { createAccessControlProvider } from "./accessControlProvider";
import type { RefreshAccess } from "./accessRefresh";
import { createAuthProvider } from "./authProvider";
import { createDataProvider } from "./dataProvider";
import { withFileCleanup } from "./fileCleanup";
import { createLiveProvider } from "./liveProvider";
import { consoleAccessRefresh, consolePermissions } from "./permissionStore";
import { followServerConnection, forgetOnUserChange, queryClient } from "./queryClient";
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
  const refreshAccess = consoleAccessRefresh();
  built = {
    dataProvider: withFileCleanup(createDataProvider(client, findResource), client, findResource),
    authProvider: createAuthProvider(client, permissions, () => {
      void queryClient.invalidateQueries({ queryKey: ["auth", "check"] });
    }),
    accessControlProvider: createAccessControlProvider(permissions),
    liveProvider: createLiveProvider(client),
    refreshAccess,
  };
  followServerConnection();
  forgetOnUserChange(client);
  return built;
}

export { consolePermissions, queryClient };
