// The rows a list shows: the page as read, without the rows whose undoable delete waits or is
// being sent (they are gone for the operator already; the total counts them out), and the
// table's change handler that turns a sort, filter or page change into the list's state.
import type { useTable } from "@refinedev/antd";
import type { BaseRecord, HttpError } from "@refinedev/core";
import { useMemo } from "react";
import { idColumnOf } from "../../lib/select";
import type { ResourceDefinition } from "../../resources/types";
import { usePendingDeleteIds } from "../undo/DeferredDeletes";
import { filterModes } from "./columns";
import { listOnChange } from "./listChange";

type Table = ReturnType<typeof useTable<BaseRecord, HttpError, { q?: string }>>;

export function useShownRows(def: ResourceDefinition, table: Table): Table["tableProps"] {
  const { setFilters } = table;
  const idColumn = idColumnOf(def);
  // Rows whose undoable delete waits or is being sent are gone for the operator already.
  const deleting = usePendingDeleteIds(def.name);
  return useMemo(() => {
    const { dataSource, pagination } = table.tableProps;
    const onChange = listOnChange(filterModes(def), { setFilters }, table.tableProps.onChange);
    const kept = dataSource?.filter((row) => !deleting.has(String(row[idColumn])));
    if (!dataSource || kept?.length === dataSource.length) return { ...table.tableProps, onChange };
    const hidden = dataSource.length - (kept?.length ?? 0);
    const total = pagination ? pagination.total : undefined;
    return {
      ...table.tableProps,
      onChange,
      dataSource: kept,
      pagination: pagination && { ...pagination, total: total === undefined ? undefined : total - hidden },
    };
  }, [table.tableProps, deleting, idColumn, def, setFilters]);
}
