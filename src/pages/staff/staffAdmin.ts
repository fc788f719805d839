// The console's only way to change staff: the staff-admin edge function (docs/product.md §7), which
// alone holds the service-role key. Its refusals carry docs/product.md §8 messages in `{ error }`.
import { backend } from "../../providers/backend";
import type { StaffRole } from "../../resources/roles";

export type StaffCommand =
  | { action: "invite"; email: string; full_name: string; role: StaffRole }
  | { action: "set_role"; user_id: string; role: StaffRole }
  | { action: "deactivate" | "reactivate" | "resend_invite" | "revoke_invite"; user_id: string };

export interface StaffRow {
  user_id: string;
  full_name: string;
  email: string;
  role: StaffRole;
  active: boolean;
  created_at: string;
}

/** The staff members invited who have not followed their invitation's link yet (staff_invitations). */
export async function pendingInvitations(): Promise<Map<string, string>> {
  const rows = await backend.rpc(
    "staff_invitations",
    {},
    { resource: "staff", operation: "read", describe: () => undefined },
  );
  return new Map(rows.map((row) => [row.user_id, row.invited_at]));
}

export async function runStaffCommand(command: StaffCommand): Promise<StaffRow> {
  return (await backend.invoke<{ staff: StaffRow }>("staff-admin", command)).staff;
}
