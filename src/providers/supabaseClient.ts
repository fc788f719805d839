// The console's one Supabase client; every call to the backend goes through it. It is made
// on first use, so importing a module that reaches the backend starts nothing (no session
// read, no token refresh timer, no socket) until something calls it.
//
// supabase-js runs here in its "access token" mode, without an auth client of its own: the
// page's one auth client (authClient.ts, made by the sign-in screens) signs in and refreshes,
// and this client sends its token. `client.auth` is that auth client, and realtime follows
// its token the way supabase-js does for its own.
import type { AuthChangeEvent } from "@supabase/auth-js";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "../resources/database.types";
import { authClient } from "./authClient";
import { trackedFetch } from "./serverConnection";
import { SUPABASE_ANON_KEY, SUPABASE_URL } from "./supabaseConfig";

/**
 * supabase-js typed by the generated `Database` (src/resources/database.types.ts, `npm run
 * types:gen`): a table, column, function or argument the console names wrongly fails typecheck.
 */
export type ConsoleClient = SupabaseClient<Database>;

let client: ConsoleClient | undefined;

const TOKEN_EVENTS: AuthChangeEvent[] = ["INITIAL_SESSION", "SIGNED_IN", "TOKEN_REFRESHED"];

export function consoleClient(): ConsoleClient {
  if (client) return client;
  const auth = authClient();
  const made = createClient<Database>(SUPABASE_URL, SUPABASE_ANON_KEY, {
    accessToken: async () => (await auth.getSession()).data.session?.access_token ?? null,
    // Every request says whether the server answered (serverConnection.ts), which also decides
    // when to try again: postgrest-js's own retries (3, up to 7 s per read) only held screens up.
    global: { fetch: trackedFetch },
    db: { retry: false },
  });
  made.auth = auth;
  let token: string | undefined;
  auth.onAuthStateChange((event, session) => {
    if (TOKEN_EVENTS.includes(event) && session?.access_token !== token) {
      token = session?.access_token;
      made.realtime.setAuth(token);
    } else if (event === "SIGNED_OUT") {
      token = undefined;
      made.realtime.setAuth();
    }
  });
  client = made;
  return client;
}
