// /audit's table: the shared audit columns (features/history/AuditColumns.tsx: when, who,
// action, the field-by-field diff) after the table and the record by its title, linked to its
// page unless deleted (recordPath.ts); paged as lists are, with the entries' total.
import { useTranslate } from "@refinedev/core";
import { useAuditColumns } from "../../features/history/AuditColumns";
import { AuditRecord } from "../../features/history/AuditRecord";
import { AuditTable } from "../../features/history/AuditTable";
import type { AuditEntry } from "../../features/history/diff";
import { PAGE_SIZES } from "../../features/list/listPaging";
import { tCount } from "../../i18n/plural";
import { useResourceTitle } from "../../i18n/useResourceTitle";
import { findResource } from "../../resources";
import { recordPath } from "./recordPath";
import type { AuditLog } from "./useAuditLog";

export function AuditLogTable({ log }: { log: AuditLog }) {
  const t = useTranslate();
  const tableLabel = useResourceTitle();
  const { tableProps } = log;
  const total = tableProps.pagination ? tableProps.pagination.total : undefined;
  const columns = useAuditColumns([
    {
      key: "table",
      dataIndex: "table_name",
      title: t("audit.table", "Table"),
      render: tableLabel,
    },
    {
      key: "record",
      dataIndex: "record_id",
      title: t("audit.record", "Record"),
      // The record by its title, not its key (which shows on hover).
      render: (id: string, entry) => (
        <AuditRecord
          entry={entry as AuditEntry}
          path={entry.action === "DELETE" ? undefined : recordPath(findResource(String(entry.table_name)), id)}
        />
      ),
    },
  ]);

  return (
    <AuditTable
      {...tableProps}
      columns={columns}
      aria-label={t("audit.title", "Audit log")}
      locale={{ emptyText: t("audit.empty", "No audit entries match.") }}
      pagination={{
        ...tableProps.pagination,
        pageSizeOptions: PAGE_SIZES,
        showSizeChanger: true,
        showTotal: () =>
          tCount(t, "audit.total", total ?? 0, {
            one: "{{count, number}} entry",
            other: "{{count, number}} entries",
          }),
      }}
    />
  );
}
