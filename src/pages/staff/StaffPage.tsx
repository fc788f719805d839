// /staff (docs/product.md §2, admin): the staff list with invite, role change, deactivate and
// reactivate, all through the staff-admin function, offered to those whose role may create
// (invite) or edit (the rest) staff, as the function requires; CSV export for those who may
// export. Operators cannot change their own role or deactivate themselves (the database
// refuses too); the last active admin stays. Someone invited who has not followed the
// invitation's link yet is "Invited", not "Active", with Resend and Revoke.
import { useTable } from "@refinedev/antd";
import { useCan, useGetIdentity, useLogout, useNotification, useTranslate } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Button, Select, Space, Table, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { useTabTitle } from "../../components/useTabTitle";
import { ExportButton } from "../../features/csv/ExportButton";
import { ListSearchBox } from "../../features/list/ListSearchBox";
import { useFormat } from "../../i18n/useFormat";
import { FunctionCallError } from "../../providers/functionErrors";
import { ROLE_LABELS, STAFF_ROLES } from "../../resources/roles";
import type { ResourceDefinition } from "../../resources/types";
import { InviteModal } from "./InviteModal";
import { StaffRowActions } from "./StaffRowActions";
import { pendingInvitations, runStaffCommand, type StaffCommand, type StaffRow } from "./staffAdmin";

export function StaffPage({ definition: def }: { definition: ResourceDefinition }) {
  const t = useTranslate();
  const format = useFormat();
  const { open: notify } = useNotification();
  const { mutate: logout } = useLogout();
  const { data: me } = useGetIdentity<{ id: string }>();
  const [inviting, setInviting] = useState(false);
  const [busy, setBusy] = useState<string>();
  const { tableProps, filters, sorters, tableQuery, setFilters, setCurrentPage } = useTable<StaffRow>({
    resource: def.name,
    // The search box goes through public.search_staff (docs/search.md).
    meta: { search: def.list.search, defaultSort: def.list.defaultSort },
    syncWithLocation: false,
    sorters: { initial: [def.list.defaultSort] },
    pagination: { pageSize: 25 },
  });

  const may = {
    invite: useCan({ resource: def.name, action: "create" }).data?.can ?? false,
    edit: useCan({ resource: def.name, action: "edit" }).data?.can ?? false,
    revoke: useCan({ resource: def.name, action: "delete" }).data?.can ?? false,
  };
  const invitations = useQuery({ queryKey: ["staff-invitations"], queryFn: pendingInvitations });
  const invitedAt = (row: StaffRow) => invitations.data?.get(row.user_id);

  const run = async (command: StaffCommand, success: string) => {
    if (command.action === "invite") return;
    setBusy(command.user_id);
    try {
      await runStaffCommand(command);
      notify?.({ type: "success", message: success });
      await Promise.all([tableQuery.refetch(), invitations.refetch()]);
    } catch (err) {
      if (err instanceof FunctionCallError && err.status === 401) logout();
      notify?.({ type: "error", message: (err as Error).message });
    } finally {
      setBusy(undefined);
    }
  };

  const title = t("staff.title", "Staff");
  useTabTitle(title);

  return (
    <div style={{ padding: 8 }}>
      <Space style={{ width: "100%", justifyContent: "space-between", marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Space>
          <ExportButton definition={def} filters={filters} sorters={sorters} />
          {may.invite && (
            <Button type="primary" onClick={() => setInviting(true)}>
              {t("staff.invite", "Invite")}
            </Button>
          )}
        </Space>
      </Space>
      <div style={{ marginBottom: 16 }}>
        <ListSearchBox
          label={t("staff.search", "Search staff")}
          filters={filters}
          setFilters={setFilters}
          setCurrentPage={setCurrentPage}
        />
      </div>
      <Table<StaffRow> {...tableProps} rowKey="user_id">
        <Table.Column<StaffRow>
          dataIndex="full_name"
          title={t("staff.fullName", "Full name")}
          sorter
          render={(name, row) => <Link to={`/staff/${row.user_id}`}>{name}</Link>}
        />
        <Table.Column<StaffRow> dataIndex="email" title={t("staff.email", "E-mail")} sorter />
        <Table.Column<StaffRow>
          dataIndex="role"
          title={t("staff.role", "Role")}
          render={(role: StaffRow["role"], row) =>
            // A role the operator may not change is text: a disabled select reads too faintly.
            !may.edit || row.user_id === me?.id ? (
              t(`staff.role.${role}`, ROLE_LABELS[role])
            ) : (
              <Select
                aria-label={t("staff.roleOf", { name: row.full_name }, "Role of {{name}}")}
                value={role}
                disabled={busy === row.user_id}
                onChange={(next) =>
                  run(
                    { action: "set_role", user_id: row.user_id, role: next },
                    t("staff.roleChanged", { name: row.full_name }, "{{name}}'s role is changed."),
                  )
                }
                options={STAFF_ROLES.map((value) => ({ value, label: t(`staff.role.${value}`, ROLE_LABELS[value]) }))}
                style={{ width: 120 }}
              />
            )
          }
        />
        <Table.Column<StaffRow>
          dataIndex="active"
          title={t("staff.status", "Status")}
          render={(active: boolean, row) => {
            const invited = invitedAt(row);
            if (invited)
              return (
                <Tooltip
                  title={t("staff.invitedAt", { at: format.dateTime(invited) }, "Invited {{at}}; not joined yet")}
                >
                  <Tag color="gold">{t("staff.invitedStatus", "Invited")}</Tag>
                </Tooltip>
              );
            return active ? (
              <Tag color="green">{t("staff.active", "Active")}</Tag>
            ) : (
              <Tag>{t("staff.inactive", "Deactivated")}</Tag>
            );
          }}
        />
        <Table.Column<StaffRow>
          dataIndex="created_at"
          title={t("staff.createdAt", "Created")}
          render={format.dateTime}
          sorter
        />
        <Table.Column<StaffRow>
          key="actions"
          title={t("staff.actions", "Actions")}
          render={(_, row) => (
            <StaffRowActions
              row={row}
              invited={invitedAt(row) !== undefined}
              may={may}
              self={row.user_id === me?.id}
              busy={busy === row.user_id}
              run={run}
            />
          )}
        />
      </Table>
      {/* Mounted while open: its form starts empty each time and exists only with its Form. */}
      {inviting && (
        <InviteModal
          onClose={() => setInviting(false)}
          onInvited={() => Promise.all([tableQuery.refetch(), invitations.refetch()])}
        />
      )}
    </div>
  );
}
