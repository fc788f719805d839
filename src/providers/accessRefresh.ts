// Asks the server again what the signed-in operator may do, whenever the permission
// matrix or their own staff row changes: menus, buttons and routes (Refine's "access"
// queries) re-ask a fresh PermissionStore, and the auth check runs again, which signs out
// an operator who is no longer active staff (deactivated while the console is open).
// When the server shuts the watch because the session was revoked (sign out everywhere,
// deactivation, password change elsewhere), the console ends it here too.
import { isAuthSessionMissingError, type RealtimeChannel, type SupabaseClient } from "@supabase/supabase-js";
import type { QueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../i18n/messages";
import type { PermissionStore } from "./permissions";
import { isSigningOut, markSigningOut, setLoginNotice } from "./session";

/** `ifChanged`: leave the console alone when the operator's permissions are what it holds. */
export type RefreshAccess = (options?: { ifChanged?: boolean }) => Promise<void>;

const sameKeys = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((key) => b.has(key));

export function createAccessRefresh(store: PermissionStore, queryClient: QueryClient): RefreshAccess {
  return async ({ ifChanged = false } = {}) => {
    const before = ifChanged ? await store.get().catch(() => undefined) : undefined;
    const held = await store.reload().catch(() => undefined);
    if (before && held && sameKeys(before, held)) return;
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
 * Whether the session is still open on the server. A revoked one (`session_not_found`)
 * makes supabase-js drop it locally; the auth check then sends the operator to /login
 * with "Your session has ended".
 */
async function sessionStillOpen(client: SupabaseClient, queryClient: QueryClient): Promise<boolean> {
  const { error } = await client.auth.getUser();
  if (!error || !isAuthSessionMissingError(error)) return true;
  setLoginNotice(MESSAGES.sessionEnded);
  await queryClient.invalidateQueries({ queryKey: ["auth", "check"] });
  return false;
}

/**
 * Whether a message of the access watch says the operator's own staff row is gone or
 * inactive (deactivated, removed): their access has ended with it. The database deletes their
 * sessions in the same transaction, so asking the server again is refused as a signed-out
 * token (docs/security.md "Signed-out tokens"); realtime delivers this message before it
 * shuts the channel, and the message itself tells the console (docs/product.md §8).
 */
export function endsAccess(payload: unknown): boolean {
  const change = payload as { table?: unknown; operation?: unknown; record?: { active?: unknown } | null } | null;
  if (change?.table !== "staff") return false;
  return change.operation === "DELETE" || change.record?.active === false;
}

/** Signs the operator out with "This account has no access to Opsdesk." (docs/product.md §8). */
async function signOutWithoutAccess(client: SupabaseClient, queryClient: QueryClient): Promise<void> {
  setLoginNotice(MESSAGES.noAccess);
  markSigningOut();
  await client.auth.signOut({ scope: "local" });
  await queryClient.invalidateQueries({ queryKey: ["auth", "check"] });
}

/**
 * Watches the signed-in user's private channel `access:<user id>`: the database broadcasts
 * every change to their staff row and to their role's rows of the permission matrix there
 * (supabase/migrations, "access watch"), and only they may join it. Each message refreshes
 * access, but one saying their own staff row is inactive or gone signs them out at once. When the server shuts the channel (a revoked session, an expired token) or
 * refuses the join, the session is checked: gone → sign-in page, else the watch reopens.
 */
export function watchAccess(client: SupabaseClient, refresh: RefreshAccess, queryClient: QueryClient): void {
  let channel: RealtimeChannel | undefined;
  let watching: string | undefined;

  const reconsider = async (closed: RealtimeChannel) => {
    if (channel !== closed || isSigningOut()) return;
    // Access first: deactivation revokes the session in the same transaction, and the
    // refresh signs a former operator out with docs/product.md §8's "no access" message.
    await refresh();
    if (isSigningOut() || !(await sessionStillOpen(client, queryClient))) return;
    if (channel === closed && closed.state === "closed") open(watching as string);
  };

  const open = (userId: string) => {
    const opened = client.channel(`access:${userId}`, { config: { private: true } });
    channel = opened;
    opened
      .on("broadcast", { event: "*" }, (message) => {
        if (isSigningOut()) return;
        if (endsAccess(message.payload)) void signOutWithoutAccess(client, queryClient);
        else void refresh();
      })
      .subscribe((status) => {
        // A change made after the console first read its permissions but before this join
        // was broadcast to no one here: ask once more now that none can be missed.
        if (status === "SUBSCRIBED") void refresh({ ifChanged: true });
        if (status === "CLOSED" || status === "CHANNEL_ERROR") void reconsider(opened);
      });
  };

  client.auth.onAuthStateChange((_event, session) => {
    const userId = session?.user.id;
    if (userId === watching) return;
    watching = userId;
    // Outside the callback: supabase-js must not be called back into while it holds its auth lock.
    setTimeout(async () => {
      const previous = channel;
      channel = undefined;
      if (previous) await client.removeChannel(previous);
      if (!userId || watching !== userId) return;
      // The channel joins with the current access token: the policies check auth.uid().
      await client.realtime.setAuth();
      if (watching === userId && !channel) open(userId);
    }, 0);
  });
}
