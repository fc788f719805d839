// /permissions (docs/product.md §2, admin): the role × resource × action matrix, one grid per role.
// Each checkbox grants or revokes one permission at once; the database refuses what would
// lock the editing admin out (their own role's list/edit on permissions) and says why.

import { useNotification, useTranslate } from "@refinedev/core";
import { Alert, Button, Checkbox, Segmented, Skeleton, Table, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTabTitle } from "../../components/useTabTitle";
import { localizeMessage } from "../../i18n/messages";
import { useResourceTitle } from "../../i18n/useResourceTitle";
import { menuResources, nestedResources } from "../../resources";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../resources/roles";
import { ACTIONS, cellKey, grantedCells, matrixResources } from "./matrix";
import { usePermissionMatrix } from "./usePermissionMatrix";

const KNOWN = [...menuResources, ...nestedResources].map((r) => r.name).concat("permissions");

export function PermissionsPage() {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const [role, setRole] = useState<StaffRole>("editor");
  const [pending, setPending] = useState<string>();
  const { rows, query, setCell } = usePermissionMatrix();
  const granted = useMemo(() => grantedCells(rows), [rows]);
  const resources = useMemo(() => matrixResources(KNOWN, rows), [rows]);
  const resourceTitle = useResourceTitle();
  const roleName = (r: StaffRole) => t(`staff.role.${r}`, ROLE_LABELS[r]);

  const change = async (resource: string, action: (typeof ACTIONS)[number], checked: boolean) => {
    const cell = { role, resource, action };
    setPending(cellKey(cell));
    try {
      await setCell(cell, checked);
    } catch (err) {
      notify?.({ type: "error", message: (err as Error).message });
    } finally {
      setPending(undefined);
    }
  };

  const title = t("permissions.title", "Permissions");
  useTabTitle(title);

  return (
    <div style={{ padding: 8 }}>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t(
          "permissions.hint",
          "What each role may do with each resource. Changes apply at once, in the database and in the console.",
        )}
      </Typography.Paragraph>
      <Segmented<StaffRole>
        aria-label={t("permissions.role", "Role")}
        value={role}
        onChange={setRole}
        options={STAFF_ROLES.map((value) => ({ value, label: roleName(value) }))}
        style={{ marginBottom: 16 }}
      />
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message={localizeMessage(query.error.message, t)}
          action={<Button onClick={() => query.refetch()}>{t("permissions.retry", "Retry")}</Button>}
        />
      ) : query.isLoading ? (
        <Skeleton active />
      ) : (
        <Table
          dataSource={resources.map((resource) => ({ resource }))}
          rowKey="resource"
          pagination={false}
          size="small"
          scroll={{ x: true }}
        >
          <Table.Column dataIndex="resource" title={t("permissions.resource", "Resource")} render={resourceTitle} />
          {ACTIONS.map((action) => (
            <Table.Column
              key={action}
              align="center"
              title={t(`permissions.action.${action}`, action)}
              render={(_, { resource }: { resource: string }) => {
                const cell = { role, resource, action };
                return (
                  <Checkbox
                    aria-label={t(
                      "permissions.cell",
                      { role: roleName(role), action, resource },
                      "{{role}} may {{action}} {{resource}}",
                    )}
                    checked={granted.has(cellKey(cell))}
                    disabled={pending === cellKey(cell)}
                    onChange={(e) => change(resource, action, e.target.checked)}
                  />
                );
              }}
            />
          ))}
        </Table>
      )}
    </div>
  );
}
