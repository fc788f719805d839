// A list's row selection for bulk actions (features/bulk): the checkbox column, each box named
// after its row for screen readers, and the selection that "select all matching" widens and
// that another filter, search, sort or page ends (listStateKey, listSearch.ts).
import { type BaseRecord, useTranslate } from "@refinedev/core";
import { useMemo } from "react";
import { idColumnOf } from "../../lib/select";
import type { ResourceDefinition } from "../../resources/types";
import { useBulkActions } from "../bulk/BulkBar";
import { useBulkSelection } from "../bulk/useBulkSelection";
import { listStateKey } from "./listSearch";
import type { ListState } from "./useResourceListData";

/** The checkbox column's width as antd laid it out beside a fixed column (it is 32 px otherwise). */
const SELECTION_COLUMN_WIDTH = 48;

export function useListSelection(
  def: ResourceDefinition,
  table: ListState,
  pageRows: readonly BaseRecord[] | undefined,
) {
  const t = useTranslate();
  const { filters, sorters, currentPage, pageSize } = table;
  const bulk = useBulkSelection(idColumnOf(def), pageRows, listStateKey(filters, sorters, currentPage, pageSize));
  const bulkActions = useBulkActions(def);
  const rowSelection = useMemo(
    () => ({
      ...bulk.rowSelection,
      columnWidth: SELECTION_COLUMN_WIDTH,
      // antd passes unknown props on to the checkbox input; its types leave aria-* out.
      getCheckboxProps: (record: BaseRecord) =>
        ({ "aria-label": t("list.selectRow", { title: record[def.titleField] }, "Select {{title}}") }) as object,
    }),
    [bulk.rowSelection, t, def.titleField],
  );
  return { bulk, anyBulkAction: bulkActions.any, rowSelection };
}

export type ListSelection = ReturnType<typeof useListSelection>;
