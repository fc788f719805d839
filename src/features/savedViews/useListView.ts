// Saved views and columns of one list: the visible columns, the view in use, applying a
// view to the table (whose filters, sorters and page size live in the URL), saving the
// current state, and the operator's default view applied when the list is opened bare. The
// view in use is named in the URL too (`view=<id>`, beside the table's state), so a reload
// or a shared link keeps its name, and shows it as changed when the state differs.
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { SavedView, SavedViewInput } from "../../providers/savedViews";
import type { ResourceDefinition } from "../../resources/types";
import { useListColumns } from "./useListColumns";
import { useSavedViews } from "./useSavedViews";
import { columnsForView, type ListViewState, sameView, storableFilters } from "./viewState";

export interface ListTable {
  filters: CrudFilter[];
  sorters: CrudSort[];
  pageSize: number;
  setFilters: (filters: CrudFilter[], behavior?: "merge" | "replace") => void;
  setSorters: (sorters: CrudSort[]) => void;
  setPageSize: (size: number) => void;
  setCurrentPage: (page: number) => void;
}

export function useListView(def: ResourceDefinition, table: ListTable) {
  const saved = useSavedViews(def.name);
  // Shown columns and widths follow the operator (stored per list), not this page load.
  const columnChoice = useListColumns(def);
  const { columns, setColumns } = columnChoice;
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const [selectedId, setSelectedId] = useState<string | undefined>(() => viewInUrl(search));
  const selected = saved.views.data?.find((v) => v.id === selectedId);

  const current: ListViewState = {
    filters: storableFilters(table.filters),
    sorters: table.sorters,
    columns,
    pageSize: table.pageSize,
  };

  const apply = (view: SavedView | undefined) => {
    setSelectedId(view?.id);
    setColumns(columnsForView(def, view?.columns));
    table.setFilters(storableFilters(view?.filters ?? []), "replace");
    table.setSorters(view && view.sorters.length > 0 ? view.sorters : [def.list.defaultSort]);
    table.setPageSize(view?.page_size ?? table.pageSize);
    table.setCurrentPage(1);
  };

  // The URL names the view in use. Refine writes the table's state into the address as a
  // replace that keeps other parameters (this one) but may start from the address it last
  // rendered with, so the name is put back whenever the address lacks it.
  const views = saved.views;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the address changes (`search`), which it reads from window.location
  useEffect(() => {
    // A view the operator no longer has (deleted, another operator's link) names nothing.
    if (selectedId && views.data && !views.isFetching && !views.data.some((v) => v.id === selectedId)) {
      setSelectedId(undefined);
      return;
    }
    if (viewInUrl(window.location.search) === selectedId) return;
    navigate({ pathname, search: withViewParam(window.location.search, selectedId) }, { replace: true });
  }, [selectedId, search, pathname, navigate, views.data, views.isFetching]);

  // Opening the list without a query (menu, link) shows the default view; a URL that
  // carries filters (reload, shared link) keeps them.
  const openedBare = useRef(false);
  if (search === "") openedBare.current = true;
  const loaded = saved.views.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the views arrive or the list is opened again
  useEffect(() => {
    if (!loaded || !openedBare.current) return;
    openedBare.current = false;
    const preferred = loaded.find((v) => v.is_default);
    if (preferred) apply(preferred);
  }, [loaded, search]);

  const stateToSave = (): Omit<SavedViewInput, "name" | "is_default"> => ({
    resource: def.name,
    filters: current.filters,
    sorters: current.sorters,
    columns: current.columns,
    page_size: current.pageSize,
  });

  const modified =
    selected !== undefined &&
    !sameView(current, {
      filters: selected.filters,
      sorters: selected.sorters,
      columns: columnsForView(def, selected.columns),
      pageSize: selected.page_size,
    });

  return { ...saved, columns, setColumns, columnChoice, selected, modified, apply, stateToSave, setSelectedId };
}

export type ListView = ReturnType<typeof useListView>;

const VIEW_PARAM = "view";

/**
 * `search` naming `viewId` (or no view), every other parameter left exactly as written: Refine
 * writes its filters with bare brackets, and re-serialising them (URLSearchParams) would give the
 * same address two spellings, depending on which of the two writers came last.
 */
export function withViewParam(search: string, viewId: string | undefined): string {
  const kept = search
    .replace(/^\?/, "")
    .split("&")
    .filter((part) => part !== "" && part !== VIEW_PARAM && !part.startsWith(`${VIEW_PARAM}=`));
  if (viewId) kept.push(`${VIEW_PARAM}=${encodeURIComponent(viewId)}`);
  return kept.length > 0 ? `?${kept.join("&")}` : "";
}

/** The saved view the address names, if any. */
function viewInUrl(search: string): string | undefined {
  return new URLSearchParams(search).get(VIEW_PARAM) ?? undefined;
}
