// The signed-in operator's own row of `opsdesk.operators` (each operator reads their own): the
// name and role the header and profile show (authProvider.getIdentity).
import { opsdeskSchema } from "./opsdeskSchema";
import type { ConsoleClient } from "./supabaseClient";

export interface OperatorRow {
  full_name: string | null;
  role: string | null;
}

/** The row, or null when there is none (or it cannot be read: a project without Opsdesk). */
export async function readOperatorRow(client: ConsoleClient, userId: string): Promise<OperatorRow | null> {
  const { data } = await opsdeskSchema(client)
    .from("operators")
    .select("full_name, role")
    .eq("user_id", userId)
    .maybeSingle();
  return data as OperatorRow | null;
}
