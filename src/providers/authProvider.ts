// Password sign-in with the staff gate, password reset, and the session lifecycle of SPEC §4:
// an ended session sends the operator to /login and back to the page afterwards.
import type { AuthProvider, HttpError } from "@refinedev/core";
import type { SupabaseClient } from "@supabase/supabase-js";
import { authErrorMessage } from "./authErrors";
import { MESSAGES } from "./messages";
import type { PermissionStore } from "./permissions";
import { markSignedIn, markSigningOut, sessionWasLost, setLoginNotice } from "./session";

const failure = (message: string) => ({ success: false, error: { name: "Sign-in failed", message } });

/** The page to come back to after signing in again. */
const currentPage = () => `${window.location.pathname}${window.location.search}`;

export function createAuthProvider(client: SupabaseClient, permissions: PermissionStore): AuthProvider {
  /** Staff only: an account without permission rows is signed out again. */
  async function passesStaffGate(): Promise<boolean> {
    permissions.clear();
    const held = await permissions.get();
    if (held.size > 0) return true;
    markSigningOut();
    await client.auth.signOut({ scope: "local" });
    return false;
  }

  return {
    login: async ({ email, password }: { email: string; password: string }) => {
      const { error } = await client.auth.signInWithPassword({ email, password });
      if (error) return failure(authErrorMessage(error));
      try {
        if (!(await passesStaffGate())) return failure(MESSAGES.noAccess);
      } catch {
        return failure(MESSAGES.network);
      }
      markSignedIn();
      return { success: true, redirectTo: "/" };
    },

    logout: async () => {
      markSigningOut();
      await client.auth.signOut({ scope: "local" });
      return { success: true, redirectTo: "/login" };
    },

    check: async () => {
      const { data } = await client.auth.getSession();
      if (!data.session) {
        if (sessionWasLost()) setLoginNotice(MESSAGES.sessionEnded);
        return { authenticated: false, redirectTo: "/login" };
      }
      const held = await permissions.get().catch(() => undefined);
      // A failed lookup (network) keeps the session; an empty answer means no longer staff.
      if (held && held.size === 0) {
        markSigningOut();
        await client.auth.signOut({ scope: "local" });
        setLoginNotice(MESSAGES.noAccess);
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
      const { data: row } = await client.from("staff").select("full_name, role").eq("user_id", user.id).maybeSingle();
      return { id: user.id, email: user.email, name: row?.full_name ?? user.email, role: row?.role };
    },

    forgotPassword: async ({ email }: { email: string }) => {
      const redirectTo = `${window.location.origin}/update-password`;
      const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo });
      if (error) return { success: false, error: { name: "Reset failed", message: authErrorMessage(error) } };
      return {
        success: true,
        successNotification: {
          message: "Check your inbox",
          description: "If the address belongs to an account, a reset link is on its way.",
        },
      };
    },

    updatePassword: async ({ password }: { password: string }) => {
      const { data } = await client.auth.getSession();
      if (!data.session) {
        return {
          success: false,
          error: { name: "Link expired", message: "This link has expired or was already used. Request a new one." },
        };
      }
      const { error } = await client.auth.updateUser({ password });
      if (error) return { success: false, error: { name: "Password not changed", message: authErrorMessage(error) } };
      markSignedIn();
      return {
        success: true,
        redirectTo: "/",
        successNotification: { message: "Password changed", description: "Your new password is set." },
      };
    },
  };
}
