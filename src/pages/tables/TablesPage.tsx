// The admin's "Tables" screen (docs/any-project.md "The console"): every table and view of the
// exposed schemas, managed or not. A managed one opens its settings (TableSettingsDrawer: labels
// per language, title field, list columns and order, hidden fields, help, default sort, actions,
// file columns), stored with opsdesk.set_table_settings; an unmanaged one can be managed here —
// a table with RLS off only after the admin has read what granting would expose to app users.
import { useTranslate } from "@refinedev/core";
import { Alert, App, Button, Modal, Space, Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table/interface";
import { useState, useSyncExternalStore } from "react";
import { usePhoneWidth } from "../../components/usePhoneWidth";
import { useTabTitle } from "../../components/useTabTitle";
import { localizeMessage } from "../../i18n/messages";
import { backend } from "../../providers/backend";
import { onResourcesChange } from "../../resources";
import type { DescribedTable } from "../../resources/describe.types";
import "../../features/list/RecordCard.css";
import { TableSettingsDrawer } from "./TableSettingsDrawer";

const qualified = (t: DescribedTable) => `${t.schema}.${t.name}`;

/** What app users hold on a table, as the install reported it: "authenticated: select, insert". */
function exposureText(table: DescribedTable): string {
  const exposure: Record<string, string[]> = { ...(table.exposure ?? {}) };
  return Object.entries(exposure)
    .filter(([, privileges]) => Array.isArray(privileges) && privileges.length > 0)
    .map(([role, privileges]) => `${role}: ${privileges.join(", ")}`)
    .join("; ");
}

export function TablesPage() {
  const t = useTranslate();
  const { message } = App.useApp();
  const title = t("tables.title", "Tables");
  useTabTitle(title);
  const phone = usePhoneWidth();
  // A new schema version (a table managed, settings saved anywhere) re-renders the list.
  const described = useSyncExternalStore(onResourcesChange, backend.tables.described);
  const [editing, setEditing] = useState<DescribedTable>();
  const [confirming, setConfirming] = useState<DescribedTable>();
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();

  const manage = async (table: DescribedTable, allowWithoutRls: boolean) => {
    setBusy(qualified(table));
    setError(undefined);
    try {
      await backend.tables.manage(table.schema, table.name, allowWithoutRls);
      await backend.tables.refresh();
      message.success(t("tables.managed", { table: qualified(table) }, "{{table}} is managed by Opsdesk now."));
    } catch (thrown) {
      setError(localizeMessage((thrown as Error).message, t));
    } finally {
      setBusy(undefined);
      setConfirming(undefined);
    }
  };

  if (!described) {
    return <Alert type="info" showIcon message={t("tables.none", "This project has no Opsdesk installed.")} />;
  }

  // Each cell once, for the table's columns and for a phone's cards.
  const nameOf = (table: DescribedTable) => (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>{qualified(table)}</Typography.Text>
      {table.comment && <Typography.Text type="secondary">{table.comment}</Typography.Text>}
    </Space>
  );
  const stateOf = (table: DescribedTable) => (
    <Space wrap>
      {table.managed ? (
        <Tag color="green">{t("tables.isManaged", "managed")}</Tag>
      ) : (
        <Tag>{t("tables.notManaged", "not managed")}</Tag>
      )}
      {table.kind !== "table" && <Tag>{table.kind.replace("_", " ")}</Tag>}
      {table.kind === "table" && !table.rls.enabled && <Tag color="red">{t("tables.rlsOff", "RLS off")}</Tag>}
    </Space>
  );
  const actionOf = (table: DescribedTable) =>
    table.managed ? (
      <Button onClick={() => setEditing(table)}>{t("tables.settings", "Settings")}</Button>
    ) : (
      <Button
        loading={busy === qualified(table)}
        onClick={() =>
          table.kind === "table" && !table.rls.enabled ? setConfirming(table) : void manage(table, false)
        }
      >
        {t("tables.manage", "Manage this table")}
      </Button>
    );
  const tableColumns: ColumnsType<DescribedTable> = [
    {
      key: "name",
      title: t("tables.table", "Table"),
      render: (_, table) => nameOf(table),
    },
    {
      key: "state",
      title: t("tables.state", "State"),
      render: (_, table) => stateOf(table),
    },
    {
      key: "rows",
      title: t("tables.rows", "Rows (about)"),
      align: "right",
      render: (_, table) => table.estimated_rows ?? "",
    },
    {
      key: "actions",
      title: t("list.actions", "Actions"),
      render: (_, table) => actionOf(table),
    },
  ];
  // A phone shows each table as a card (as a generated list does, docs/everyday.md): as a
  // table, its four columns and "Manage this table" took half again a phone's width.
  const phoneColumns: ColumnsType<DescribedTable> = [
    {
      key: "card",
      className: "list-card-cell",
      render: (_, table) => (
        <article className="record-card" aria-label={qualified(table)}>
          <div className="record-card-head">
            <div className="record-card-title">{nameOf(table)}</div>
            {actionOf(table)}
          </div>
          <dl className="record-card-fields">
            <div className="record-card-field">
              <dt>{t("tables.state", "State")}</dt>
              <dd>{stateOf(table)}</dd>
            </div>
            {table.estimated_rows != null && (
              <div className="record-card-field record-card-whole">
                <dt>{t("tables.rows", "Rows (about)")}</dt>
                <dd>{table.estimated_rows}</dd>
              </div>
            )}
          </dl>
        </article>
      ),
    },
  ];

  return (
    <div>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t(
          "tables.intro",
          "Every table and view of the project's exposed schemas. Managed tables are shown to operators as their role allows; their settings change how the console shows them.",
        )}
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} closable />}
      <Table<DescribedTable>
        rowKey={qualified}
        dataSource={described.tables}
        pagination={false}
        size="middle"
        showHeader={!phone}
        columns={phone ? phoneColumns : tableColumns}
      />
      <Modal
        open={Boolean(confirming)}
        title={t("tables.rlsOffTitle", "Row level security is off")}
        okText={t("tables.manageAnyway", "Manage it anyway")}
        okButtonProps={{ danger: true, loading: Boolean(busy) }}
        cancelText={t("buttons.cancel", "Cancel")}
        onCancel={() => setConfirming(undefined)}
        onOk={() => confirming && manage(confirming, true)}
      >
        {confirming && (
          <Space direction="vertical">
            <Typography.Paragraph>
              {t(
                "tables.rlsOffText",
                { table: qualified(confirming) },
                "{{table}} has row level security off. Managing it grants the privileges operators need to the authenticated role, and without RLS nothing limits them to operators: every signed-in user of the app could then read and change every row.",
              )}
            </Typography.Paragraph>
            <Typography.Paragraph>
              {t("tables.exposureNow", "What app users hold on it today:")}{" "}
              <Typography.Text code>{exposureText(confirming) || t("tables.nothing", "nothing")}</Typography.Text>
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary">
              {t(
                "tables.rlsOffAdvice",
                "Safer: turn RLS on for the table (with the policies your app needs) and manage it then.",
              )}
            </Typography.Paragraph>
          </Space>
        )}
      </Modal>
      {editing && <TableSettingsDrawer table={editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}
