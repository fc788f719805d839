// The providers the app wires into <Refine>, all built from the one Supabase client.
// Importing this starts nothing: the console builds them, once, when it starts (App.tsx).
import type { AccessControlProvider, AuthProvider, DataProvider, LiveProvider } from "@refinedev/core";
import { consoleResources, findResource, onResourcesChange } from "../resources";
import { createAccessControlProvider } from "./accessControlProvider";
import type { RefreshAccess } from "./accessRefresh";
import { createAuthProvider } from "./authProvider";
import { createDataProvider } from "./dataProvider";
import { withFileCleanup } from "./fileCleanup";
import { createLiveProvider } from "./liveProvider";
import { loadLiveSchema, refreshLiveSchema } from "./liveSchema";
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
  watchSchema(client);
  return built;
}

/** How often coming back to the console asks whether the schema changed, at most. */
const SCHEMA_CHECK_MS = 30_000;

/**
 * A schema change reaches an open console: `opsdesk:schema` broadcasts (docs/any-project.md) and,
 * whatever else happens, the window coming back into focus ask `schema_version()` again.
 */
function watchSchema(client: ReturnType<typeof consoleClient>): void {
  let last = Date.now();
  const check = () => {
    last = Date.now();
    void refreshLiveSchema(client).catch(() => undefined);
  };
  window.addEventListener("focus", () => {
    if (Date.now() - last > SCHEMA_CHECK_MS) check();
  });
  // Only a project with Opsdesk has the topic (the demo's realtime would refuse the join).
  let joined = false;
  const join = () => {
    if (joined || consoleResources().state !== "installed") return;
    joined = true;
    void client.realtime.setAuth().then(() =>
      client
        .channel("opsdesk:schema", { config: { private: true } })
        .on("broadcast", { event: "*" }, check)
        .subscribe(),
    );
  };
  onResourcesChange(join);
  join();
}

/**
 * Settles once the console knows its resources (providers/liveSchema.ts): at once from the
 * cache, after describe() on a first start, at once without a session (sign-in comes first).
 */
export async function liveSchemaReady(): Promise<void> {
  const client = consoleClient();
  const { data } = await client.auth.getSession();
  const userId = data.session?.user.id;
  if (userId) await loadLiveSchema(client, userId).catch(() => undefined);
  schemaSettled = true;
}

let schemaSettled = false;

/** True once liveSchemaReady() has settled in this page (a screen can render at once). */
export const liveSchemaSettled = (): boolean => schemaSettled;

export { consolePermissions, queryClient };
