// A supabase-js client of the e2e stack signed in as an account, for checking in Node what
// the console shows (the Supabase CLI's well-known local anon key; public by design).
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { PASSWORD } from "./helpers";

const LOCAL_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";

export async function signedInClient(email: string, password = PASSWORD): Promise<SupabaseClient> {
  const client = createClient(process.env.E2E_API_URL ?? "", LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign in ${email}: ${error.message}`);
  return client;
}
