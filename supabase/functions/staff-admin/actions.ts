// What each staff-admin action does. Staff rows are written as the calling admin
// (RLS checks them again and the audit log names them); only the Auth admin API
// calls use the service-role client.
import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
import { HttpError } from "../_shared/http.ts";
import type { Command } from "./commands.ts";
import { STAFF_EXISTS, staffWriteError } from "./dbErrors.ts";
import type { Role } from "./roles.ts";

export interface Clients {
  caller: SupabaseClient;
  service: SupabaseClient;
}

export type StaffRow = Record<string, unknown>;

const NOT_FOUND = "No staff member has this id.";

const mailLimit = () => new HttpError("OPSDESK_MAIL_LIMIT", "Too many e-mails sent. Try again in a few minutes.");

const ACCOUNT_EXISTS = "An account with this e-mail already exists; it cannot be invited again.";

/** 409 when someone on the staff already has this e-mail. */
async function ensureNotStaff(caller: SupabaseClient, email: string): Promise<void> {
  const { data, error } = await caller.from("staff").select("user_id").eq("email", email).maybeSingle();
  if (error) throw staffWriteError(error);
  if (data) throw new HttpError("OPSDESK_ALREADY_OPERATOR", STAFF_EXISTS);
}

/**
 * Creates the auth user, their active staff row, then sends the invite e-mail
 * (its link lets them set a password). Creating the user first makes Auth's
 * unique e-mail decide between concurrent invites; when a later step fails the
 * user is deleted again (the staff row goes with it), so an invite either fully
 * happens or leaves nothing behind, and no mail goes out for a failed one.
 */
async function invite(
  { caller, service }: Clients,
  cmd: { email: string; fullName: string; role: Role; redirectTo?: string },
): Promise<StaffRow> {
  await ensureNotStaff(caller, cmd.email);
  const created = await service.auth.admin.createUser({
    email: cmd.email,
    email_confirm: false,
    user_metadata: { full_name: cmd.fullName },
  });
  if (created.error) {
    if (created.error.code === "email_exists") throw new HttpError("OPSDESK_ACCOUNT_EXISTS", ACCOUNT_EXISTS);
    throw new Error(`creating the user failed: ${created.error.status} ${created.error.message}`);
  }
  const user = created.data.user;
  try {
    const inserted = await caller
      .from("staff")
      .insert({
        user_id: user.id,
        full_name: cmd.fullName,
        email: user.email ?? cmd.email,
        role: cmd.role,
        active: true,
      })
      .select()
      .single();
    if (inserted.error) throw staffWriteError(inserted.error);
    const invited = await service.auth.admin.inviteUserByEmail(cmd.email, {
      data: { full_name: cmd.fullName },
      redirectTo: cmd.redirectTo,
    });
    if (invited.error?.status === 429) throw mailLimit();
    if (invited.error) throw new Error(`sending the invite failed: ${invited.error.status} ${invited.error.message}`);
    return inserted.data;
  } catch (err) {
    const removed = await service.auth.admin.deleteUser(user.id);
    if (removed.error) console.error("could not remove the invited user", user.id, removed.error);
    throw err;
  }
}

const JOINED = "This person has already accepted the invitation.";

/**
 * The staff row of an invitation not yet followed: the caller must see the row (RLS), and its
 * auth user must not have confirmed the e-mail (following the link does that).
 */
async function openInvitation({ caller, service }: Clients, userId: string): Promise<StaffRow> {
  const { data: row, error } = await caller.from("staff").select().eq("user_id", userId).maybeSingle();
  if (error) throw staffWriteError(error);
  if (!row) throw new HttpError("OPSDESK_NO_SUCH_USER", NOT_FOUND);
  const found = await service.auth.admin.getUserById(userId);
  if (found.error) throw new Error(`reading the user failed: ${found.error.status} ${found.error.message}`);
  if (found.data.user.email_confirmed_at) throw new HttpError("OPSDESK_INVITATION_FOLLOWED", JOINED);
  return row;
}

/** Mails the invitation again (a new link; the old one stops working). */
async function resendInvite(clients: Clients, cmd: { userId: string; redirectTo?: string }): Promise<StaffRow> {
  const row = await openInvitation(clients, cmd.userId);
  const invited = await clients.service.auth.admin.inviteUserByEmail(String(row.email), {
    data: { full_name: row.full_name },
    redirectTo: cmd.redirectTo,
  });
  if (invited.error?.status === 429) throw mailLimit();
  if (invited.error) throw new Error(`sending the invite failed: ${invited.error.status} ${invited.error.message}`);
  return row;
}

/**
 * Takes an invitation back: the staff row is deleted as the calling admin (the audit log names
 * them), then the account it was for, so the link leads nowhere.
 */
async function revokeInvite(clients: Clients, userId: string): Promise<StaffRow> {
  const row = await openInvitation(clients, userId);
  const { error } = await clients.caller.from("staff").delete().eq("user_id", userId);
  if (error) throw staffWriteError(error);
  const removed = await clients.service.auth.admin.deleteUser(userId);
  if (removed.error) throw new Error(`removing the user failed: ${removed.error.status} ${removed.error.message}`);
  return row;
}

async function updateStaff(caller: SupabaseClient, userId: string, changes: StaffRow): Promise<StaffRow> {
  const { data, error } = await caller.from("staff").update(changes).eq("user_id", userId).select().maybeSingle();
  if (error) throw staffWriteError(error);
  if (!data) throw new HttpError("OPSDESK_NO_SUCH_USER", NOT_FOUND);
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
    case "resend_invite":
      return resendInvite(clients, cmd);
    case "revoke_invite":
      return revokeInvite(clients, cmd.userId);
  }
}
