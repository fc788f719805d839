// The rows of the permission matrix (public.permissions): read all, grant or revoke one
// cell. Refusals in the operator's words; the guard trigger words its own.
import { MESSAGES } from "../i18n/messages";
import type { Database } from "../resources/database.types";
import { plainMessage } from "./errors";
import type { ConsoleClient } from "./supabaseClient";

type Permission = Database["public"]["Tables"]["permissions"]["Row"];
export type PermissionCell = Pick<Permission, "role" | "resource" | "action">;

function refusal(error: { code?: string; message: string }): Error {
  return new Error(error.code === "42501" ? MESSAGES.forbidden : plainMessage(error));
}

export async function loadPermissionRows(client: ConsoleClient): Promise<PermissionCell[]> {
  const { data, error } = await client.from("permissions").select("role, resource, action");
  if (error) throw refusal(error);
  return data as PermissionCell[];
}

/** Grants or revokes one cell; the refusal, if the database refused. */
export async function writePermission(
  client: ConsoleClient,
  write: { kind: "grant" | "revoke"; row: PermissionCell },
): Promise<Error | undefined> {
  const { error } =
    write.kind === "grant"
      ? await client.from("permissions").upsert(write.row, { ignoreDuplicates: true })
      : await client.from("permissions").delete().match(write.row);
  return error ? refusal(error) : undefined;
}
