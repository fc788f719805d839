// The rows an operator has ticked in a list, kept across pages, with the latest version of
// each row the list has shown (a bulk update carries it); or every row matching the list's
// filters ("select all matching"), which a new filter, search, sort or page gives up.
import type { BaseRecord } from "@refinedev/core";
import type { TableRowSelection } from "antd/es/table/interface";
import { useEffect, useMemo, useRef, useState } from "react";

type Key = string | number;

interface Selected {
  rows: Map<Key, BaseRecord>;
  /** Set when the rows are all those matching the list as it was when they were chosen. */
  allMatching: boolean;
}

const NOTHING: Selected = { rows: new Map(), allMatching: false };

/** `listState` names the list's filters, search, sort and page: "all matching" ends when it changes. */
export function useBulkSelection(idColumn: string, pageRows: readonly BaseRecord[] | undefined, listState: string) {
  const [selected, setSelected] = useState<Selected>(NOTHING);

  const shownState = useRef(listState);
  useEffect(() => {
    if (shownState.current === listState) return;
    shownState.current = listState;
    setSelected((current) => (current.allMatching ? NOTHING : current));
  }, [listState]);

  // A refetched page (after a change) brings newer versions of selected rows.
  useEffect(() => {
    if (!pageRows) return;
    setSelected((current) => {
      if (!pageRows.some((row) => current.rows.has(row[idColumn] as Key))) return current;
      const rows = new Map(current.rows);
      for (const row of pageRows) if (rows.has(row[idColumn] as Key)) rows.set(row[idColumn] as Key, row);
      return { ...current, rows };
    });
  }, [pageRows, idColumn]);

  // The same object until the selection changes, so the table need not re-render its rows.
  const rowSelection = useMemo<TableRowSelection<BaseRecord>>(
    () => ({
      selectedRowKeys: [...selected.rows.keys()],
      preserveSelectedRowKeys: true,
      onChange: (keys, rows) => {
        setSelected((current) => {
          const next = new Map<Key, BaseRecord>();
          for (const key of keys) {
            const row = rows.find((r) => r?.[idColumn] === key) ?? current.rows.get(key as Key);
            if (row) next.set(key as Key, row);
          }
          // A row ticked or unticked by hand: the selection is no longer "all matching".
          return { rows: next, allMatching: false };
        });
      },
    }),
    [selected, idColumn],
  );

  return {
    rowSelection,
    records: [...selected.rows.values()],
    allMatching: selected.allMatching,
    isSelected: (id: Key) => selected.rows.has(id),
    /** Selects these rows: every row matching the list's filters (at most MAX_BULK_ROWS). */
    selectAllMatching: (rows: BaseRecord[]) =>
      setSelected({ rows: new Map(rows.map((row) => [row[idColumn] as Key, row])), allMatching: true }),
    /** Unticks the given rows (those an action has finished with). */
    release: (ids: Key[]) =>
      setSelected((current) => {
        const rows = new Map(current.rows);
        for (const id of ids) rows.delete(id);
        return { rows, allMatching: false };
      }),
    clear: () => setSelected(NOTHING),
  };
}

export type BulkSelection = ReturnType<typeof useBulkSelection>;
