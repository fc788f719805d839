// What each staff-admin action does. Staff rows are written as the calling admin
// (RLS checks them again and the audit log names them); only the Auth admin API
// calls use the service-role client.
import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
import { HttpError } from "../_shared/http.ts";
import type { Command, Role } from "./commands.ts";
import { STAFF_EXISTS, staffWriteError } from "./dbErrors.ts";

export interface Clients {
  caller: SupabaseClient;
  service: SupabaseClient;
}

export type StaffRow = Record<string, unknown>;

const NOT_FOUND = "No staff member has this id.";

/**
 * Creates the auth user (the invite e-mail's link lets them set a password) and
 * their active staff row; if the row cannot be written the new user is removed
 * again, so an invite either fully happens or leaves nothing behind.
 */
async function invite(
  { caller, service }: Clients,
  cmd: { email: string; fullName: string; role: Role; redirectTo?: string },
): Promise<StaffRow> {
  const existing = await caller.from("staff").select("user_id").eq("email", cmd.email).maybeSingle();
  if (existing.error) throw staffWriteError(existing.error);
  if (existing.data) throw new HttpError(409, STAFF_EXISTS);

  const invited = await service.auth.admin.inviteUserByEmail(cmd.email, {
    data: { full_name: cmd.fullName },
    redirectTo: cmd.redirectTo,
  });
  if (invited.error) {
    if (invited.error.code === "email_exists") {
      throw new HttpError(409, "An account with this e-mail already exists; it cannot be invited again.");
    }
    if (invited.error.status === 429) throw new HttpError(429, "Too many e-mails sent. Try again in a few minutes.");
    throw new Error(`invite failed: ${invited.error.status} ${invited.error.message}`);
  }
  const user = invited.data.user;

  const inserted = await caller
    .from("staff")
    .insert({ user_id: user.id, full_name: cmd.fullName, email: user.email ?? cmd.email, role: cmd.role, active: true })
    .select()
    .single();
  if (inserted.error) {
    // A concurrent invite of the same person owns the user and its row: keep both.
    if (inserted.error.code !== "23505") {
      const removed = await service.auth.admin.deleteUser(user.id);
      if (removed.error) console.error("could not remove the invited user", user.id, removed.error);
    }
    throw staffWriteError(inserted.error);
  }
  return inserted.data;
}

async function updateStaff(caller: SupabaseClient, userId: string, changes: StaffRow): Promise<StaffRow> {
  const { data, error } = await caller.from("staff").update(changes).eq("user_id", userId).select().maybeSingle();
  if (error) throw staffWriteError(error);
  if (!data) throw new HttpError(404, NOT_FOUND);
  return data;
}

/** Runs the command. Deactivation also ends the operator's sessions (a trigger on staff.active). */
export function run(clients: Clients, cmd: Command): Promise<StaffRow> {
  switch (cmd.action) {
    case "invite":
      return invite(clients, cmd);
    case "set_role":
      return updateStaff(clients.caller, cmd.userId, { role: cmd.role });
    case "deactivate":
      return updateStaff(clients.caller, cmd.userId, { active: false });
    case "reactivate":
      return updateStaff(clients.caller, cmd.userId, { active: true });
  }
}
