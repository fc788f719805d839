// Records of the resource on screen that match the palette's query, as "open" commands.
import { type CrudFilter, useList, useResourceParams, useTranslate } from "@refinedev/core";
import { useEffect, useState } from "react";
import { idColumnOf, metaFor } from "../../lib/select";
import { SEARCH_FIELD } from "../../providers/dataProvider";
import { findResource } from "../../resources";
import type { Command } from "./commands";

const MIN_QUERY = 2;
const DEBOUNCE_MS = 250;

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

export function useRecordSearch(query: string): { commands: Command[]; loading: boolean; resourceLabel?: string } {
  const t = useTranslate();
  const { resource } = useResourceParams();
  const def = resource ? findResource(resource.name) : undefined;
  const text = useDebounced(query.trim());
  const enabled = Boolean(def && def.screens?.show !== false && text.length >= MIN_QUERY);
  const filter: CrudFilter = def?.list.search
    ? { field: SEARCH_FIELD, operator: "contains", value: text }
    : { field: def?.titleField ?? "id", operator: "contains", value: text };

  const { result, query: listQuery } = useList({
    resource: def?.name ?? "",
    meta: def ? metaFor(def) : undefined,
    filters: [filter],
    pagination: { currentPage: 1, pageSize: 5 },
    queryOptions: { enabled },
    errorNotification: false,
  });

  if (!def || !enabled) return { commands: [], loading: false };
  const listPath = `/${def.route ?? def.name}`;
  const idColumn = idColumnOf(def);
  const commands = (result?.data ?? []).map(
    (record): Command => ({
      id: `record:${def.name}:${String(record[idColumn])}`,
      kind: "record",
      label: String(record[def.titleField] ?? record[idColumn]),
      path: `${listPath}/${String(record[idColumn])}`,
    }),
  );
  const resourceLabel = t(`resources.${def.name}.plural`, def.label.plural);
  return { commands, loading: listQuery.isFetching, resourceLabel };
}
