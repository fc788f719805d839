// The columns an audit entry shows in, shared by a record's History tab and /audit.
import { type BaseRecord, useTranslate } from "@refinedev/core";
import { Tag, Tooltip, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { localizeDefinition, resourceTitle } from "../../i18n/localizeDefinition";
import { useFormat } from "../../i18n/useFormat";
import { findResource } from "../../resources";
import { ChangeList } from "./ChangeList";
import { type AuditEntry, entryChanges } from "./diff";
import { entryResource } from "./referenceLabels";

const ACTION_COLORS: Record<string, string> = { INSERT: "green", UPDATE: "blue", DELETE: "red" };

/** An audit action (the trigger's TG_OP) in the operator's words. */
export function useActionLabel() {
  const t = useTranslate();
  return (action: string) =>
    ({
      INSERT: t("history.action.insert", "Created"),
      UPDATE: t("history.action.update", "Changed"),
      DELETE: t("history.action.delete", "Deleted"),
    })[action] ?? action;
}

/**
 * An entry's table by the name its menu entry gives it ("Kunden" for `customers` in German); a
 * table the console has no screens for (Opsdesk's own) by its name in the database.
 */
export function AuditTableName({ entry }: { entry: AuditEntry }) {
  const t = useTranslate();
  const def = findResource(entryResource(entry));
  return <>{def ? resourceTitle(def, t) : entry.table_name}</>;
}

/** An entry's changes field by field, named in the changed table's labels in the operator's language. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const t = useTranslate();
  const def = findResource(entryResource(entry));
  return <ChangeList action={entry.action} changes={entryChanges(entry, def && localizeDefinition(def, t))} />;
}

export function useAuditColumns(extra: ColumnsType<BaseRecord> = []): ColumnsType<BaseRecord> {
  const t = useTranslate();
  const actionLabel = useActionLabel();
  const format = useFormat();

  return [
    {
      key: "at",
      dataIndex: "at",
      title: t("history.when", "When"),
      width: 150,
      // How long ago ("vor 5 Minuten"), the exact time on hover.
      render: (at: string) => (
        <Tooltip title={format.dateTime(at)}>
          <time dateTime={at}>{format.relative(at)}</time>
        </Tooltip>
      ),
    },
    {
      key: "actor",
      dataIndex: "actor_email",
      title: t("history.who", "Who"),
      render: (email: string | null) =>
        email ?? <Typography.Text type="secondary">{t("history.system", "System")}</Typography.Text>,
    },
    {
      key: "action",
      dataIndex: "action",
      title: t("history.action", "Action"),
      render: (action: string) => <Tag color={ACTION_COLORS[action]}>{actionLabel(action)}</Tag>,
    },
    ...extra,
    {
      key: "changes",
      title: t("history.changes", "Changes"),
      render: (_, record) => <AuditChanges entry={record as AuditEntry} />,
    },
  ];
}
