// The console's only way to change staff: the staff-admin edge function (SPEC §7), which
// alone holds the service-role key. Its refusals carry SPEC §8 messages in `{ error }`.
import { FunctionsFetchError, FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { MESSAGES } from "../../providers/messages";

export const ROLES = ["admin", "editor", "viewer"] as const;
export type StaffRole = (typeof ROLES)[number];

/** English names of the roles; translated as `staff.role.<role>`. */
export const ROLE_LABELS: Record<StaffRole, string> = { admin: "Admin", editor: "Editor", viewer: "Viewer" };

export type StaffCommand =
  | { action: "invite"; email: string; full_name: string; role: StaffRole }
  | { action: "set_role"; user_id: string; role: StaffRole }
  | { action: "deactivate" | "reactivate"; user_id: string };

export interface StaffRow {
  user_id: string;
  full_name: string;
  email: string;
  role: StaffRole;
  active: boolean;
  created_at: string;
}

/** An operator-facing error: `status` 401 means the caller's own session has ended. */
export class StaffAdminError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The message of a failed call: the function's own `{ error }`, else SPEC §8's wording. */
export async function staffAdminError(error: unknown): Promise<StaffAdminError> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    const message = typeof body?.error === "string" ? body.error : `The request failed (${response.status}).`;
    return new StaffAdminError(response.status === 401 ? MESSAGES.sessionEnded : message, response.status);
  }
  if (error instanceof FunctionsFetchError) return new StaffAdminError(MESSAGES.network, 0);
  return new StaffAdminError(error instanceof Error ? error.message : String(error), 500);
}

export async function runStaffCommand(client: SupabaseClient, command: StaffCommand): Promise<StaffRow> {
  const { data, error } = await client.functions.invoke<{ staff: StaffRow }>("staff-admin", { body: command });
  if (error || !data) throw await staffAdminError(error);
  return data.staff;
}
