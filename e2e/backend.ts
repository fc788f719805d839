// Direct backend access for arranging and checking e2e data: the service-role client of
// the running test's world (the kit's `supabase` fixture, bound by e2e/test.ts). The demo's
// operators, their matrix and the audit log are Opsdesk's (schema `opsdesk`,
// docs/any-project.md "The demo store"): `opsdeskClient()` reaches them.
import type { SupabaseClient } from "@supabase/supabase-js";
import { resourceNameOf } from "../src/schema/names";
import { PASSWORD, type Role } from "./helpers";
import { testWorld } from "./world";

export function serviceClient(): SupabaseClient {
  return testWorld().supabase;
}

/** The service-role client on schema `opsdesk` (operators, permissions, audit_log, …). */
export function opsdeskClient() {
  return serviceClient().schema("opsdesk");
}

/** Whether the role's rows of the permission matrix hold an action on a resource (by its console name). */
export type May = (resource: string, action: string) => boolean;

/**
 * Opsdesk's own screens (operators, permissions, tables) are the admin role's whatever the
 * matrix says: a role's May answers `may(ADMIN_SCREENS, "open")` for them.
 */
export const ADMIN_SCREENS = "~admin";

/**
 * The role's rows of the permission matrix (opsdesk.permissions, by table), keyed by the
 * console's resource names: a table of `public` by its name, another schema's as
 * `<schema>.<table>` (the audit log is `opsdesk.audit_log`).
 */
export async function permissionsOf(role: Role): Promise<May> {
  const { data, error } = await opsdeskClient()
    .from("permissions")
    .select("schema_name, table_name, action")
    .eq("role", role);
  if (error) throw new Error(`permissions of ${role}: ${error.message}`);
  const held = new Set(data.map((p) => `${resourceNameOf(p.schema_name, p.table_name)}:${p.action}`));
  if (role === "admin") held.add(`${ADMIN_SCREENS}:open`);
  return (resource, action) => held.has(`${resource}:${action}`);
}

/** Inserts one row and returns it; fails the test on an error. */
export async function insertRow<T = Record<string, unknown>>(table: string, row: Record<string, unknown>): Promise<T> {
  const { data, error } = await serviceClient().from(table).insert(row).select().single();
  if (error) throw new Error(`insert into ${table}: ${error.message}`);
  return data as T;
}

/** A new active operator of the role (a row of opsdesk.operators), signed in with the demo password. */
export async function createOperator(role: Role, email: string) {
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (error) throw new Error(`create user ${email}: ${error.message}`);
  const operator = { user_id: data.user.id, full_name: email.split("@")[0], email, role, active: true };
  const { error: refused } = await opsdeskClient().from("operators").insert(operator);
  if (refused) throw new Error(`operator ${email}: ${refused.message}`);
  return { id: data.user.id, email };
}

/** Names of the objects in a record's folder. */
export async function filesIn(bucket: string, folder: string): Promise<string[]> {
  const { data, error } = await serviceClient().storage.from(bucket).list(folder);
  if (error) throw new Error(`list ${bucket}/${folder}: ${error.message}`);
  return data.filter((o) => o.id !== null).map((o) => o.name);
}

export async function putFile(bucket: string, path: string, body: Uint8Array, contentType: string) {
  const { error } = await serviceClient().storage.from(bucket).upload(path, body, { contentType });
  if (error) throw new Error(`upload ${bucket}/${path}: ${error.message}`);
}
