// What the edit form says about someone else's change: at once when it happens (above the
// form), after a refused stale save (beside Save: StaleNotice), and after the reload (their
// values vs the operator's, per field).
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Space, Table, Tag } from "antd";
import { MESSAGES } from "../../i18n/messages";
import { useFormat } from "../../i18n/useFormat";
import { type DisplayTexts, displayValue } from "../history/values";
import type { ConflictRow } from "./conflict";
import type { RemoteChange } from "./useEditConflict";

/** The last save was refused because the record had moved on: reload to compare. */
export function StaleNotice({ onReload }: { onReload: () => void }) {
  const t = useTranslate();
  return (
    <Alert
      type="warning"
      showIcon
      message={t("live.conflict.stale", MESSAGES.stale)}
      action={<Button onClick={onReload}>{t("live.conflict.reload", "Reload")}</Button>}
    />
  );
}

interface Props {
  /** A colleague's change, unless a stale save says so beside Save already. */
  remote: RemoteChange | undefined;
  comparison: ConflictRow[] | undefined;
  onReload: () => void;
  onTakeMine: (rows: ConflictRow[]) => void;
  onDismiss: () => void;
}

export function ConflictNotice({ remote, comparison, onReload, onTakeMine, onDismiss }: Props) {
  const t = useTranslate();
  const texts: DisplayTexts = {
    yesNo: [t("live.conflict.yes", "Yes"), t("live.conflict.no", "No")],
    format: useFormat(),
  };
  const reloadButton = <Button onClick={onReload}>{t("live.conflict.reload", "Reload")}</Button>;
  const mine = comparison?.filter((row) => row.changedByMe) ?? [];

  return (
    <Space direction="vertical" style={{ width: "100%", marginBottom: comparison || remote ? 16 : 0 }}>
      {remote && (
        <Alert
          type="warning"
          showIcon
          message={
            remote.deleted
              ? t("live.conflict.deleted", "Someone else deleted this record")
              : t("live.conflict.changed", "Someone else changed this record")
          }
          description={[
            remote.who ? t("live.conflict.by", { who: remote.who }, "Changed by {{who}}.") : "",
            remote.deleted
              ? ""
              : t("live.conflict.hint", "Reload to compare your unsaved values with the current ones."),
          ]
            .filter(Boolean)
            .join(" ")}
          action={remote.deleted ? undefined : reloadButton}
        />
      )}
      {comparison && (
        <Alert
          type="info"
          showIcon
          closable
          onClose={onDismiss}
          message={
            comparison.length === 0
              ? t("live.conflict.noDifferences", "The form now shows the current record; your values were the same.")
              : t(
                  "live.conflict.compare",
                  "The form now shows the current record. Your unsaved values are kept here for comparison.",
                )
          }
          description={
            comparison.length > 0 && (
              <Space direction="vertical" style={{ width: "100%" }}>
                <Table<ConflictRow>
                  size="small"
                  pagination={false}
                  rowKey={(row) => row.field.name}
                  dataSource={comparison}
                  aria-label={t("live.conflict.tableLabel", "Your values and the current values")}
                  columns={[
                    {
                      key: "field",
                      title: t("live.conflict.field", "Field"),
                      render: (_, row) => (
                        <Space size={4}>
                          {row.field.label}
                          {row.changedByThem && <Tag color="orange">{t("live.conflict.theirs", "changed")}</Tag>}
                        </Space>
                      ),
                    },
                    {
                      key: "mine",
                      title: t("live.conflict.mine", "Your value"),
                      render: (_, row) => displayValue(row.field, row.mine, texts),
                    },
                    {
                      key: "current",
                      title: t("live.conflict.current", "Current value"),
                      render: (_, row) => displayValue(row.field, row.current, texts),
                    },
                    {
                      key: "take",
                      title: "",
                      render: (_, row) =>
                        row.changedByMe && (
                          <Button size="small" onClick={() => onTakeMine([row])}>
                            {t("live.conflict.useMine", "Use mine")}
                          </Button>
                        ),
                    },
                  ]}
                />
                {mine.length > 1 && (
                  <Button onClick={() => onTakeMine(mine)}>
                    {t("live.conflict.useAllMine", "Use all my changes")}
                  </Button>
                )}
              </Space>
            )
          }
        />
      )}
    </Space>
  );
}
