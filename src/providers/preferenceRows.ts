// The signed-in operator's row of `operator_preferences` (RLS: own row). The values come
// back as stored; src/components/theme/preferences.ts decides which ones it understands.
import { plainMessage } from "./errors";
import { PREFERENCES, takeFirstRead } from "./firstReads";
import { operatorTable } from "./operatorTables";
import type { ConsoleClient } from "./supabaseClient";

export interface StoredPreferences {
  theme?: string;
  locale?: string;
}

async function signedInUser(client: ConsoleClient): Promise<string | undefined> {
  const { data } = await client.auth.getSession();
  return data.session?.user.id;
}

/** `userId`'s stored row; undefined when none is stored or it cannot be read. */
export async function readPreferenceRow(client: ConsoleClient, userId: string): Promise<StoredPreferences | undefined> {
  const { data, error } = await operatorTable(client, "operator_preferences")
    .select("theme, locale")
    .eq("user_id", userId)
    .maybeSingle();
  return error || !data ? undefined : data;
}

/** The signed-in operator's stored row (the one read at sign-in when it is fresh); undefined when none is stored, it cannot be read, or no one is signed in. */
export async function loadPreferenceRow(client: ConsoleClient): Promise<StoredPreferences | undefined> {
  const userId = await signedInUser(client);
  if (!userId) return undefined;
  return takeFirstRead<StoredPreferences | undefined>(userId, PREFERENCES) ?? readPreferenceRow(client, userId);
}

/** Stores one change for the signed-in operator; does nothing on the sign-in screens. */
export async function storePreference(client: ConsoleClient, change: StoredPreferences): Promise<void> {
  const userId = await signedInUser(client);
  if (!userId) return;
  const { error } = await operatorTable(client, "operator_preferences").upsert(
    { user_id: userId, ...change },
    { onConflict: "user_id" },
  );
  if (error) throw new Error(plainMessage(error));
}
