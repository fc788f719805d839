// A supabase-js client of the e2e stack signed in as an account, for checking in Node what
// the console shows (the Supabase CLI's well-known local anon key; public by design).
import { createClient, type Session, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { serviceClient } from "./backend";
import { PASSWORD } from "./helpers";

const LOCAL_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";

const anonClient = () =>
  createClient(process.env.E2E_API_URL ?? "", LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });

export async function signedInClient(email: string, password = PASSWORD): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign in ${email}: ${error.message}`);
  return client;
}

/**
 * A session of an account without a password sign-in (which the suite's sign-in rate limit
 * counts): an admin magic link, verified as the browser would.
 */
export async function magicLinkSession(email: string): Promise<Session> {
  const { data: link, error: linkError } = await serviceClient().auth.admin.generateLink({ type: "magiclink", email });
  if (linkError) throw new Error(`magic link for ${email}: ${linkError.message}`);
  const { data, error } = await anonClient().auth.verifyOtp({
    token_hash: link.properties.hashed_token,
    type: "magiclink",
  });
  if (error || !data.session) throw new Error(`verify magic link of ${email}: ${error?.message ?? "no session"}`);
  return data.session;
}
