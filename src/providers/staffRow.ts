// The signed-in operator's own row — `staff` in the demo's schema, `opsdesk.operators` where
// Opsdesk is installed (each operator reads their own) —: the name and role the header and
// profile show (authProvider.getIdentity).
import { rememberedKind } from "./backendKind";
import { opsdeskSchema } from "./opsdeskSchema";
import type { ConsoleClient } from "./supabaseClient";

export interface StaffRow {
  full_name: string | null;
  role: string | null;
}

/** The row, or null when there is none (or it cannot be read). */
export async function readStaffRow(client: ConsoleClient, userId: string): Promise<StaffRow | null> {
  // A project with Opsdesk installed keeps its operators in opsdesk.operators (each reads their own row).
  const table = rememberedKind() === "opsdesk" ? opsdeskSchema(client).from("operators") : client.from("staff");
  const { data } = await table.select("full_name, role").eq("user_id", userId).maybeSingle();
  return data as StaffRow | null;
}
