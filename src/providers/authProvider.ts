// Password sign-in with the operator gate (signIn.ts) and the session lifecycle of docs/product.md §4:
// an ended session sends the operator to /login and back to the page afterwards.
import type { AuthProvider, HttpError } from "@refinedev/core";
import { isAuthRetryableFetchError, type Session } from "@supabase/supabase-js";
import { MESSAGES } from "../i18n/messages";
import { rememberedKind } from "./backendKind";
import { IDENTITY, takeFirstRead } from "./firstReads";
import { finishSignIn } from "./operatorGate";
import { type OperatorRow, readOperatorRow } from "./operatorRow";
import type { PermissionStore } from "./permissions";
import { serverConnection } from "./serverConnection";
import { markSigningOut, sessionWasLost, setLoginNotice } from "./session";
import { signIn } from "./signIn";
import type { ConsoleClient } from "./supabaseClient";

const failure = (message: string) => ({ success: false, error: { name: "Sign-in failed", message } });

/**
 * The session, refreshed if it must be. A refresh that got no answer is no sign-out: it is
 * asked again once the server answers (the console meanwhile says it waits), instead of
 * sending the operator to sign in with "Your session has ended".
 */
async function currentSession(client: ConsoleClient, serverAnswers: () => Promise<void>): Promise<Session | null> {
  for (;;) {
    const { data, error } = await client.auth.getSession();
    if (!error || !isAuthRetryableFetchError(error)) return data.session;
    await serverAnswers();
  }
}

/** The page to come back to after signing in again. */
const currentPage = () => `${window.location.pathname}${window.location.search}`;

/**
 * `checkAgain` makes Refine run `check` once more (the console's query of it): the check does
 * not wait for the permissions, so the console opens at once on a slow server, and asks again
 * when they arrive empty (no longer an operator).
 */
export function createAuthProvider(
  client: ConsoleClient,
  permissions: PermissionStore,
  checkAgain: () => void,
  serverAnswers: () => Promise<void> = () => serverConnection().answers(),
): AuthProvider {
  return {
    login: async (credentials: { email: string; password: string }) => {
      const outcome = await signIn(client.auth, credentials, () => finishSignIn(client, permissions));
      return outcome.ok ? { success: true, redirectTo: "/" } : failure(outcome.message);
    },

    /** `{ scope: "global" }` ends every session of the account ("sign out everywhere"). */
    logout: async (params?: { scope?: "global" | "local" }) => {
      markSigningOut();
      await client.auth.signOut({ scope: params?.scope ?? "local" });
      return { success: true, redirectTo: "/login" };
    },

    check: async () => {
      const session = await currentSession(client, serverAnswers);
      if (!session) {
        if (sessionWasLost()) setLoginNotice(MESSAGES.sessionEnded);
        return { authenticated: false, redirectTo: "/login" };
      }
      const held = permissions.known(session.user.id);
      if (!held) {
        // Not answered yet: the console opens now (its screens wait for their own permission);
        // an empty answer checks again. A failed lookup (network) keeps the session.
        permissions.get().then(
          (keys) => keys.size === 0 && rememberedKind() !== "missing" && checkAgain(),
          () => undefined,
        );
        return { authenticated: true };
      }
      // An empty answer means no longer an operator (a project without Opsdesk holds none for
      // anyone: the console shows its "not installed" screen instead).
      if (held.size === 0 && rememberedKind() !== "missing") {
        // The notice first: signing out may bring up the login page before signOut returns.
        setLoginNotice(MESSAGES.noAccess);
        markSigningOut();
        await client.auth.signOut({ scope: "local" });
        return { authenticated: false, redirectTo: "/login", logout: true };
      }
      return { authenticated: true };
    },

    onError: async (error: HttpError) => {
      if (error?.statusCode !== 401) return {};
      setLoginNotice(MESSAGES.sessionEnded);
      markSigningOut();
      await client.auth.signOut({ scope: "local" });
      return { logout: true, redirectTo: `/login?to=${encodeURIComponent(currentPage())}`, error };
    },

    getIdentity: async () => {
      const { data } = await client.auth.getSession();
      const user = data.session?.user;
      if (!user) return null;
      const row = await (takeFirstRead<OperatorRow | null>(user.id, IDENTITY) ?? readOperatorRow(client, user.id));
      return { id: user.id, email: user.email, name: row?.full_name ?? user.email, role: row?.role };
    },
  };
}
