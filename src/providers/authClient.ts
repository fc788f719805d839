// The page's one auth client (auth-js), made on first use. The sign-in screens need nothing
// else of supabase-js, so /login loads auth alone; the console's client (supabaseClient.ts)
// is supabase-js's data half taking its tokens from this one.
import { GoTrueClient } from "@supabase/auth-js";
import { SESSION_KEY, SUPABASE_ANON_KEY, SUPABASE_URL } from "./supabaseConfig";

let auth: GoTrueClient | undefined;

export function authClient(): GoTrueClient {
  auth ??= new GoTrueClient({
    url: `${SUPABASE_URL}/auth/v1`,
    headers: { Authorization: `Bearer ${SUPABASE_ANON_KEY}`, apikey: SUPABASE_ANON_KEY },
    // supabase-js's own key for this URL: sessions stored by earlier versions stay signed in.
    storageKey: SESSION_KEY,
    persistSession: true,
    autoRefreshToken: true,
    // Reads the session a sign-in or recovery link carries in the URL.
    detectSessionInUrl: true,
  });
  return auth;
}
