// The signed-in operator's row of `operator_preferences` (RLS: own row). The values come
// back as stored; src/components/theme/preferences.ts decides which ones it understands.
import type { SupabaseClient } from "@supabase/supabase-js";
import { PREFERENCES, takeFirstRead } from "./firstReads";
import { operatorTable } from "./operatorTables";

export interface StoredPreferences {
  theme?: string | null;
  locale?: string | null;
}

async function signedInUser(client: SupabaseClient): Promise<string | undefined> {
  const { data } = await client.auth.getSession();
  return data.session?.user.id;
}

/** `userId`'s stored row; undefined when none is stored or it cannot be read. */
export async function readPreferenceRow(
  client: SupabaseClient,
  userId: string,
): Promise<StoredPreferences | undefined> {
  const { data, error } = await operatorTable(client, "operator_preferences")
    .select("theme, locale")
    .eq("user_id", userId)
    .maybeSingle();
  return error || !data ? undefined : data;
}

/** The signed-in operator's stored row (the one read at sign-in when it is fresh); undefined when none is stored, it cannot be read, or no one is signed in. */
export async function loadPreferenceRow(client: SupabaseClient): Promise<StoredPreferences | undefined> {
  const userId = await signedInUser(client);
  if (!userId) return undefined;
  return takeFirstRead<StoredPreferences | undefined>(userId, PREFERENCES) ?? readPreferenceRow(client, userId);
}

/** Stores one change for the signed-in operator; does nothing on the sign-in screens. */
export async function storePreference(client: SupabaseClient, change: StoredPreferences): Promise<void> {
  const userId = await signedInUser(client);
  if (!userId) return;
  const { error } = await operatorTable(client, "operator_preferences").upsert(
    { user_id: userId, ...change },
    { onConflict: "user_id" },
  );
  if (error) throw new Error(error.message);
}
