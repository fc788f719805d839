// Records of every resource the operator may list that match the palette's words, grouped
// by resource: one search_all request per pause in typing (debounced), which searches
// only what the caller's role may list (docs/search.md).
import { useCustom, useTranslate } from "@refinedev/core";
import { useEffect, useMemo, useState } from "react";
import { localizeDefinition } from "../../i18n/localizeDefinition";
import { useFormat } from "../../i18n/useFormat";
import { findResource } from "../../resources";
import { rpcCustom } from "../../resources/rpc";
import { groupHits, type HitGroup, toHits } from "./searchHits";

const MIN_QUERY = 2;
const DEBOUNCE_MS = 250;
/** Hits per resource. */
const PER_RESOURCE = 5;

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

export function useRecordSearch(query: string): { groups: HitGroup[]; loading: boolean } {
  const t = useTranslate();
  const format = useFormat();
  const text = useDebounced(query.trim());
  const enabled = text.length >= MIN_QUERY;
  const { result, query: search } = useCustom({
    // search_all asks the planner (EXPLAIN) and is volatile: a POST, as supabase-js sends it.
    ...rpcCustom("search_all", { q: text, per_resource: PER_RESOURCE }, "post"),
    queryOptions: { enabled },
    errorNotification: false,
  });
  const data = enabled ? result?.data : undefined;
  const groups = useMemo(() => {
    const definitionOf = (name: string) => {
      const def = findResource(name);
      return def && localizeDefinition(def, t);
    };
    return groupHits(toHits(data), definitionOf, format);
  }, [data, t, format]);
  return { groups, loading: enabled && search.isFetching };
}
