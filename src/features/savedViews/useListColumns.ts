// One list's column choice (shown, order, widths) for the signed-in operator: read from
// the operator's stored choice, kept in the query cache under the list's own key (never
// another resource's), and written back on each change, one write at a time in order.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { backend } from "../../providers/backend";
import { COLUMN_WIDTH, type ListColumnsChoice } from "../../providers/listColumns";
import type { ResourceDefinition } from "../../resources/types";
import { columnsForView } from "./viewState";

export const clampWidth = (width: number) => Math.round(Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, width)));

const NO_WIDTHS: Record<string, number> = {};

export function useListColumns(def: ResourceDefinition) {
  const queryClient = useQueryClient();
  const stored = useQuery({
    queryKey: ["list_columns", def.name],
    queryFn: () => backend.listColumns.load(def.name),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const { mutate, error: saveError } = useMutation({
    mutationFn: (choice: ListColumnsChoice) => backend.listColumns.save(def.name, choice),
    // A later choice must not be overtaken by an earlier one still on its way.
    scope: { id: `list_columns:${def.name}` },
  });
  const columns = useMemo(() => columnsForView(def, stored.data?.columns), [def, stored.data]);
  const widths = stored.data?.widths ?? NO_WIDTHS;

  /** Changes the choice as it is now (not as at the last render): shown at once, stored when `store`. */
  const change = useCallback(
    (update: (current: ListColumnsChoice) => ListColumnsChoice, store: boolean) => {
      const queryKey = ["list_columns", def.name];
      const cached = queryClient.getQueryData<ListColumnsChoice | null>(queryKey);
      const next = update({ columns: columnsForView(def, cached?.columns), widths: cached?.widths ?? {} });
      // A read still on its way would put the stored choice back over this one.
      void queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, next);
      if (store) mutate(next);
    },
    [def, queryClient, mutate],
  );
  const setColumns = useCallback((next: string[]) => change((c) => ({ ...c, columns: next }), true), [change]);
  const setWidth = useCallback(
    (name: string, width: number, store = true) =>
      change((c) => ({ ...c, widths: { ...c.widths, [name]: clampWidth(width) } }), store),
    [change],
  );
  return { columns, widths, setColumns, setWidth, error: saveError?.message ?? stored.error?.message };
}

export type ListColumns = ReturnType<typeof useListColumns>;
