// The one `meta` a resource's screens pass with its data- and live-provider calls: built
// from the definition (lib/select.ts `metaFor`) and read by the providers, so both sides
// share one shape instead of an untyped bag read back by casts.
import type { CrudSort, MetaQuery } from "@refinedev/core";
import type { ResourceDefinition } from "../resources/types";

/** Full-text search of a list: the definition's `list.search`. */
export type SearchMeta = NonNullable<ResourceDefinition["list"]["search"]>;

export interface ResourceMeta {
  /** The PostgREST `select`: the definition's fields and each reference's label. */
  select?: string;
  /** Primary key column (default "id"). */
  idColumnName?: string;
  search?: SearchMeta;
  /** The list's own order, which a search ranks before (src/providers/searchRpc.ts). */
  defaultSort?: CrudSort;
  /** Columns sorted by another (a reference by the referenced label, `categories.name`). */
  sortBy?: Record<string, string>;
  /** How lists count their rows (@refinedev/supabase passes it to PostgREST's Prefer: count). */
  count?: "exact" | "planned" | "estimated";
  /** A resource generated from the live schema: its table (providers/tableData.ts reads it). */
  table?: { schema: string; name: string };
  /** Its key of several columns. */
  keyColumns?: string[];
  /** An update's row as the form loaded it: changed since, the save is refused as stale. */
  loaded?: Record<string, unknown>;
  /**
   * A form save's idempotency key (features/saving/): sent as `Idempotency-Key`, so the save can
   * be sent again after getting no answer without being made twice.
   */
  writeKey?: string;
}

/** A provider call's meta as the console writes it (Refine types `meta` as an open record of any). */
export function resourceMetaOf(meta: MetaQuery | undefined): ResourceMeta {
  const { select, idColumnName, search, defaultSort, sortBy, count, table, keyColumns, loaded, writeKey } = meta ?? {};
  return { select, idColumnName, search, defaultSort, sortBy, count, table, keyColumns, loaded, writeKey };
}
