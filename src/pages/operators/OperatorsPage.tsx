// The admin's "Operators" screen (docs/any-project.md "Operators and roles"): who may use the
// console with which role, on any project with Opsdesk installed. Search by e-mail or name,
// invite or add someone, change a role, deactivate and reactivate, remove from the operators
// (their account stays: they may be the app's users). The database decides: nobody changes
// their own role or deactivates or removes themselves, the last active admin stays; its
// refusals are shown in the operator's words. An operator's open console follows at once
// (their access channel, providers/accessRefresh.ts). Someone invited who has not followed the
// invitation's link yet is "Invited", with Resend and Revoke (the opsdesk-admin function), as on
// the demo's staff screen.
import { SortAscendingOutlined, SortDescendingOutlined } from "@ant-design/icons";
import { useGetIdentity, useNotification, useTranslate } from "@refinedev/core";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Input, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from "antd";
import type { ColumnsType, SorterResult } from "antd/es/table/interface";
import { useState } from "react";
import { ActiveToggle } from "../../components/ActiveToggle";
import { usePhoneWidth } from "../../components/usePhoneWidth";
import { useTabTitle } from "../../components/useTabTitle";
import "../../features/list/RecordCard.css";
import { localizeMessage } from "../../i18n/messages";
import { useFormat } from "../../i18n/useFormat";
import { backend } from "../../providers/backend";
import type { OperatorQuery, OperatorRow } from "../../providers/operatorAdmin";
import { InviteOperatorModal } from "./InviteOperatorModal";
import { roleLabel } from "./roleLabel";

const OPERATORS = "opsdesk-operators";
const INVITATIONS = ["opsdesk-invitations"];
export const ROLES_QUERY = ["opsdesk-roles"];

const nameOf = (row: OperatorRow) => row.full_name?.trim() || row.email || row.user_id;

export function OperatorsPage() {
  const t = useTranslate();
  const format = useFormat();
  const { open: notify } = useNotification();
  const queryClient = useQueryClient();
  const { data: me } = useGetIdentity<{ id: string }>();
  const phone = usePhoneWidth();
  const [inviting, setInviting] = useState(false);
  const [busy, setBusy] = useState<string>();
  const [query, setQuery] = useState<OperatorQuery>({
    sort: { field: "created_at", order: "asc" },
    page: 1,
    pageSize: 25,
  });
  const operators = useQuery({
    queryKey: [OPERATORS, query],
    queryFn: () => backend.operatorAdmin.list(query),
    placeholderData: keepPreviousData,
  });
  const roles = useQuery({ queryKey: ROLES_QUERY, queryFn: () => backend.operatorAdmin.roles() });
  const invitations = useQuery({ queryKey: INVITATIONS, queryFn: () => backend.operatorAdmin.invitations() });
  const invitationOf = (row: OperatorRow) => invitations.data?.get(row.user_id);

  const title = t("operators.title", "Operators");
  useTabTitle(title);

  const change = async (row: OperatorRow, work: () => Promise<unknown>, success: string) => {
    setBusy(row.user_id);
    try {
      await work();
      notify?.({ type: "success", message: success });
    } catch (error) {
      notify?.({ type: "error", message: localizeMessage((error as Error).message, t) });
    } finally {
      setBusy(undefined);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [OPERATORS] }),
        queryClient.invalidateQueries({ queryKey: INVITATIONS }),
      ]);
    }
  };

  const onTableChange = (page: { current?: number; pageSize?: number }, sorter: SorterResult<OperatorRow>) => {
    const field = (sorter.columnKey ?? sorter.field) as OperatorQuery["sort"]["field"] | undefined;
    setQuery((q) => ({
      ...q,
      page: page.current ?? 1,
      pageSize: page.pageSize ?? q.pageSize,
      sort: field && sorter.order ? { field, order: sorter.order === "descend" ? "desc" : "asc" } : q.sort,
    }));
  };
  const sortOrder = (field: OperatorQuery["sort"]["field"]) =>
    query.sort.field === field ? (query.sort.order === "desc" ? "descend" : "ascend") : null;
  const self = (row: OperatorRow) => row.user_id === me?.id;

  // Each cell once, for the table's columns and for a phone's cards.
  const roleOf = (role: string, row: OperatorRow) =>
    // One's own role is text: nobody changes their own (the database refuses it too).
    self(row) ? (
      roleLabel(t, role)
    ) : (
      <Select
        aria-label={t("staff.roleOf", { name: nameOf(row) }, "Role of {{name}}")}
        value={role}
        disabled={busy === row.user_id}
        style={{ minWidth: 130 }}
        onChange={(next) =>
          change(
            row,
            () => backend.operatorAdmin.update(row.user_id, { role: next }),
            t("staff.roleChanged", { name: nameOf(row) }, "{{name}}'s role is changed."),
          )
        }
        options={(roles.data ?? [{ name: role }]).map((r) => ({
          value: r.name,
          label: roleLabel(t, r.name),
        }))}
      />
    );
  const statusOf = (active: boolean, row: OperatorRow) => {
    const invitation = invitationOf(row);
    if (invitation)
      return (
        <Tooltip
          title={t("staff.invitedAt", { at: format.dateTime(invitation.invited_at) }, "Invited {{at}}; not joined yet")}
        >
          <Tag color="gold">{t("staff.invitedStatus", "Invited")}</Tag>
        </Tooltip>
      );
    return active ? (
      <Tag color="green">{t("staff.active", "Active")}</Tag>
    ) : (
      <Tag>{t("staff.inactive", "Deactivated")}</Tag>
    );
  };
  const actionsOf = (row: OperatorRow) =>
    self(row) ? null : invitationOf(row) ? (
      <InvitationActions
        row={row}
        accountGoes={invitationOf(row)?.opsdesk_invited ?? false}
        busy={busy === row.user_id}
        change={change}
      />
    ) : (
      <Space wrap>
        <ActiveToggle
          active={row.active}
          name={nameOf(row)}
          hint={t("operators.deactivateHint", "They lose access to this console at once; their account stays.")}
          busy={busy === row.user_id}
          onDeactivate={() =>
            change(
              row,
              () => backend.operatorAdmin.update(row.user_id, { active: false }),
              t("staff.deactivated", { name: nameOf(row) }, "{{name}} is deactivated."),
            )
          }
          onReactivate={() =>
            change(
              row,
              () => backend.operatorAdmin.update(row.user_id, { active: true }),
              t("staff.reactivated", { name: nameOf(row) }, "{{name}} is active again."),
            )
          }
        />
        <Popconfirm
          title={t("operators.removeConfirm", { name: nameOf(row) }, "Remove {{name}} from the operators?")}
          description={t(
            "operators.removeHint",
            "Their account stays (they may use the app); add them again to give access back.",
          )}
          okText={t("operators.remove", "Remove")}
          okButtonProps={{ danger: true }}
          cancelText={t("buttons.cancel", "Cancel")}
          onConfirm={() =>
            change(
              row,
              () => backend.operatorAdmin.remove(row.user_id),
              t("operators.removed", { name: nameOf(row) }, "{{name}} is no operator any more."),
            )
          }
        >
          <Button size="small" disabled={busy === row.user_id}>
            {t("operators.remove", "Remove")}
          </Button>
        </Popconfirm>
      </Space>
    );
  const tableColumns: ColumnsType<OperatorRow> = [
    {
      key: "full_name",
      dataIndex: "full_name",
      title: t("staff.fullName", "Full name"),
      sorter: true,
      sortOrder: sortOrder("full_name"),
      render: (_, row) => nameOf(row),
    },
    {
      key: "email",
      dataIndex: "email",
      title: t("staff.email", "E-mail"),
      sorter: true,
      sortOrder: sortOrder("email"),
    },
    {
      key: "role",
      dataIndex: "role",
      title: t("staff.role", "Role"),
      sorter: true,
      sortOrder: sortOrder("role"),
      render: roleOf,
    },
    {
      key: "active",
      dataIndex: "active",
      title: t("staff.status", "Status"),
      render: statusOf,
    },
    {
      key: "created_at",
      dataIndex: "created_at",
      title: t("staff.createdAt", "Created"),
      sorter: true,
      sortOrder: sortOrder("created_at"),
      render: format.dateTime,
    },
    {
      key: "actions",
      title: t("staff.actions", "Actions"),
      render: (_, row) => actionsOf(row),
    },
  ];
  // A phone shows each operator as a card (as a generated list does, docs/everyday.md): as a
  // table, 390 px showed a name and half an e-mail with the rest 900 px wide.
  const sortable: OperatorQuery["sort"]["field"][] = ["full_name", "email", "role", "created_at"];
  const phoneColumns: ColumnsType<OperatorRow> = [
    {
      key: "card",
      className: "list-card-cell",
      title: (
        <Space wrap size={8} className="phone-list-tools">
          <Select
            aria-label={t("list.sortBy", "Sort by")}
            prefix={t("list.sortBy", "Sort by")}
            size="small"
            value={query.sort.field}
            popupMatchSelectWidth={false}
            options={sortable.map((field) => ({
              value: field,
              label: tableColumns.find((column) => column.key === field)?.title as string,
            }))}
            onChange={(field: OperatorQuery["sort"]["field"]) =>
              setQuery((q) => ({ ...q, page: 1, sort: { field, order: q.sort.order } }))
            }
          />
          <Button
            size="small"
            icon={query.sort.order === "desc" ? <SortDescendingOutlined /> : <SortAscendingOutlined />}
            aria-label={
              query.sort.order === "desc"
                ? t("list.sortDescending", "Descending")
                : t("list.sortAscending", "Ascending")
            }
            title={
              query.sort.order === "desc"
                ? t("list.sortDescending", "Descending")
                : t("list.sortAscending", "Ascending")
            }
            onClick={() =>
              setQuery((q) => ({ ...q, page: 1, sort: { ...q.sort, order: q.sort.order === "desc" ? "asc" : "desc" } }))
            }
          />
        </Space>
      ),
      render: (_, row) => (
        <article className="record-card" aria-label={nameOf(row)}>
          <div className="record-card-head">
            <strong className="record-card-title">{nameOf(row)}</strong>
          </div>
          <dl className="record-card-fields">
            {row.email && row.email !== nameOf(row) && (
              <div className="record-card-field record-card-wide">
                <dt>{t("staff.email", "E-mail")}</dt>
                <dd>{row.email}</dd>
              </div>
            )}
            <div className="record-card-field">
              <dt>{t("staff.role", "Role")}</dt>
              <dd>{roleOf(row.role, row)}</dd>
            </div>
            <div className="record-card-field">
              <dt>{t("staff.status", "Status")}</dt>
              <dd>{statusOf(row.active, row)}</dd>
            </div>
            <div className="record-card-field record-card-wide">
              <dt>{t("staff.createdAt", "Created")}</dt>
              <dd>{format.dateTime(row.created_at)}</dd>
            </div>
          </dl>
          {actionsOf(row)}
        </article>
      ),
    },
  ];

  return (
    <div style={{ padding: 8 }}>
      <Space style={{ width: "100%", justifyContent: "space-between", marginBottom: 8 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Button type="primary" onClick={() => setInviting(true)} disabled={!roles.data}>
          {t("operators.invite", "Add operator")}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        {t(
          "operators.intro",
          "Who may use this console and with which role. What each role may do is set on the Permissions screen; the database enforces it.",
        )}
      </Typography.Paragraph>
      <Input.Search
        allowClear
        aria-label={t("operators.search", "Search operators")}
        placeholder={t("operators.search", "Search operators")}
        style={{ maxWidth: 360, marginBottom: 16 }}
        onSearch={(text) => setQuery((q) => ({ ...q, search: text, page: 1 }))}
      />
      {operators.isError && (
        <Typography.Paragraph type="danger">
          {localizeMessage((operators.error as Error).message, t)}
        </Typography.Paragraph>
      )}
      <Table<OperatorRow>
        rowKey="user_id"
        loading={operators.isFetching}
        dataSource={operators.data?.rows ?? []}
        onChange={(page, _filters, sorter) => onTableChange(page, sorter as SorterResult<OperatorRow>)}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: operators.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 25, 50, 100],
        }}
        columns={phone ? phoneColumns : tableColumns}
      />
      {inviting && roles.data && (
        <InviteOperatorModal
          roles={roles.data}
          onClose={() => setInviting(false)}
          onInvited={() => {
            void queryClient.invalidateQueries({ queryKey: [OPERATORS] });
            void queryClient.invalidateQueries({ queryKey: INVITATIONS });
          }}
        />
      )}
    </div>
  );
}

/** Resend and Revoke of an invitation not yet followed. */
function InvitationActions({
  row,
  accountGoes,
  busy,
  change,
}: {
  row: OperatorRow;
  /** Revoking deletes the account (opsdesk-admin made it); else only the operator row goes. */
  accountGoes: boolean;
  busy: boolean;
  change: (row: OperatorRow, work: () => Promise<unknown>, success: string) => Promise<void>;
}) {
  const t = useTranslate();
  const redirectTo = new URL("/update-password", window.location.origin).href;
  return (
    <Space wrap>
      <Button
        size="small"
        loading={busy}
        onClick={() =>
          change(
            row,
            () => backend.operatorAdmin.resendInvitation(row.user_id, redirectTo),
            t("staff.inviteResent", { email: row.email }, "Invitation sent to {{email}} again"),
          )
        }
      >
        {t("staff.resendInvite", "Resend invitation")}
      </Button>
      <Popconfirm
        title={t("staff.revokeConfirm", { name: nameOf(row) }, "Revoke the invitation of {{name}}?")}
        description={
          accountGoes
            ? t("staff.revokeHint", "Their link stops working and their account is removed.")
            : t(
                "operators.revokeKeepsAccountHint",
                "Their link no longer leads into this console; their account stays (it is the app's).",
              )
        }
        okText={t("staff.revoke", "Revoke invitation")}
        okButtonProps={{ danger: true }}
        cancelText={t("buttons.cancel", "Cancel")}
        onConfirm={() =>
          change(
            row,
            () => backend.operatorAdmin.revokeInvitation(row.user_id),
            t("staff.revoked", { name: nameOf(row) }, "The invitation of {{name}} is revoked."),
          )
        }
      >
        <Button danger size="small" loading={busy}>
          {t("staff.revoke", "Revoke invitation")}
        </Button>
      </Popconfirm>
    </Space>
  );
}
