// The admin's "Permissions" screen on a project with Opsdesk installed (docs/any-project.md
// "Operators and roles"): the roles (add one, describe it, remove one no operator holds; admin
// stays) and, per role, the matrix of managed tables × actions. Each checkbox grants or revokes
// one row of opsdesk.permissions at once: the tables' policies read the same rows, so the
// database follows with the next statement and every open console of that role at once (its
// access channel). Admins administer Opsdesk whatever the matrix says; their rights on data are
// rows here like anyone's.
import { useNotification, useTranslate } from "@refinedev/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Popconfirm,
  Segmented,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from "antd";
import { useMemo, useState } from "react";
import { usePhoneWidth } from "../../components/usePhoneWidth";
import { useTabTitle } from "../../components/useTabTitle";
import "../../features/list/RecordCard.css";
import { localizeMessage } from "../../i18n/messages";
import { useResourceTitle } from "../../i18n/useResourceTitle";
import { consoleProviders } from "../../providers";
import { backend } from "../../providers/backend";
import type { MatrixCell, RoleRow } from "../../providers/operatorAdmin";
import { cellKeyOf, grantedKeys, MATRIX_ACTIONS, type MatrixAction, type MatrixRow, matrixRows } from "./matrixCells";
import { ROLES_QUERY } from "./OperatorsPage";
import { roleLabel } from "./roleLabel";

const MATRIX_QUERY = ["opsdesk-matrix"];

function RolesCard({ roles }: { roles: RoleRow[] }) {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string; description?: string }>();
  const [busy, setBusy] = useState<string>();
  const phone = usePhoneWidth();

  const run = async (key: string, work: () => Promise<unknown>, success: string) => {
    setBusy(key);
    try {
      await work();
      notify?.({ type: "success", message: success });
      return true;
    } catch (error) {
      notify?.({ type: "error", message: localizeMessage((error as Error).message, t) });
      return false;
    } finally {
      setBusy(undefined);
      await queryClient.invalidateQueries({ queryKey: ROLES_QUERY });
      await queryClient.invalidateQueries({ queryKey: MATRIX_QUERY });
    }
  };

  // Each cell once, for the table's columns and for a phone's cards.
  const nameOf = (role: RoleRow) => (
    <Space wrap>
      {roleLabel(t, role.name)}
      {role.name === "admin" && <Tag>{t("permissions.administers", "administers Opsdesk")}</Tag>}
    </Space>
  );
  const descriptionOf = (role: RoleRow) => (
    <Typography.Text
      editable={{
        maxLength: 200,
        triggerType: ["icon", "text"],
        tooltip: t("permissions.describe", "Describe"),
        onChange: (text) => {
          if (text === (role.description ?? "")) return;
          void run(
            role.name,
            () => backend.operatorAdmin.describeRole(role.name, text),
            t("permissions.roleDescribed", { role: roleLabel(t, role.name) }, "{{role}} is described."),
          );
        },
      }}
    >
      {role.description ?? ""}
    </Typography.Text>
  );
  const actionOf = (role: RoleRow) =>
    role.name === "admin" ? null : (
      <Popconfirm
        title={t("permissions.removeRoleConfirm", { role: roleLabel(t, role.name) }, "Remove the role {{role}}?")}
        description={t("permissions.removeRoleHint", "Its rows of the matrix go with it.")}
        okText={t("operators.remove", "Remove")}
        okButtonProps={{ danger: true }}
        cancelText={t("buttons.cancel", "Cancel")}
        onConfirm={() =>
          run(
            role.name,
            () => backend.operatorAdmin.removeRole(role.name),
            t("permissions.roleRemoved", { role: roleLabel(t, role.name) }, "The role {{role}} is removed."),
          )
        }
      >
        <Button size="small" danger loading={busy === role.name}>
          {t("operators.remove", "Remove")}
        </Button>
      </Popconfirm>
    );

  return (
    <Card title={t("permissions.roles", "Roles")} style={{ marginBottom: 24 }}>
      {phone ? (
        // A phone shows each role as a card (as a generated list does, docs/everyday.md): as a
        // table, the actions column was cut off at the right edge of a 390 px phone.
        <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
          {roles.map((role) => (
            <article key={role.name} className="record-card" aria-label={roleLabel(t, role.name)}>
              <div className="record-card-head">
                <div className="record-card-title">{nameOf(role)}</div>
                {actionOf(role)}
              </div>
              <dl className="record-card-fields">
                <div className="record-card-field record-card-wide">
                  <dt>{t("permissions.description", "Description")}</dt>
                  <dd>{descriptionOf(role)}</dd>
                </div>
              </dl>
            </article>
          ))}
        </div>
      ) : (
        <Table<RoleRow> rowKey="name" dataSource={roles} pagination={false} size="small">
          <Table.Column<RoleRow>
            key="name"
            title={t("permissions.roleName", "Role")}
            render={(_, role) => nameOf(role)}
          />
          <Table.Column<RoleRow>
            key="description"
            title={t("permissions.description", "Description")}
            render={(_, role) => descriptionOf(role)}
          />
          <Table.Column<RoleRow>
            key="actions"
            title={t("staff.actions", "Actions")}
            render={(_, role) => actionOf(role)}
          />
        </Table>
      )}
      <Form
        form={form}
        layout="inline"
        style={{ marginTop: 16 }}
        onFinish={async (values) => {
          const added = await run(
            "+",
            () => backend.operatorAdmin.addRole(values),
            t("permissions.roleAdded", { role: values.name }, "The role {{role}} is added."),
          );
          if (added) form.resetFields();
        }}
      >
        <Form.Item
          name="name"
          label={t("permissions.newRole", "New role")}
          rules={[
            {
              required: true,
              pattern: /^[a-z][a-z0-9_]{0,39}$/,
              message: t("permissions.roleNameRule", "1–40 lower-case letters, digits or _, starting with a letter."),
            },
          ]}
        >
          <Input placeholder={t("permissions.roleExample", "support")} autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label={t("permissions.description", "Description")} rules={[{ max: 200 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" loading={busy === "+"}>
            {t("permissions.addRole", "Add role")}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

export function PermissionsMatrixPage() {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const queryClient = useQueryClient();
  const resourceTitle = useResourceTitle();
  const roles = useQuery({ queryKey: ROLES_QUERY, queryFn: () => backend.operatorAdmin.roles() });
  const matrix = useQuery({ queryKey: MATRIX_QUERY, queryFn: () => backend.operatorAdmin.matrix() });
  const [chosen, setChosen] = useState<string>();
  const [pending, setPending] = useState<string>();
  const role =
    chosen && roles.data?.some((r) => r.name === chosen)
      ? chosen
      : (roles.data?.find((r) => r.name !== "admin")?.name ?? "admin");
  const granted = useMemo(() => grantedKeys(matrix.data?.cells ?? []), [matrix.data]);
  const rows = useMemo(() => matrixRows(matrix.data?.tables ?? []), [matrix.data]);

  const title = t("permissions.title", "Permissions");
  useTabTitle(title);

  const tableName = (row: MatrixRow) =>
    row.opsdesk
      ? t(`permissions.opsdesk.${row.table_name}`, `Opsdesk: ${row.table_name.replaceAll("_", " ")}`)
      : resourceTitle(row.resource);

  const change = async (cell: MatrixCell, checked: boolean) => {
    const key = cellKeyOf(cell);
    setPending(key);
    try {
      await backend.operatorAdmin.writeCell(cell, checked);
    } catch (error) {
      notify?.({ type: "error", message: localizeMessage((error as Error).message, t) });
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MATRIX_QUERY }),
        consoleProviders().refreshAccess({ ifChanged: true }),
      ]);
      setPending(undefined);
    }
  };

  const failed = roles.error ?? matrix.error;
  return (
    <div style={{ padding: 8 }}>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t(
          "permissions.opsdeskHint",
          "What each role may do with each managed table. Changes apply at once, in the database and in every open console. Admins also administer Opsdesk: operators, roles, permissions and tables.",
        )}
      </Typography.Paragraph>
      {failed ? (
        <Alert
          type="error"
          showIcon
          message={localizeMessage((failed as Error).message, t)}
          action={
            <Button onClick={() => void Promise.all([roles.refetch(), matrix.refetch()])}>
              {t("permissions.retry", "Retry")}
            </Button>
          }
        />
      ) : !roles.data || !matrix.data ? (
        <Skeleton active />
      ) : (
        <>
          <RolesCard roles={roles.data} />
          <Segmented<string>
            aria-label={t("permissions.role", "Role")}
            value={role}
            onChange={setChosen}
            options={roles.data.map((r) => ({ value: r.name, label: roleLabel(t, r.name) }))}
            style={{ marginBottom: 16 }}
          />
          <Table<MatrixRow> dataSource={rows} rowKey="resource" pagination={false} size="small" scroll={{ x: true }}>
            <Table.Column<MatrixRow>
              key="table"
              title={t("permissions.resource", "Resource")}
              render={(_, row) => tableName(row)}
            />
            {MATRIX_ACTIONS.map((action: MatrixAction) => (
              <Table.Column<MatrixRow>
                key={action}
                align="center"
                title={t(`permissions.action.${action}`, action)}
                render={(_, row) => {
                  const cell = { role, schema_name: row.schema_name, table_name: row.table_name, action };
                  const key = cellKeyOf(cell);
                  return (
                    <Checkbox
                      aria-label={t(
                        "permissions.cell",
                        { role: roleLabel(t, role), action, resource: tableName(row) },
                        "{{role}} may {{action}} {{resource}}",
                      )}
                      checked={granted.has(key)}
                      disabled={pending === key}
                      onChange={(e) => void change(cell, e.target.checked)}
                    />
                  );
                }}
              />
            ))}
          </Table>
        </>
      )}
    </div>
  );
}
