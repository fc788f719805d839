// Operator administration on a project with Opsdesk installed (docs/any-project.md "Operators and
// roles"): the operators (`opsdesk.operators`: role, active, name), the roles (`opsdesk.roles`)
// and the role × table × action matrix (`opsdesk.permissions` over `opsdesk.managed_tables`),
// which admins read and write through the API under Opsdesk's own RLS; a new person comes in
// through the project's `opsdesk-admin` function (an account and its invitation mail), or, where
// that function is not deployed, an existing account through `opsdesk.add_operator`.
// Every refusal becomes an AdminError: its OPSDESK_* code (or the constraint it broke) and the
// operator's words for it (i18n/adminMessages.ts), never the database's English.
import type { SupabaseClient } from "@supabase/supabase-js";
import { type AdminErrorCode, adminMessage } from "../i18n/adminMessages";
import { MESSAGES } from "../i18n/messages";
import { isNetworkError, type PostgrestLikeError } from "./errors";
import { FunctionCallError, invokeFunction } from "./functionErrors";
import { opsdeskSchema } from "./opsdeskSchema";
import { likeLiteral, orValue } from "./tableData";

export interface OperatorRow {
  user_id: string;
  email: string | null;
  full_name: string | null;
  role: string;
  active: boolean;
  created_at: string;
}

export interface RoleRow {
  name: string;
  description: string | null;
  builtin: boolean;
}

export interface MatrixCell {
  role: string;
  schema_name: string;
  table_name: string;
  action: string;
}

export interface ManagedTableRow {
  schema_name: string;
  table_name: string;
}

export interface OperatorPage {
  rows: OperatorRow[];
  total: number;
}

export interface OperatorQuery {
  /** Words matched in the e-mail or the name (any part of them). */
  search?: string;
  sort: { field: "full_name" | "email" | "role" | "created_at"; order: "asc" | "desc" };
  page: number;
  pageSize: number;
}

/** A refusal in the operator's words, with the code the screen may act on. */
export class AdminError extends Error {
  constructor(
    readonly code: AdminErrorCode,
    message: string,
    /** The caller's own session has ended: the screen signs them out. */
    readonly sessionEnded = false,
  ) {
    super(message);
  }
}

const fail = (code: AdminErrorCode, values: Record<string, string> = {}): never => {
  throw new AdminError(code, adminMessage(code, values));
};

/** The constraint a Postgres error names (`… constraint "roles_pkey"`); stable names, docs/any-project.md. */
const constraintOf = (error: PostgrestLikeError) => /constraint "([^"]+)"/.exec(error.message)?.[1];

const CONSTRAINT_CODES: Record<string, AdminErrorCode> = {
  roles_pkey: "ROLE_EXISTS",
  roles_name_check: "ROLE_NAME",
  roles_description_check: "ROLE_DESCRIPTION",
  operators_role_fkey: "ROLE_IN_USE",
  operators_full_name_check: "FULL_NAME",
  operators_pkey: "OPSDESK_ALREADY_OPERATOR",
};

/** A PostgREST error as an AdminError: Opsdesk's code from its hint, a broken constraint, or the general case. */
export function adminErrorOf(error: PostgrestLikeError): AdminError {
  if (isNetworkError(error)) return new AdminError("NETWORK", MESSAGES.network);
  if (error.code === "PGRST301" || error.code === "PGRST303")
    return new AdminError("SESSION", MESSAGES.sessionEnded, true);
  const hinted = error.hint?.startsWith("OPSDESK_") ? error.hint : undefined;
  if (hinted && isAdminCode(hinted)) return new AdminError(hinted, adminMessage(hinted));
  if (error.code === "42501") return new AdminError("OPSDESK_FORBIDDEN", MESSAGES.forbidden);
  const constraint = constraintOf(error);
  const byConstraint = constraint ? CONSTRAINT_CODES[constraint] : undefined;
  if (byConstraint) return new AdminError(byConstraint, adminMessage(byConstraint));
  return new AdminError("FAILED", adminMessage("FAILED", { detail: error.message }));
}

const ADMIN_CODES = new Set<string>([
  "OPSDESK_NOT_ADMIN",
  "OPSDESK_NOT_OPERATOR",
  "OPSDESK_NOT_SIGNED_IN",
  "OPSDESK_FORBIDDEN",
  "OPSDESK_NO_SUCH_USER",
  "OPSDESK_NO_SUCH_ROLE",
  "OPSDESK_LAST_ADMIN",
  "OPSDESK_SELF_DEACTIVATE",
  "OPSDESK_SELF_ROLE",
  "OPSDESK_SELF_REMOVE",
  "OPSDESK_BUILTIN_ROLE",
  "OPSDESK_ALREADY_OPERATOR",
  "OPSDESK_MAIL_LIMIT",
  "OPSDESK_BAD_REQUEST",
  "OPSDESK_INVITATION_FOLLOWED",
]);
const isAdminCode = (code: string): code is AdminErrorCode => ADMIN_CODES.has(code);

const opsdesk = opsdeskSchema;

async function run<T>(query: PromiseLike<{ data: T | null; error: PostgrestLikeError | null }>): Promise<T> {
  const { data, error } = await query;
  if (error) throw adminErrorOf(error);
  return data as T;
}

const OPERATOR_COLUMNS = "user_id, email, full_name, role, active, created_at";

/** A page of operators, searched in their e-mail and name, sorted, counted. */
export async function listOperators(client: SupabaseClient, query: OperatorQuery): Promise<OperatorPage> {
  let request = opsdesk(client)
    .from("operators")
    .select(OPERATOR_COLUMNS, { count: "exact" })
    .order(query.sort.field, { ascending: query.sort.order === "asc", nullsFirst: false })
    .order("user_id");
  const words = (query.search ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 5);
  for (const word of words) {
    const like = orValue(`%${likeLiteral(word)}%`);
    request = request.or(`email.ilike.${like},full_name.ilike.${like}`);
  }
  const from = (query.page - 1) * query.pageSize;
  const { data, count, error } = await request.range(from, from + query.pageSize - 1);
  if (error) throw adminErrorOf(error);
  return { rows: (data ?? []) as OperatorRow[], total: count ?? 0 };
}

/** Changes one operator's role, active flag or name; the row as saved. */
export async function updateOperator(
  client: SupabaseClient,
  userId: string,
  change: Partial<Pick<OperatorRow, "role" | "active" | "full_name">>,
): Promise<OperatorRow> {
  const rows = await run<OperatorRow[]>(
    opsdesk(client).from("operators").update(change).eq("user_id", userId).select(OPERATOR_COLUMNS),
  );
  // RLS hides a row the caller may not change: no row updated is a refusal, not a success.
  if (rows.length === 0) fail("OPSDESK_FORBIDDEN");
  return rows[0];
}

/** Takes someone off the operators (their account stays: they may be an app user). */
export async function removeOperator(client: SupabaseClient, userId: string): Promise<void> {
  const rows = await run<{ user_id: string }[]>(
    opsdesk(client).from("operators").delete().eq("user_id", userId).select("user_id"),
  );
  if (rows.length === 0) fail("OPSDESK_FORBIDDEN");
}

export interface InviteCommand {
  email: string;
  role: string;
  full_name?: string;
  /** Where the invitation's link lands: this console's set-password page. */
  redirect_to?: string;
}

export interface InviteOutcome {
  operator: OperatorRow;
  /** A new account was made and mailed its invitation; false: an existing account was added. */
  invited: boolean;
}

/** Whether the call reached no opsdesk-admin function (not deployed), as opposed to its own refusal. */
const functionMissing = (error: unknown) =>
  error instanceof FunctionCallError && error.status === 404 && !error.code?.startsWith("OPSDESK_");

/**
 * Makes someone an operator: through `opsdesk-admin` (a new account is mailed its invitation);
 * where the project has not deployed that function, an existing account through add_operator.
 */
export async function inviteOperator(client: SupabaseClient, command: InviteCommand): Promise<InviteOutcome> {
  const email = command.email.trim().toLowerCase();
  const fullName = command.full_name?.trim() || undefined;
  try {
    const answer = await invokeFunction<{ operator: OperatorRow; invited: boolean }>(client, "opsdesk-admin", {
      action: "invite",
      email,
      role: command.role,
      ...(fullName ? { full_name: fullName } : {}),
      ...(command.redirect_to ? { redirect_to: command.redirect_to } : {}),
    });
    return { operator: answer.operator, invited: answer.invited };
  } catch (error) {
    if (!functionMissing(error)) throw functionAdminError(error);
  }
  // add_operator re-activates an existing operator silently: ask first, as the function does.
  const existing = await run<{ user_id: string }[]>(
    opsdesk(client).from("operators").select("user_id").eq("email", email).limit(1),
  );
  if (existing.length > 0) fail("OPSDESK_ALREADY_OPERATOR");
  const added = await opsdesk(client).rpc("add_operator", { email, role: command.role, full_name: fullName ?? null });
  if (added.error) {
    const refused = adminErrorOf(added.error);
    // Without the function nobody can be mailed: say what would make inviting new people work.
    if (refused.code === "OPSDESK_NO_SUCH_USER") fail("NO_ACCOUNT_NO_FUNCTION");
    throw refused;
  }
  const rows = await run<OperatorRow[]>(
    opsdesk(client)
      .from("operators")
      .select(OPERATOR_COLUMNS)
      .eq("user_id", added.data as string),
  );
  return { operator: rows[0], invited: false };
}

/** An invitation not yet followed (operator_list: invited, e-mail not confirmed). */
export interface OpenInvitation {
  invited_at: string;
  /** opsdesk-admin made the account: revoking deletes it; otherwise the app's account stays. */
  opsdesk_invited: boolean;
}

/** The operators whose invitation is open, by user id (admins; opsdesk.operator_list). */
export async function openInvitations(client: SupabaseClient): Promise<Map<string, OpenInvitation>> {
  const rows = await run<
    { user_id: string; invited_at: string | null; email_confirmed_at: string | null; opsdesk_invited: boolean }[]
  >(opsdesk(client).rpc("operator_list"));
  return new Map(
    rows
      .filter((r) => r.invited_at !== null && r.email_confirmed_at === null)
      .map((r) => [r.user_id, { invited_at: r.invited_at as string, opsdesk_invited: r.opsdesk_invited }]),
  );
}

/** Mails an open invitation again through opsdesk-admin (a new link; the old one stops working). */
export async function resendInvitation(client: SupabaseClient, userId: string, redirectTo?: string): Promise<void> {
  try {
    await invokeFunction(client, "opsdesk-admin", {
      action: "resend_invite",
      user_id: userId,
      ...(redirectTo ? { redirect_to: redirectTo } : {}),
    });
  } catch (error) {
    throw functionAdminError(error);
  }
}

/** Takes an open invitation back through opsdesk-admin: the operator row, and the account Opsdesk made. */
export async function revokeInvitation(client: SupabaseClient, userId: string): Promise<void> {
  try {
    await invokeFunction(client, "opsdesk-admin", { action: "revoke_invite", user_id: userId });
  } catch (error) {
    throw functionAdminError(error);
  }
}

/** The function's refusal by its code; a network failure or an ended session as such. */
export function functionAdminError(error: unknown): AdminError {
  if (!(error instanceof FunctionCallError)) return new AdminError("FAILED", adminMessage("FAILED", { detail: "" }));
  if (error.status === 401) return new AdminError("SESSION", MESSAGES.sessionEnded, true);
  if (error.status === 0) return new AdminError("NETWORK", MESSAGES.network);
  const code = error.code;
  // A bad request names the field it refuses; the console checked the form first, so it is shown as sent.
  if (code === "OPSDESK_BAD_REQUEST") return new AdminError(code, error.message);
  if (code && isAdminCode(code)) return new AdminError(code, adminMessage(code));
  return new AdminError("FAILED", adminMessage("FAILED", { detail: error.message }));
}

export async function listRoles(client: SupabaseClient): Promise<RoleRow[]> {
  return run<RoleRow[]>(opsdesk(client).from("roles").select("name, description, builtin").order("name"));
}

export async function addRole(client: SupabaseClient, role: { name: string; description?: string }): Promise<void> {
  await run(
    opsdesk(client)
      .from("roles")
      .insert({ name: role.name.trim(), description: role.description?.trim() || null }),
  );
}

export async function describeRole(client: SupabaseClient, name: string, description: string): Promise<void> {
  const rows = await run<{ name: string }[]>(
    opsdesk(client)
      .from("roles")
      .update({ description: description.trim() || null })
      .eq("name", name)
      .select("name"),
  );
  if (rows.length === 0) fail("OPSDESK_NO_SUCH_ROLE");
}

/** Removes a role and its rows of the matrix; refused while operators hold it. */
export async function removeRole(client: SupabaseClient, name: string): Promise<void> {
  const rows = await run<{ name: string }[]>(opsdesk(client).from("roles").delete().eq("name", name).select("name"));
  if (rows.length === 0) fail("OPSDESK_NO_SUCH_ROLE");
}

/** The matrix: every managed table (Opsdesk's own included) and every granted cell. */
export async function loadMatrix(client: SupabaseClient): Promise<{ tables: ManagedTableRow[]; cells: MatrixCell[] }> {
  const [tables, cells] = await Promise.all([
    run<ManagedTableRow[]>(
      opsdesk(client).from("managed_tables").select("schema_name, table_name").order("schema_name").order("table_name"),
    ),
    run<MatrixCell[]>(opsdesk(client).from("permissions").select("role, schema_name, table_name, action")),
  ]);
  return { tables, cells };
}

/** Grants (inserts) or revokes (deletes) one cell of the matrix. */
export async function writeCell(client: SupabaseClient, cell: MatrixCell, granted: boolean): Promise<void> {
  if (granted) {
    await run(opsdesk(client).from("permissions").upsert(cell, { ignoreDuplicates: true }));
    return;
  }
  await run(opsdesk(client).from("permissions").delete().match(cell));
}
