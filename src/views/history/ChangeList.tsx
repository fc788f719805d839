// One audit entry's changes, one line per field: label, old value → new value.
import { useTranslate } from "@refinedev/core";
import { Typography } from "antd";
import { useFormat } from "../../i18n/useFormat";
import { humanize } from "../../lib/format";
import type { FieldChange } from "./diff";
import { type DisplayTexts, displayValue } from "./values";

export function ChangeList({ changes, action }: { changes: FieldChange[]; action: string }) {
  const t = useTranslate();
  const texts: DisplayTexts = { yesNo: [t("history.yes", "Yes"), t("history.no", "No")], format: useFormat() };
  if (changes.length === 0)
    return <Typography.Text type="secondary">{t("history.noChanges", "No changes")}</Typography.Text>;
  return (
    <ul className="opsdesk-change-list" style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {changes.map((change) => (
        <li key={change.name} data-field={change.name}>
          <Typography.Text strong>{change.field?.label ?? humanize(change.name)}</Typography.Text>{" "}
          {action !== "INSERT" && (
            <Typography.Text delete={action === "UPDATE"} type="secondary" className="opsdesk-change-before">
              {displayValue(change.field, change.before, texts)}
            </Typography.Text>
          )}
          {action === "UPDATE" && " → "}
          {action !== "DELETE" && (
            <Typography.Text className="opsdesk-change-after">
              {displayValue(change.field, change.after, texts)}
            </Typography.Text>
          )}
        </li>
      ))}
    </ul>
  );
}
