// /audit: every audit entry the operator may read, searched (record, actor, values) and
// filtered by table, record, actor, action and time range on the server (filters kept in
// the URL), each with its field-by-field diff;
// "Export CSV" writes the filtered entries for those who may export them.
// The parts, each in this folder: the list state (useAuditLog.ts), the filter form
// (AuditFilterForm.tsx, auditFilters.ts) and the table (AuditLogTable.tsx, recordPath.ts); the
// diff and the shared columns are features/history's.
import { List } from "@refinedev/antd";
import { useTranslate } from "@refinedev/core";
import { Alert, Space } from "antd";
import { useTabTitle } from "../../components/useTabTitle";
import { ExportButton } from "../../features/csv/ExportButton";
import { ListSearchBox } from "../../features/list/ListSearchBox";
import { localizeMessage } from "../../i18n/messages";
import type { ResourceDefinition } from "../../resources/types";
import { AuditFilterForm } from "./AuditFilterForm";
import { AuditLogTable } from "./AuditLogTable";
import { useAuditLog } from "./useAuditLog";

export function AuditPage({ definition: def }: { definition: ResourceDefinition }) {
  const t = useTranslate();
  const log = useAuditLog(def);
  const { filters, sorters, setFilters, setCurrentPage, tableQuery } = log;

  const title = t("audit.title", "Audit log");
  useTabTitle(title);

  return (
    <List
      title={title}
      headerButtons={({ defaultButtons }) => (
        <>
          {defaultButtons}
          <ExportButton definition={def} filters={filters} sorters={sorters} />
        </>
      )}
    >
      <Space direction="vertical" style={{ width: "100%" }} size="middle">
        <ListSearchBox
          label={t("audit.search", "Search the audit log")}
          filters={filters}
          setFilters={setFilters}
          setCurrentPage={setCurrentPage}
        />
        <AuditFilterForm def={def} log={log} />
        {tableQuery.isError && (
          <Alert type="error" showIcon message={localizeMessage(tableQuery.error?.message ?? "", t)} />
        )}
        <AuditLogTable log={log} />
      </Space>
    </List>
  );
}
