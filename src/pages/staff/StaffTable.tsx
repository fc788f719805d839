// The staff table on /staff: the name linking to the member's page, e-mail, role (a select for
// those the operator may change, text otherwise: a disabled select reads too faintly), status
// (Invited with its date, Active or Deactivated: staffStatus.ts), created, and the row's
// actions (StaffRowActions.tsx).
import { useTranslate } from "@refinedev/core";
import { Select, Table, type TableProps, Tag, Tooltip } from "antd";
import { Link } from "react-router";
import { useFormat } from "../../i18n/useFormat";
import { ROLE_LABELS, STAFF_ROLES } from "../../resources/roles";
import { StaffRowActions } from "./StaffRowActions";
import type { StaffCommand, StaffRow } from "./staffAdmin";
import { roleChangeable, staffStatus } from "./staffStatus";
import type { StaffPermissions } from "./useStaffCommands";

interface Props {
  tableProps: TableProps<StaffRow>;
  invitedAt: (row: StaffRow) => string | undefined;
  may: StaffPermissions;
  /** The operator's own user id (known once their identity is read). */
  me: string | undefined;
  /** The user_id of the row whose change is running. */
  busy: string | undefined;
  run: (command: StaffCommand, success: string) => void;
}

export function StaffTable({ tableProps, invitedAt, may, me, busy, run }: Props) {
  const t = useTranslate();
  const format = useFormat();
  return (
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
          !roleChangeable(may.edit, row, me) ? (
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
        render={(_active: boolean, row) => {
          const invited = invitedAt(row);
          if (invited)
            return (
              <Tooltip title={t("staff.invitedAt", { at: format.dateTime(invited) }, "Invited {{at}}; not joined yet")}>
                <Tag color="gold">{t("staff.invitedStatus", "Invited")}</Tag>
              </Tooltip>
            );
          return staffStatus(row, invited) === "active" ? (
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
            self={row.user_id === me}
            busy={busy === row.user_id}
            run={run}
          />
        )}
      />
    </Table>
  );
}
