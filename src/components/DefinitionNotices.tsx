// What a generated resource's screens say about it (src/schema): read-only because it is a view
// or has no primary key, and what the console could not represent of the table (shown, never
// hidden: the rest of the table works). Admins also see what only concerns them (checks left to
// the database, a search without an index).
import { useCan, useTranslate } from "@refinedev/core";
import { Alert, Space } from "antd";
import type { ResourceDefinition } from "../resources/types";

const TABLES_SCREEN = "opsdesk_tables";

export function DefinitionNotices({ definition: def }: { definition: ResourceDefinition }) {
  const t = useTranslate();
  const admin = useCan({ resource: TABLES_SCREEN, action: "list" }).data?.can ?? false;
  const readOnly =
    def.readOnlyReason === "view"
      ? t("notices.view", "This is a view: its records are shown, not changed here.")
      : def.readOnlyReason === "noKey"
        ? t("notices.noKey", "This table has no primary key: its records are shown, not changed here.")
        : undefined;
  const notes = [...(def.notices ?? []), ...(admin ? (def.adminNotices ?? []) : [])];
  if (!readOnly && notes.length === 0) return null;
  return (
    <Space direction="vertical" style={{ width: "100%", marginBottom: 16 }} data-definition-notices>
      {readOnly && <Alert type="info" showIcon message={readOnly} />}
      {notes.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={t("notices.partly", "Part of this table is shown as it is")}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          }
        />
      )}
    </Space>
  );
}
