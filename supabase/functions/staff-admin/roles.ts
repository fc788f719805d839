// The roles staff-admin grants: the staff_role enum of supabase/migrations. Written here
// because Deno bundles only supabase/functions; roles.test.ts ties it to the enum.
export const ROLES = ["admin", "editor", "viewer"] as const;
export type Role = (typeof ROLES)[number];
