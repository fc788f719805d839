// A supabase-js client of the running test's world signed in as an account, for checking
// in Node what the console shows (the world's anon key; public by design).
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { PASSWORD } from "./helpers";
import { testWorld } from "./world";

const anonClient = () => {
  const { world } = testWorld();
  return createClient(world.url, world.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
};

export async function signedInClient(email: string, password = PASSWORD): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign in ${email}: ${error.message}`);
  return client;
}
