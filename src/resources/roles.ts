// The staff roles: the staff_role enum of the generated types, in its order, with the
// English names the console shows (translated as `staff.role.<role>`). The staff-admin
// edge function keeps its own list (Deno bundles only supabase/functions); a test ties
// it to the same enum.
import { Constants, type Database } from "./database.types";

export type StaffRole = Database["public"]["Enums"]["staff_role"];

export const STAFF_ROLES: readonly StaffRole[] = Constants.public.Enums.staff_role;

/** English names of the roles; translated as `staff.role.<role>`. */
export const ROLE_LABELS: Record<StaffRole, string> = { admin: "Admin", editor: "Editor", viewer: "Viewer" };
