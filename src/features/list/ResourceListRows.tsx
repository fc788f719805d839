// A generated list's rows: ListTable.tsx (a table on a wide screen, one column of cards on a
// phone: useListTableColumns.tsx) with resizable headers, the selection's checkboxes, live
// changes highlighted, the page sizes and the total (ListTotal.tsx, "about" when estimated),
// and "No products found." only when the list was read and is empty.
import { type BaseRecord, useTranslate } from "@refinedev/core";
import { Empty, type TableProps } from "antd";
import { useMemo } from "react";
import { idColumnOf } from "../../lib/select";
import type { ResourceDefinition } from "../../resources/types";
import { AuditRecordTitles } from "../history/AuditRecord";
import { ReferenceLabels } from "../history/ReferenceLabels";
import type { useLiveHighlights } from "../live/useLiveHighlights";
import { ListTable } from "./ListTable";
import { ListTotal } from "./ListTotal";
import { PAGE_SIZES } from "./listPaging";
import { ResizableHeaderCell } from "./ResizableHeaderCell";
import type { ListState } from "./useResourceListData";

const TABLE_COMPONENTS = { header: { cell: ResizableHeaderCell } };

interface Props {
  def: ResourceDefinition;
  /** `def` with labels in the operator's language. */
  shown: ResourceDefinition;
  table: ListState;
  /** The table's props with the rows as shown (useShownRows.ts). */
  tableProps: ListState["tableProps"];
  columns: TableProps<BaseRecord>["columns"];
  rowSelection: TableProps<BaseRecord>["rowSelection"];
  live: ReturnType<typeof useLiveHighlights>;
}

export function ResourceListRows({ def, shown, table, tableProps, columns, rowSelection, live }: Props) {
  const t = useTranslate();
  const { tableQuery } = table;
  const plural = shown.label.plural;
  const total = tableProps.pagination ? tableProps.pagination.total : undefined;
  const approximate = tableQuery.data?.approximate === true;
  const pagination = tableProps.pagination && {
    ...tableProps.pagination,
    pageSizeOptions: PAGE_SIZES,
    showSizeChanger: true,
    showTotal: () => (
      <ListTotal total={total ?? 0} approximate={approximate} singular={shown.label.singular} plural={plural} />
    ),
  };
  // A list that could not be read says so above the table (ListToolbar.tsx), never "No products found.".
  const failed = tableQuery.isError && !tableQuery.data;
  const tableLocale = useMemo(
    () => ({ emptyText: failed ? " " : <Empty description={t("list.empty", { plural }, "No {{plural}} found.")} /> }),
    [t, plural, failed],
  );
  const rows = (
    <ListTable
      {...tableProps}
      rowKey={idColumnOf(def)}
      components={TABLE_COMPONENTS}
      rowSelection={rowSelection}
      rowClassName={live.rowClassName}
      locale={tableLocale}
      pagination={pagination}
      columns={columns}
    />
  );
  // The audit log's records by their titles and its changes by their references' labels, each
  // read once per page (features/history).
  if (!def.fields.some((field) => field.audit)) return rows;
  const entries = tableProps.dataSource ?? [];
  return (
    <ReferenceLabels entries={entries}>
      <AuditRecordTitles entries={entries}>{rows}</AuditRecordTitles>
    </ReferenceLabels>
  );
}
