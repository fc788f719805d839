// A record's History tab: its audit entries, newest first, paged on the server, live.
import { useTable } from "@refinedev/antd";
import { type BaseKey, type BaseRecord, type HttpError, useTranslate } from "@refinedev/core";
import { Alert, Table } from "antd";
import { useAuditColumns } from "./AuditColumns";
import { ReferenceLabels } from "./ReferenceLabels";

export const HISTORY_PAGE_SIZE = 10;

export function RecordHistory({ table, recordId }: { table: string; recordId: BaseKey }) {
  const t = useTranslate();
  const { tableProps, tableQuery } = useTable<BaseRecord, HttpError>({
    resource: "audit_log",
    syncWithLocation: false,
    pagination: { pageSize: HISTORY_PAGE_SIZE },
    sorters: {
      permanent: [
        { field: "at", order: "desc" },
        { field: "id", order: "desc" },
      ],
    },
    filters: {
      permanent: [
        { field: "table_name", operator: "eq", value: table },
        { field: "record_id", operator: "eq", value: String(recordId) },
      ],
    },
  });
  const columns = useAuditColumns();

  return (
    <>
      {tableQuery.isError && <Alert type="error" showIcon message={tableQuery.error?.message} />}
      <ReferenceLabels entries={tableProps.dataSource ?? []}>
        <Table
          {...tableProps}
          rowKey="id"
          size="small"
          columns={columns}
          aria-label={t("history.tableLabel", "Change history")}
          locale={{ emptyText: t("history.empty", "No changes recorded yet.") }}
        />
      </ReferenceLabels>
    </>
  );
}
