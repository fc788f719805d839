// A staff row's status and whether its role can be changed here, decided apart from how they
// are shown (StaffTable.tsx) so the rules are tested on their own (staffStatus.test.ts):
// someone invited who has not followed the link is "invited" whatever their active flag, and
// no operator changes their own role (the database refuses too).
import type { StaffRow } from "./staffAdmin";

export type StaffStatus = "invited" | "active" | "inactive";

export function staffStatus(row: Pick<StaffRow, "active">, invitedAt: string | undefined): StaffStatus {
  if (invitedAt) return "invited";
  return row.active ? "active" : "inactive";
}

export const roleChangeable = (mayEdit: boolean, row: Pick<StaffRow, "user_id">, me: string | undefined) =>
  mayEdit && row.user_id !== me;
