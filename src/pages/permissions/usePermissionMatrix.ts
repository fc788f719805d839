// Reads the permission rows and writes single cells. After every change the caller's own
// access is asked again (menus, buttons and routes follow at once); RLS reads the same
// table, so the database follows with the next statement anyway.
import { useQuery } from "@tanstack/react-query";
import { consoleProviders } from "../../providers";
import { backend } from "../../providers/backend";
import { type PermissionRow, toggleWrite } from "./matrix";

const QUERY_KEY = ["permissions-matrix"];

export function usePermissionMatrix() {
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: (): Promise<PermissionRow[]> => backend.permissions.load() });

  const setCell = async (row: PermissionRow, checked: boolean): Promise<void> => {
    const refused = await backend.permissions.write(toggleWrite(row, checked));
    await Promise.all([query.refetch(), consoleProviders().refreshAccess()]);
    if (refused) throw refused;
  };

  return { rows: query.data ?? [], query, setCell };
}
