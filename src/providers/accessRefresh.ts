// Asks the server again what the signed-in operator may do, whenever the permission
// matrix or their own staff row changes: menus, buttons and routes (Refine's "access"
// queries) re-ask a fresh PermissionStore, and the auth check runs again, which signs out
// an operator who is no longer active staff (deactivated while the console is open).
// When the server shuts the watch because the session was revoked (sign out everywhere,
// deactivation, password change elsewhere), the console ends it here too. The first read of
// a user's permissions waits for the watch to join (`joined`), so one read is enough: a
// change after it is broadcast to the joined channel (docs/live-access.md).
import { isAuthSessionMissingError, type RealtimeChannel } from "@supabase/supabase-js";
import type { QueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../i18n/messages";
import { probeKind, rememberedKind } from "./backendKind";
import type { PermissionStore } from "./permissions";
import { isSigningOut, markSigningOut, setLoginNotice } from "./session";
import type { ConsoleClient } from "./supabaseClient";

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
async function sessionStillOpen(client: ConsoleClient, queryClient: QueryClient): Promise<boolean> {
  const { error } = await client.auth.getUser();
  if (!error || !isAuthSessionMissingError(error)) return true;
  setLoginNotice(MESSAGES.sessionEnded);
  await queryClient.invalidateQueries({ queryKey: ["auth", "check"] });
  return false;
}

/** How long a first permission read waits for the watch to join before it goes anyway. */
export const JOIN_WAIT_MS = 1_500;

export interface AccessWatch {
  /**
   * Settles once `userId`'s channel has joined (true), failed to (false), or JOIN_WAIT_MS
   * passed (false). A read started after `true` needs no second one: nothing after it can
   * be missed. Without `true`, the join asks again when it happens.
   */
  joined(userId: string): Promise<boolean>;
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
  // Their row of opsdesk.operators.
  if (change?.table !== "operators") return false;
  return change.operation === "DELETE" || change.record?.active === false;
}

/** Signs the operator out with "This account has no access to Opsdesk." (docs/product.md §8). */
async function signOutWithoutAccess(client: ConsoleClient, queryClient: QueryClient): Promise<void> {
  setLoginNotice(MESSAGES.noAccess);
  markSigningOut();
  await client.auth.signOut({ scope: "local" });
  await queryClient.invalidateQueries({ queryKey: ["auth", "check"] });
}

/** The operator's access channel (docs/any-project.md, "What lives in opsdesk"). */
export const accessTopic = (userId: string) => `opsdesk:access:${userId}`;

/**
 * Watches the signed-in user's private channel (accessTopic): the database broadcasts
 * every change to their staff row and to their role's rows of the permission matrix there
 * (supabase/migrations, "access watch"), and only they may join it. Each message refreshes
 * access, but one saying their own staff row is inactive or gone signs them out at once. When
 * the server shuts the channel (a revoked session, an expired token) or refuses the join, the
 * session is checked: gone → sign-in page, else the watch reopens.
 */
export function watchAccess(client: ConsoleClient, refresh: RefreshAccess, queryClient: QueryClient): AccessWatch {
  let channel: RealtimeChannel | undefined;
  let watching: string | undefined;
  /** The user whose channel is joined now, if any. */
  let joinedFor: string | undefined;
  /** Reads waiting for a user's join: each is told whether it came. */
  const waiting = new Map<string, ((joined: boolean) => void)[]>();
  const settle = (userId: string, joined: boolean): number => {
    const waiters = waiting.get(userId) ?? [];
    waiting.delete(userId);
    for (const waiter of waiters) waiter(joined);
    return waiters.length;
  };

  const reconsider = async (closed: RealtimeChannel) => {
    if (channel !== closed || isSigningOut()) return;
    // Access first: deactivation revokes the session in the same transaction, and the
    // refresh signs a former operator out with docs/product.md §8's "no access" message.
    await refresh();
    if (isSigningOut() || !(await sessionStillOpen(client, queryClient))) return;
    if (channel === closed && closed.state === "closed") open(watching as string);
  };

  const open = (userId: string) => {
    const opened = client.channel(accessTopic(userId), { config: { private: true } });
    channel = opened;
    opened
      .on("broadcast", { event: "*" }, (message) => {
        if (isSigningOut()) return;
        if (endsAccess(message.payload)) void signOutWithoutAccess(client, queryClient);
        else void refresh();
      })
      .subscribe((status) => {
        if (status === "SUBSCRIBED") {
          joinedFor = userId;
          // A read that waited for this join is the first one after it: nothing is missed.
          // Otherwise a change made after the console read its permissions but before this
          // join was broadcast to no one here: ask once more now that none can be missed.
          if (settle(userId, true) === 0) void refresh({ ifChanged: true });
        } else {
          if (joinedFor === userId && channel === opened) joinedFor = undefined;
          settle(userId, false);
        }
        if (status === "CLOSED" || status === "CHANNEL_ERROR") void reconsider(opened);
      });
  };

  client.auth.onAuthStateChange((_event, session) => {
    const userId = session?.user.id;
    if (userId === watching) return;
    watching = userId;
    joinedFor = undefined;
    // Outside the callback: supabase-js must not be called back into while it holds its auth lock.
    setTimeout(async () => {
      const previous = channel;
      channel = undefined;
      if (previous) await client.removeChannel(previous);
      if (!userId || watching !== userId) return;
      // A project seen for the first time: ask whether it has Opsdesk (a channel to join) before
      // joining. Not through the permission store: its first read waits for this very join.
      if (!rememberedKind()) await probeKind(client);
      if (rememberedKind() === "missing") {
        // Nothing to watch: the console shows only its "not installed" screen.
        settle(userId, false);
        return;
      }
      // The channel joins with the current access token: the policies check auth.uid().
      await client.realtime.setAuth();
      if (watching === userId && !channel) open(userId);
    }, 0);
  });

  return {
    joined: (userId) => {
      if (joinedFor === userId && channel?.state === "joined") return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => done(false), JOIN_WAIT_MS);
        const done = (joined: boolean) => {
          clearTimeout(timer);
          const list = waiting.get(userId);
          if (list)
            waiting.set(
              userId,
              list.filter((waiter) => waiter !== done),
            );
          resolve(joined);
        };
        waiting.set(userId, [...(waiting.get(userId) ?? []), done]);
      });
    },
  };
}
