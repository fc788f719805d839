// The staff list's data: the staff table through Refine's useTable (its search goes through
// public.search_staff, docs/search.md; the state stays out of the URL), who is invited and has
// not joined yet (staff_invitations, staffAdmin.ts), and one refresh of both after a change.
import { useTable } from "@refinedev/antd";
import { useQuery } from "@tanstack/react-query";
import type { ResourceDefinition } from "../../resources/types";
import { pendingInvitations, type StaffRow } from "./staffAdmin";

export function useStaffList(def: ResourceDefinition) {
  const table = useTable<StaffRow>({
    resource: def.name,
    // The search box goes through public.search_staff (docs/search.md).
    meta: { search: def.list.search, defaultSort: def.list.defaultSort },
    syncWithLocation: false,
    sorters: { initial: [def.list.defaultSort] },
    pagination: { pageSize: 25 },
  });
  const invitations = useQuery({ queryKey: ["staff-invitations"], queryFn: pendingInvitations });
  /** When the row's member was invited, while they have not followed the link; else undefined. */
  const invitedAt = (row: StaffRow) => invitations.data?.get(row.user_id);
  const refresh = () => Promise.all([table.tableQuery.refetch(), invitations.refetch()]);
  return { table, invitedAt, refresh };
}
