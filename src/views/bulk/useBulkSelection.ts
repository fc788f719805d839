// The rows an operator has ticked in a list, kept across pages, with the latest version of
// each row the list has shown (a bulk update carries it).
import type { BaseRecord } from "@refinedev/core";
import type { TableRowSelection } from "antd/es/table/interface";
import { useEffect, useMemo, useState } from "react";

type Key = string | number;

export function useBulkSelection(idColumn: string, pageRows: readonly BaseRecord[] | undefined) {
  const [selected, setSelected] = useState<Map<Key, BaseRecord>>(new Map());

  // A refetched page (after a change) brings newer versions of selected rows.
  useEffect(() => {
    if (!pageRows) return;
    setSelected((current) => {
      if (!pageRows.some((row) => current.has(row[idColumn] as Key))) return current;
      const next = new Map(current);
      for (const row of pageRows) if (next.has(row[idColumn] as Key)) next.set(row[idColumn] as Key, row);
      return next;
    });
  }, [pageRows, idColumn]);

  // The same object until the selection changes, so the table need not re-render its rows.
  const rowSelection = useMemo<TableRowSelection<BaseRecord>>(
    () => ({
      selectedRowKeys: [...selected.keys()],
      preserveSelectedRowKeys: true,
      onChange: (keys, rows) => {
        setSelected((current) => {
          const next = new Map<Key, BaseRecord>();
          for (const key of keys) {
            const row = rows.find((r) => r?.[idColumn] === key) ?? current.get(key as Key);
            if (row) next.set(key as Key, row);
          }
          return next;
        });
      },
    }),
    [selected, idColumn],
  );

  return {
    rowSelection,
    records: [...selected.values()],
    /** Unticks the given rows (those an action has finished with). */
    release: (ids: Key[]) =>
      setSelected((current) => {
        const next = new Map(current);
        for (const id of ids) next.delete(id);
        return next;
      }),
    clear: () => setSelected(new Map()),
  };
}

export type BulkSelection = ReturnType<typeof useBulkSelection>;
