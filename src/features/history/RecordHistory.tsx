// A record's History tab: its audit entries and those of the rows that belong to it (an
// order's items), newest first, paged on the server, live.
import { useTable } from "@refinedev/antd";
import { type BaseKey, type BaseRecord, type HttpError, useTranslate } from "@refinedev/core";
import { Alert } from "antd";
import type { ColumnsType } from "antd/es/table";
import { resourceKey } from "../../i18n/resourceKeys";
import { humanize } from "../../lib/format";
import { findResource } from "../../resources";
import { useAuditColumns } from "./AuditColumns";
import { AuditTable } from "./AuditTable";
import { historyFilters } from "./historyFilters";

export const HISTORY_PAGE_SIZE = 10;

export function RecordHistory({ table, recordId }: { table: string; recordId: BaseKey }) {
  const t = useTranslate();
  const def = findResource(table);
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
    filters: { permanent: historyFilters(def, table, recordId) },
  });
  // With entries of several tables, each says whose it is ("Order", "Order item").
  const whose: ColumnsType<BaseRecord> = def?.historyIncludes?.length
    ? [
        {
          key: "table",
          dataIndex: "table_name",
          title: t("audit.record", "Record"),
          render: (name: string) =>
            humanize(t(resourceKey.singular(name), {}, findResource(name)?.label.singular ?? name)),
        },
      ]
    : [];
  const columns = useAuditColumns(whose);

  return (
    <>
      {tableQuery.isError && <Alert type="error" showIcon message={tableQuery.error?.message} />}
      <AuditTable
        {...tableProps}
        columns={columns}
        aria-label={t("history.tableLabel", "Change history")}
        locale={{ emptyText: t("history.empty", "No changes recorded yet.") }}
      />
    </>
  );
}
