// Reads the permission rows and writes single cells. After every change the caller's own
// access is asked again (menus, buttons and routes follow at once); RLS reads the same
// table, so the database follows with the next statement anyway.
import { useQuery } from "@tanstack/react-query";
import { refreshAccess, supabase } from "../../providers";
import { MESSAGES } from "../../providers/messages";
import { type PermissionRow, toggleWrite } from "./matrix";

const QUERY_KEY = ["permissions-matrix"];

async function loadRows(): Promise<PermissionRow[]> {
  const { data, error } = await supabase.from("permissions").select("role, resource, action");
  if (error) throw new Error(error.code === "42501" ? MESSAGES.forbidden : error.message);
  return data as PermissionRow[];
}

/** The database's refusal in the operator's words (the guard trigger words its own). */
function writeError(error: { code?: string; message: string }): Error {
  if (error.code === "42501") return new Error(MESSAGES.forbidden);
  return new Error(error.message);
}

export function usePermissionMatrix() {
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: loadRows });

  const setCell = async (row: PermissionRow, checked: boolean): Promise<void> => {
    const write = toggleWrite(row, checked);
    const { error } =
      write.kind === "grant"
        ? await supabase.from("permissions").upsert(write.row, { ignoreDuplicates: true })
        : await supabase.from("permissions").delete().match(write.row);
    await Promise.all([query.refetch(), refreshAccess()]);
    if (error) throw writeError(error);
  };

  return { rows: query.data ?? [], query, setCell };
}
