// One audit entry's changes, one line per field: label, old value → new value. A reference
// reads as the referenced record's label, linked to it (ReferenceLabels.tsx). A long entry
// shows its first lines and shortened values until the operator asks for the rest.
import { useTranslate } from "@refinedev/core";
import { Button, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { useFormat } from "../../i18n/useFormat";
import type { FieldChange } from "./diff";
import { useReferenceLabel } from "./ReferenceLabels";
import { referencePath } from "./referenceLabels";
import { type DisplayTexts, displayValue } from "./values";

/** Lines shown before "Show more". */
export const COLLAPSED_LINES = 4;
/** Characters of a value shown before "Show more". */
export const COLLAPSED_VALUE = 120;

const shortened = (text: string, whole: boolean) =>
  whole || text.length <= COLLAPSED_VALUE ? text : `${text.slice(0, COLLAPSED_VALUE)}…`;

function Value({
  change,
  value,
  whole,
  texts,
}: {
  change: FieldChange;
  value: unknown;
  whole: boolean;
  texts: DisplayTexts;
}) {
  const labelOf = useReferenceLabel();
  const target = change.field?.reference;
  if (target && value !== null && value !== undefined && value !== "") {
    const key = String(value);
    const label = labelOf(target.resource, key) ?? key;
    const path = referencePath(target, key);
    return path ? <Link to={path}>{label}</Link> : label;
  }
  return <>{shortened(displayValue(change.field, value, texts), whole)}</>;
}

/**
 * The columns of Opsdesk's own tables (operators, roles, the matrix), which have no screens of
 * their own and so no definition to label them: named in the operator's language all the same.
 * Any other column without a definition keeps its name in the database.
 */
function useColumnLabel() {
  const t = useTranslate();
  const labels: Record<string, string> = {
    user_id: t("history.column.user_id", "User"),
    email: t("history.column.email", "E-mail"),
    full_name: t("history.column.full_name", "Name"),
    role: t("history.column.role", "Role"),
    active: t("history.column.active", "Active"),
    name: t("history.column.name", "Name"),
    description: t("history.column.description", "Description"),
    schema_name: t("history.column.schema_name", "Schema"),
    table_name: t("history.column.table_name", "Table"),
    action: t("history.column.action", "Action"),
    settings: t("history.column.settings", "Settings"),
  };
  return (change: FieldChange) => change.field?.label ?? labels[change.name] ?? change.name;
}

/** True when the entry has more to show than its collapsed form. */
export const isLong = (changes: FieldChange[], texts: DisplayTexts) =>
  changes.length > COLLAPSED_LINES ||
  changes.some((c) =>
    [c.before, c.after].some((v) => !c.field?.reference && displayValue(c.field, v, texts).length > COLLAPSED_VALUE),
  );

export function ChangeList({ changes, action }: { changes: FieldChange[]; action: string }) {
  const t = useTranslate();
  const texts: DisplayTexts = { yesNo: [t("history.yes", "Yes"), t("history.no", "No")], format: useFormat() };
  const labelOf = useColumnLabel();
  const [whole, setWhole] = useState(false);
  if (changes.length === 0)
    return <Typography.Text type="secondary">{t("history.noChanges", "No changes")}</Typography.Text>;
  const long = isLong(changes, texts);
  const shown = whole ? changes : changes.slice(0, COLLAPSED_LINES);
  return (
    <>
      <ul
        className="opsdesk-change-list"
        style={{ listStyle: "none", margin: 0, padding: 0, overflowWrap: "anywhere", maxWidth: "60ch" }}
      >
        {shown.map((change) => (
          <li key={change.name} data-field={change.name}>
            <Typography.Text strong>{labelOf(change)}</Typography.Text>{" "}
            {action !== "INSERT" && (
              <Typography.Text delete={action === "UPDATE"} type="secondary" className="opsdesk-change-before">
                <Value change={change} value={change.before} whole={whole} texts={texts} />
              </Typography.Text>
            )}
            {action === "UPDATE" && " → "}
            {action !== "DELETE" && (
              <Typography.Text className="opsdesk-change-after">
                <Value change={change} value={change.after} whole={whole} texts={texts} />
              </Typography.Text>
            )}
          </li>
        ))}
      </ul>
      {long && (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setWhole(!whole)} aria-expanded={whole}>
          {whole
            ? t("history.showLess", "Show less")
            : changes.length > COLLAPSED_LINES
              ? t("history.showMore", { count: changes.length - COLLAPSED_LINES }, "Show {{count}} more")
              : t("history.showAll", "Show all")}
        </Button>
      )}
    </>
  );
}
