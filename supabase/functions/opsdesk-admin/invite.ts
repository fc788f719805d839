// Making someone an operator by e-mail (docs/any-project.md, "Operators"): the one step an
// admin cannot take with SQL alone, because a new account and its invitation mail are the
// Auth service's. The operator row is written as the calling admin (opsdesk.add_operator
// checks that, and the audit log names them); only the Auth admin API uses the service role.
import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
import { OpsdeskError } from "./errors.ts";

export interface InviteCommand {
  /** In lower case. */
  email: string;
  role: string;
  fullName?: string;
  /** Where the invitation's link lands (the console's set-password page). */
  redirectTo?: string;
}

export interface InviteOptions {
  /**
   * An account that already exists becomes an operator at once, without a mail ("add"), or the
   * invite is refused with OPSDESK_ACCOUNT_EXISTS ("refuse").
   */
  existingAccount: "add" | "refuse";
}

export interface Invited {
  /** The operator's row of opsdesk.operators, as the caller reads it. */
  operator: Record<string, unknown>;
  /** Whether a new account was made and the invitation mailed. */
  invited: boolean;
}

/** Refuses an address that is an operator's already (Auth keeps addresses in lower case, as the command has it). */
async function ensureNotOperator(caller: SupabaseClient, email: string): Promise<void> {
  const { data, error } = await caller.schema("opsdesk").from("operators").select("user_id").eq("email", email);
  if (error) throw OpsdeskError.fromDatabase(error);
  if ((data ?? []).length > 0)
    throw new OpsdeskError("OPSDESK_ALREADY_OPERATOR", "This person is an operator already.");
}

async function operatorRow(caller: SupabaseClient, userId: string): Promise<Record<string, unknown>> {
  const { data, error } = await caller.schema("opsdesk").from("operators").select("*").eq("user_id", userId).single();
  if (error) throw OpsdeskError.fromDatabase(error);
  return data;
}

async function addOperator(caller: SupabaseClient, cmd: InviteCommand): Promise<string> {
  const { data, error } = await caller
    .schema("opsdesk")
    .rpc("add_operator", { email: cmd.email, role: cmd.role, full_name: cmd.fullName ?? null });
  if (error) throw OpsdeskError.fromDatabase(error);
  return data as string;
}

/**
 * Creates the account (unconfirmed), makes it an operator as the caller, then mails the
 * invitation, whose link lets them set a password. Creating the account first lets Auth's
 * unique e-mail decide between two admins inviting at once; when a later step fails the
 * account is deleted again (its operator row goes with it), so an invite either fully happens
 * or leaves nothing behind, and no mail goes out for a failed one.
 */
export async function invite(
  clients: { caller: SupabaseClient; service: SupabaseClient },
  cmd: InviteCommand,
  options: InviteOptions,
): Promise<Invited> {
  const { caller, service } = clients;
  await ensureNotOperator(caller, cmd.email);
  const created = await service.auth.admin.createUser({
    email: cmd.email,
    email_confirm: false,
    user_metadata: cmd.fullName ? { full_name: cmd.fullName } : {},
    // Marks the account as this invitation's (only the service role writes app_metadata): revoking
    // the invitation deletes such an account, never one the project's app made.
    app_metadata: { opsdesk_invited: true },
  });
  if (created.error?.code === "email_exists") {
    if (options.existingAccount === "refuse") {
      throw new OpsdeskError("OPSDESK_ACCOUNT_EXISTS", "An account with this e-mail already exists.");
    }
    return { operator: await operatorRow(caller, await addOperator(caller, cmd)), invited: false };
  }
  if (created.error) {
    throw new Error(`creating the account failed: ${created.error.status} ${created.error.message}`);
  }
  const user = created.data.user;
  try {
    await addOperator(caller, cmd);
    const mailed = await service.auth.admin.inviteUserByEmail(cmd.email, {
      data: cmd.fullName ? { full_name: cmd.fullName } : {},
      redirectTo: cmd.redirectTo,
    });
    if (mailed.error?.status === 429) {
      throw new OpsdeskError("OPSDESK_MAIL_LIMIT", "Too many e-mails sent. Try again in a few minutes.");
    }
    if (mailed.error) throw new Error(`sending the invitation failed: ${mailed.error.status} ${mailed.error.message}`);
    return { operator: await operatorRow(caller, user.id), invited: true };
  } catch (err) {
    const removed = await service.auth.admin.deleteUser(user.id);
    if (removed.error) console.error("could not remove the invited account", user.id, removed.error);
    throw err;
  }
}

/**
 * The operator row of an invitation not yet followed, with whether Opsdesk made its account: the
 * caller must see the row (RLS: admins), and the account must not have confirmed its e-mail
 * (following the link does that).
 */
async function openInvitation(
  clients: { caller: SupabaseClient; service: SupabaseClient },
  userId: string,
): Promise<{ operator: Record<string, unknown>; madeByOpsdesk: boolean }> {
  const { data, error } = await clients.caller
    .schema("opsdesk")
    .from("operators")
    .select("*")
    .eq("user_id", userId)
    .maybeSingle();
  if (error) throw OpsdeskError.fromDatabase(error);
  if (!data) throw new OpsdeskError("OPSDESK_NO_SUCH_USER", "No operator has this account.");
  const found = await clients.service.auth.admin.getUserById(userId);
  if (found.error) throw new Error(`reading the account failed: ${found.error.status} ${found.error.message}`);
  const user = found.data.user;
  if (user.email_confirmed_at || !user.invited_at) {
    throw new OpsdeskError(
      "OPSDESK_INVITATION_FOLLOWED",
      "This person has joined already; there is no open invitation.",
    );
  }
  return { operator: data, madeByOpsdesk: user.app_metadata?.opsdesk_invited === true };
}

/** Mails an open invitation again: a new link, the old one stops working. */
export async function resendInvitation(
  clients: { caller: SupabaseClient; service: SupabaseClient },
  cmd: { userId: string; redirectTo?: string },
): Promise<Record<string, unknown>> {
  const { operator } = await openInvitation(clients, cmd.userId);
  const mailed = await clients.service.auth.admin.inviteUserByEmail(String(operator.email), {
    data: operator.full_name ? { full_name: operator.full_name } : {},
    redirectTo: cmd.redirectTo,
  });
  if (mailed.error?.status === 429) {
    throw new OpsdeskError("OPSDESK_MAIL_LIMIT", "Too many e-mails sent. Try again in a few minutes.");
  }
  if (mailed.error) throw new Error(`sending the invitation failed: ${mailed.error.status} ${mailed.error.message}`);
  return operator;
}

/**
 * Takes an open invitation back: the operator row is deleted as the calling admin (the audit log
 * names them, and opsdesk's rules apply), then the account, when this function made it, so its
 * link leads nowhere. An account the project's app made stays (it is the app's user).
 */
export async function revokeInvitation(
  clients: { caller: SupabaseClient; service: SupabaseClient },
  userId: string,
): Promise<{ operator: Record<string, unknown>; account_deleted: boolean }> {
  const { operator, madeByOpsdesk } = await openInvitation(clients, userId);
  const { error } = await clients.caller.schema("opsdesk").from("operators").delete().eq("user_id", userId);
  if (error) throw OpsdeskError.fromDatabase(error);
  if (madeByOpsdesk) {
    const removed = await clients.service.auth.admin.deleteUser(userId);
    if (removed.error) throw new Error(`removing the account failed: ${removed.error.status} ${removed.error.message}`);
  }
  return { operator, account_deleted: madeByOpsdesk };
}
