// The signed-in operator's own `staff` row (RLS: staff read staff): the name and role the
// header and profile show (authProvider.getIdentity).
import type { SupabaseClient } from "@supabase/supabase-js";
import { rememberedKind } from "./backendKind";

export interface StaffRow {
  full_name: string | null;
  role: string | null;
}

/** The row, or null when there is none (or it cannot be read). */
export async function readStaffRow(client: SupabaseClient, userId: string): Promise<StaffRow | null> {
  // A project with Opsdesk installed has no `staff` table: its operators are opsdesk.operators.
  if (rememberedKind() === "opsdesk") return null;
  const { data } = await client.from("staff").select("full_name, role").eq("user_id", userId).maybeSingle();
  return data;
}
