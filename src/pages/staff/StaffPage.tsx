// /staff (docs/product.md §2, admin): the staff list with invite, role change, deactivate and
// reactivate, all through the staff-admin function, offered to those whose role may create
// (invite) or edit (the rest) staff, as the function requires; CSV export for those who may
// export. Operators cannot change their own role or deactivate themselves (the database
// refuses too); the last active admin stays. Someone invited who has not followed the
// invitation's link yet is "Invited", not "Active", with Resend and Revoke.
// This file only composes the parts, each in its own file of this folder: the data
// (useStaffList.ts), the rights and the row changes (useStaffCommands.ts), the head
// (StaffHeader.tsx), the table (StaffTable.tsx, StaffRowActions.tsx) and the invite dialog
// (InviteModal.tsx).
import { useGetIdentity, useTranslate } from "@refinedev/core";
import { useState } from "react";
import { useTabTitle } from "../../components/useTabTitle";
import { ListSearchBox } from "../../features/list/ListSearchBox";
import type { ResourceDefinition } from "../../resources/types";
import { InviteModal } from "./InviteModal";
import { StaffHeader } from "./StaffHeader";
import { StaffTable } from "./StaffTable";
import { useStaffCommands, useStaffPermissions } from "./useStaffCommands";
import { useStaffList } from "./useStaffList";

export function StaffPage({ definition: def }: { definition: ResourceDefinition }) {
  const t = useTranslate();
  const { data: me } = useGetIdentity<{ id: string }>();
  const [inviting, setInviting] = useState(false);
  const { table, invitedAt, refresh } = useStaffList(def);
  const { tableProps, filters, sorters, setFilters, setCurrentPage } = table;
  const may = useStaffPermissions(def.name);
  const { busy, run } = useStaffCommands(refresh);
  const title = t("staff.title", "Staff");
  useTabTitle(title);

  return (
    <div style={{ padding: 8 }}>
      <StaffHeader
        def={def}
        title={title}
        filters={filters}
        sorters={sorters}
        mayInvite={may.invite}
        onInvite={() => setInviting(true)}
      />
      <div style={{ marginBottom: 16 }}>
        <ListSearchBox
          label={t("staff.search", "Search staff")}
          filters={filters}
          setFilters={setFilters}
          setCurrentPage={setCurrentPage}
        />
      </div>
      <StaffTable tableProps={tableProps} invitedAt={invitedAt} may={may} me={me?.id} busy={busy} run={run} />
      {/* Mounted while open: its form starts empty each time and exists only with its Form. */}
      {inviting && <InviteModal onClose={() => setInviting(false)} onInvited={refresh} />}
    </div>
  );
}
