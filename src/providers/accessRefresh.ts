// Asks the server again what the signed-in operator may do, whenever the permission
// matrix or their own staff row changes: menus, buttons and routes (Refine's "access"
// queries) re-ask a fresh PermissionStore, and the auth check runs again, which signs out
// an operator who is no longer active staff (deactivated while the console is open).
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import type { QueryClient } from "@tanstack/react-query";
import type { PermissionStore } from "./permissions";

export type RefreshAccess = () => Promise<void>;

export function createAccessRefresh(store: PermissionStore, queryClient: QueryClient): RefreshAccess {
  return async () => {
    store.clear();
    const held = await store.get().catch(() => undefined);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ["access"] }),
      queryClient.invalidateQueries({ queryKey: ["auth", "identity"] }),
    ]);
    // Only an operator who lost all access needs the auth check again (it signs them out);
    // re-running it otherwise would blank the console while <Authenticated> refetches.
    if (held?.size === 0) await queryClient.invalidateQueries({ queryKey: ["auth", "check"] });
  };
}

/**
 * Refreshes access on every change to the signed-in user's staff row and, for those who
 * may read it, to the permission matrix (realtime postgres_changes, RLS-filtered), and
 * when the server shuts the channel (revoked session).
 */
export function watchAccess(client: SupabaseClient, refresh: RefreshAccess): void {
  let channel: RealtimeChannel | undefined;
  let watching: string | undefined;
  client.auth.onAuthStateChange((_event, session) => {
    const userId = session?.user.id;
    if (userId === watching) return;
    watching = userId;
    // Outside the callback: supabase-js must not be called back into while it holds its auth lock.
    setTimeout(() => {
      if (channel) void client.removeChannel(channel);
      channel = undefined;
      if (!userId || watching !== userId) return;
      const changed = () => void refresh();
      channel = client
        .channel(`access:${userId}`)
        .on(
          "postgres_changes",
          { event: "*", schema: "public", table: "staff", filter: `user_id=eq.${userId}` },
          changed,
        )
        .on("postgres_changes", { event: "*", schema: "public", table: "permissions" }, changed)
        // The server shuts the channel when the session is revoked (deactivation deletes
        // it, often before the staff change itself arrives): ask again at once.
        .on("system", {}, (message: { status?: string }) => {
          if (message.status === "error") changed();
        })
        .subscribe();
    }, 0);
  });
}
