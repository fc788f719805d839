// A list's columns: on a wide screen the definition's columns (resizable, sortable, filterable,
// each cell rendered by its field's kind: columns.tsx) and the row actions; on a phone one
// column of cards (RecordCard.tsx) with the sort and filters above them (PhoneListTools.tsx).
// Stable between renders that change nothing they depend on, so antd re-renders rows only
// for new data.
import type { useTable } from "@refinedev/antd";
import { type BaseRecord, type CrudFilter, type HttpError, useTranslate } from "@refinedev/core";
import { type ReactNode, useMemo } from "react";
import { usePhoneWidth } from "../../components/usePhoneWidth";
import { fieldsByName } from "../../lib/select";
import type { ResourceDefinition } from "../../resources/types";
import type { useListView } from "../savedViews/useListView";
import { buildColumns } from "./columns";
import { STICKY_END } from "./ListTable";
import { PhoneListTools } from "./PhoneListTools";
import { RecordCard } from "./RecordCard";
import { resizableColumn } from "./ResizableHeaderCell";

interface Options {
  def: ResourceDefinition;
  /** `def` with labels in the operator's language. */
  shown: ResourceDefinition;
  table: ReturnType<typeof useTable<BaseRecord, HttpError, { q?: string }>>;
  view: ReturnType<typeof useListView>;
  /** The list's filters but its search (a search changes no column). */
  columnFilters: CrudFilter[];
  allowed: { show: boolean };
  rowActions: (record: BaseRecord) => ReactNode;
}

export function useListTableColumns({ def, shown, table, view, columnFilters, allowed, rowActions }: Options) {
  const t = useTranslate();
  const { sorters, setFilters, setCurrentPage } = table;
  const { widths, setWidth } = view.columnChoice;
  // A phone shows each row as a card (RecordCard.tsx) with its sort and filters above it.
  const phone = usePhoneWidth();
  const cardFields = useMemo(
    () =>
      fieldsByName(
        shown,
        view.columns.filter((name) => name !== def.titleField),
      ),
    [shown, view.columns, def.titleField],
  );
  const canShowRecord = def.screens?.show !== false && allowed.show;
  const phoneColumns = useMemo(
    () => [
      {
        key: "card",
        className: "list-card-cell",
        title: (
          <PhoneListTools
            definition={shown}
            columns={view.columns}
            sorters={sorters}
            filters={columnFilters}
            setSorters={table.setSorters}
            setFilters={setFilters}
            setCurrentPage={setCurrentPage}
          />
        ),
        render: (_: unknown, record: BaseRecord) => (
          <RecordCard
            definition={shown}
            record={record}
            fields={cardFields}
            actions={rowActions(record)}
            canShow={canShowRecord}
          />
        ),
      },
    ],
    [
      shown,
      view.columns,
      sorters,
      columnFilters,
      table.setSorters,
      setFilters,
      setCurrentPage,
      cardFields,
      rowActions,
      canShowRecord,
    ],
  );
  const tableColumns = useMemo(
    () => [
      ...buildColumns(shown, { sorters, filters: columnFilters, interactive: true }, view.columns).map((column) =>
        resizableColumn(column, widths[String(column.key)], setWidth),
      ),
      {
        key: "actions",
        title: t("list.actions", "Actions"),
        className: STICKY_END,
        render: (_: unknown, record: BaseRecord) => rowActions(record),
      },
    ],
    [shown, sorters, columnFilters, view.columns, widths, setWidth, t, rowActions],
  );
  const columns = phone ? phoneColumns : tableColumns;
  return columns;
}
