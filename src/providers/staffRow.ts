// The signed-in operator's own `staff` row (RLS: staff read staff): the name and role the
// header and profile show (authProvider.getIdentity).
import type { SupabaseClient } from "@supabase/supabase-js";

export interface StaffRow {
  full_name: string | null;
  role: string | null;
}

/** The row, or null when there is none (or it cannot be read). */
export async function readStaffRow(client: SupabaseClient, userId: string): Promise<StaffRow | null> {
  const { data } = await client.from("staff").select("full_name, role").eq("user_id", userId).maybeSingle();
  return data;
}
