// @refinedev/supabase's data provider, wrapped where it falls short:
// docs/product.md §8 errors with field errors, sorting by a to-one related column, search,
// dropping empty filters, "not found" for missing rows, RPCs through `custom`, and form saves
// that may be sent again (an `Idempotency-Key`; supabase/migrations/20250713100000_write_once.sql).
import type {
  BaseKey,
  BaseRecord,
  CreateParams,
  CrudFilter,
  CrudSort,
  DataProvider,
  DeleteManyParams,
  DeleteOneParams,
  UpdateParams,
} from "@refinedev/core";
import { dataProvider as supabaseDataProvider } from "@refinedev/supabase";
import { type ResourceMeta, resourceMetaOf, type SearchMeta } from "../lib/resourceMeta";
import { anyRpc, anyTable } from "./anyTable";
import { type DescribeResource, noRow, type Operation, type PostgrestLikeError, toHttpError } from "./errors";
import { hasFirstRead, NOT_READ, type NotRead, rpcReadKey, takeFirstRead } from "./firstReads";
import { listThroughSearchRpc } from "./searchRpc";
import type { ConsoleClient } from "./supabaseClient";
import {
  deleteRow,
  insertRow,
  isTableMeta,
  listRows,
  queryErrorOf,
  readRow,
  readRows,
  type TableMeta,
  updateRow,
  WRITE_KEY_HEADER,
} from "./tableData";

type RpcAnswer = { data: unknown; error: PostgrestLikeError | null };

/** The answer a first read (firstReads.ts) already has for this RPC call, if any. */
async function earlyRpcAnswer(
  client: ConsoleClient,
  read: { rpc: string; args: object },
): Promise<RpcAnswer | undefined> {
  const key = rpcReadKey(read);
  if (!hasFirstRead(key)) return undefined;
  const { data } = await client.auth.getSession();
  const userId = data.session?.user.id;
  const early = userId ? await takeFirstRead<RpcAnswer | NotRead>(userId, key) : undefined;
  // Not read on this project (operatorGate.ts): the call goes out, and the backend answers it.
  return early === NOT_READ ? undefined : early;
}

/** The SQLSTATE of "this save's key was used already" (the header: tableData.ts WRITE_KEY_HEADER). */
export const ALREADY_SAVED = "OD001";

/** The filter field the list's search box sets; rewritten to full-text search on the resource's column. */
export const SEARCH_FIELD = "q";

/**
 * `categories.name` → `categories(name)`: PostgREST orders the parent rows by a to-one embed
 * this way, whereas the plain provider would only order the embedded rows.
 */
export function toRelatedSorter(sorter: CrudSort): CrudSort {
  const dot = sorter.field.lastIndexOf(".");
  if (dot <= 0) return sorter;
  return { ...sorter, field: `${sorter.field.slice(0, dot)}(${sorter.field.slice(dot + 1)})` };
}

/** Columns that sort by something else (a reference column by the referenced label). */
export function aliasSorter(sorter: CrudSort, aliases: Record<string, string> | undefined): CrudSort {
  const alias = aliases?.[sorter.field];
  return alias ? { ...sorter, field: alias } : sorter;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

/** Drops filters without a value and turns the search box into `wfts(config)` on the search column. */
export function rewriteFilters(filters: CrudFilter[], search: SearchMeta | undefined): CrudFilter[] {
  return filters.flatMap((filter): CrudFilter[] => {
    if (!("field" in filter)) return [filter];
    if (isEmpty(filter.value)) return [];
    if (filter.field !== SEARCH_FIELD) return [filter];
    if (!search || "rpc" in search) return [];
    // Generated lists search through opsdesk.search (tableData.ts), not with a filter.
    if ("words" in search) return [];
    // The plain provider passes unknown operators through as `column=<operator>.<value>`.
    const operator = `wfts(${search.config})` as CrudFilter["operator"];
    return [{ field: search.column, operator, value: String(filter.value).trim() } as CrudFilter];
  });
}

/**
 * PostgREST counts `estimated` exactly up to max_rows (supabase/config.toml [api], which
 * maxRows.test.ts ties to this) and takes the planner's estimate beyond; `planned` is always the estimate.
 */
export const EXACT_COUNT_UP_TO = 1000;

export function isApproximate(count: ResourceMeta["count"], total: number): boolean {
  return count === "planned" || (count === "estimated" && total > EXACT_COUNT_UP_TO);
}

/** The search box's words, if any. */
export function searchText(filters: CrudFilter[]): string | undefined {
  const found = filters.find((f) => "field" in f && f.field === SEARCH_FIELD && !isEmpty(f.value));
  return found ? String(found.value).trim() : undefined;
}

/** Whether a stored value is the one a save sent (numbers and instants as the database writes them). */
function sameStored(sent: unknown, stored: unknown): boolean {
  const blank = (v: unknown) => v === null || v === undefined || v === "";
  if (blank(sent) || blank(stored)) return blank(sent) && blank(stored);
  if (typeof sent === "object" || typeof stored === "object") return JSON.stringify(sent) === JSON.stringify(stored);
  if (String(sent) === String(stored)) return true;
  if (Number.isFinite(Number(sent)) && Number(sent) === Number(stored)) return true;
  const [a, b] = [Date.parse(String(sent)), Date.parse(String(stored))];
  return !Number.isNaN(a) && a === b;
}

/**
 * The record holds what an edit sent (its version aside). An edit told "already saved" whose
 * values are not the record's was not the sending that made it (another tab's, with the same
 * draft): it is a stale edit, never a save that silently did not happen.
 */
export function holdsEdit(sent: Record<string, unknown>, row: Record<string, unknown>): boolean {
  return Object.entries(sent).every(([field, value]) => field === "version" || sameStored(value, row[field]));
}

export function createDataProvider(client: ConsoleClient, describe: DescribeResource): DataProvider {
  const base = supabaseDataProvider(client);

  const mapErrors =
    (resource: string, operation: Operation) =>
    (error: PostgrestLikeError): never => {
      throw toHttpError(queryErrorOf(error) ?? error, resource, operation, describe);
    };

  /** A generated resource's call (tableData.ts), its failure worded as the others'. */
  const onTable = async <R>(resource: string, operation: Operation, run: () => Promise<R>): Promise<R> =>
    run().catch(mapErrors(resource, operation));
  const notFound = (resource: string) => toHttpError(noRow("read"), resource, "read", describe);
  const tableMetaOf = (meta: Parameters<typeof resourceMetaOf>[0]): TableMeta | undefined => {
    const read = resourceMetaOf(meta);
    return isTableMeta(read) ? read : undefined;
  };

  /** The row a repeated save had written the first time (the database names it in DETAIL). */
  const savedRow = async <T>(resource: string, meta: ResourceMeta, id: string): Promise<{ data: T }> => {
    const { data, error } = await anyTable(client, resource)
      .select(meta.select ?? "*")
      .eq(meta.idColumnName ?? "id", id)
      .maybeSingle();
    if (error) mapErrors(resource, "read")(error);
    if (!data) throw toHttpError(noRow("read"), resource, "read", describe);
    return { data: data as T };
  };

  /**
   * A create or update with its form's key: sent again after no answer, it either makes the
   * change or learns that its first sending did, and answers with that row either way. An edit
   * (`sent`, its values) whose row does not hold them was not made by this edit: stale.
   */
  const keyedWrite = async <T>(
    resource: string,
    operation: "create" | "update",
    meta: ResourceMeta & { writeKey: string },
    write: (table: ReturnType<typeof anyTable>) => PromiseLike<unknown> & { setHeader(n: string, v: string): unknown },
    id?: string,
    sent?: Record<string, unknown>,
  ): Promise<{ data: T }> => {
    const query = write(anyTable(client, resource));
    query.setHeader(WRITE_KEY_HEADER, meta.writeKey);
    const { data, error } = (await query) as { data: T[] | null; error: PostgrestLikeError | null };
    if (error?.code === ALREADY_SAVED) {
      const saved = await savedRow<T>(resource, meta, error.details || String(id ?? ""));
      if (sent && !holdsEdit(sent, saved.data as Record<string, unknown>))
        mapErrors(resource, operation)({ code: "PT409", message: error.message });
      return saved;
    }
    if (error) mapErrors(resource, operation)(error);
    const row = data?.[0];
    // RLS hides rows the caller may not change: PostgREST updates nothing and returns no row.
    if (row === undefined) throw toHttpError(noRow("write"), resource, operation, describe);
    return { data: row };
  };

  /**
   * A generated resource's create or update with its form's key (tableData.ts sends it): told
   * that its first sending was made, it answers with that row as keyedWrite does, an edit whose
   * values the row does not hold being stale.
   */
  const keyedTableWrite = async (
    resource: string,
    operation: "create" | "update",
    table: TableMeta,
    write: () => Promise<BaseRecord>,
    id?: BaseKey,
    sent?: Record<string, unknown>,
  ): Promise<BaseRecord> => {
    try {
      return await write();
    } catch (thrown) {
      const error = queryErrorOf(thrown);
      if (!error || !("code" in error) || error.code !== ALREADY_SAVED)
        return mapErrors(resource, operation)(thrown as PostgrestLikeError);
      const row = await onTable(resource, "read", () => readRow(client, table, error.details || String(id ?? "")));
      if (!row) throw toHttpError(noRow("read"), resource, "read", describe);
      if (sent && !holdsEdit(sent, row)) mapErrors(resource, operation)({ code: "PT409", message: error.message });
      return row;
    }
  };

  return {
    ...base,
    getList: async <T extends BaseRecord>(params: Parameters<DataProvider["getList"]>[0]) => {
      const meta = resourceMetaOf(params.meta);
      const search = meta.search;
      const text = searchText(params.filters ?? []);
      // A resource with a search function of its own (a code override's `list.search.rpc`, e.g. the
      // demo's orders by their customer's name) searches through it, generated or not.
      if (search && "rpc" in search && text) {
        const sorters = params.sorters?.map((sorter) => toRelatedSorter(aliasSorter(sorter, meta.sortBy)));
        const defaultSort = meta.defaultSort;
        return listThroughSearchRpc<T>(client, {
          resource: params.resource,
          rpc: search.rpc,
          text,
          filters: rewriteFilters(params.filters ?? [], search),
          sorters: sorters ?? [],
          defaultSort: defaultSort && toRelatedSorter(aliasSorter(defaultSort, meta.sortBy)),
          pagination: params.pagination,
          select: meta.select,
        }).catch(mapErrors(params.resource, "read"));
      }
      if (isTableMeta(meta)) {
        const page = await onTable(params.resource, "read", () =>
          listRows(client, {
            meta,
            words: searchText(params.filters ?? []),
            pagination: params.pagination,
            sorters: params.sorters?.map((sorter) => aliasSorter(sorter, meta.sortBy)),
            filters: rewriteFilters(params.filters ?? [], meta.search),
          }),
        );
        return { data: page.data as T[], total: page.total, approximate: isApproximate(meta.count, page.total) };
      }
      const sorters = params.sorters?.map((sorter) => toRelatedSorter(aliasSorter(sorter, meta.sortBy)));
      let count = meta.count;
      const list = () =>
        base.getList<T>({
          ...params,
          meta: { ...params.meta, count },
          sorters,
          filters: rewriteFilters(params.filters ?? [], search),
        });
      const page = await list()
        .catch((error: PostgrestLikeError) => {
          // PostgREST refuses an offset past the total it counted (416), even past an estimate
          // below the real count, where rows remain (an export's last pages): count exactly.
          if (error.code !== "PGRST103" || (count !== "estimated" && count !== "planned")) throw error;
          count = "exact";
          return list();
        })
        .catch(mapErrors(params.resource, "read"));
      return { ...page, approximate: isApproximate(count, page.total) };
    },
    getMany: async <T extends BaseRecord>(params: Parameters<Required<DataProvider>["getMany"]>[0]) => {
      const table = tableMetaOf(params.meta);
      if (table) {
        return { data: (await onTable(params.resource, "read", () => readRows(client, table, params.ids))) as T[] };
      }
      return base.getMany<T>(params).catch(mapErrors(params.resource, "read"));
    },
    getOne: async <T extends BaseRecord>(params: Parameters<DataProvider["getOne"]>[0]) => {
      const table = tableMetaOf(params.meta);
      if (table) {
        const row = await onTable(params.resource, "read", () => readRow(client, table, params.id));
        if (!row) throw notFound(params.resource);
        return { data: row as T };
      }
      const result = await base.getOne<T>(params).catch((error: PostgrestLikeError) => {
        // A key that cannot be a key of the table (`/products/abc`): no such record, as for one
        // that does not exist, not "a value has the wrong format".
        if (error.code === "22P02") throw toHttpError(noRow("read"), params.resource, "read", describe);
        return mapErrors(params.resource, "read")(error);
      });
      if (result.data === undefined) {
        throw toHttpError(noRow("read"), params.resource, "read", describe);
      }
      return result;
    },
    create: async <T extends BaseRecord, V>(params: CreateParams<V>) => {
      const table = tableMetaOf(params.meta);
      if (table) {
        const row = await keyedTableWrite(params.resource, "create", table, () =>
          insertRow(client, table, params.variables as object, table.writeKey),
        );
        return { data: row as T };
      }
      const meta = resourceMetaOf(params.meta);
      if (meta.writeKey) {
        const select = meta.select ?? "*";
        return keyedWrite<T>(params.resource, "create", { ...meta, writeKey: meta.writeKey }, (table) =>
          table.insert(params.variables as Record<string, unknown>).select(select),
        );
      }
      return base.create<T, V>(params).catch(mapErrors(params.resource, "create"));
    },
    update: async <T extends BaseRecord, V>(params: UpdateParams<V>) => {
      const table = tableMetaOf(params.meta);
      if (table) {
        const row = await keyedTableWrite(
          params.resource,
          "update",
          table,
          () =>
            updateRow(
              client,
              table,
              params.id,
              params.variables as object,
              table.loaded as BaseRecord | undefined,
              table.writeKey,
            ),
          params.id,
          params.variables as Record<string, unknown>,
        );
        return { data: row as T };
      }
      const meta = resourceMetaOf(params.meta);
      if (meta.writeKey) {
        const select = meta.select ?? "*";
        return keyedWrite<T>(
          params.resource,
          "update",
          { ...meta, writeKey: meta.writeKey },
          (table) =>
            table
              .update(params.variables as Record<string, unknown>)
              .eq(meta.idColumnName ?? "id", params.id)
              .select(select),
          String(params.id),
          params.variables as Record<string, unknown>,
        );
      }
      const result = await base.update<T, V>(params).catch(mapErrors(params.resource, "update"));
      // RLS hides rows the caller may not change: PostgREST updates nothing and returns no row.
      if (result.data === undefined) {
        throw toHttpError(noRow("write"), params.resource, "update", describe);
      }
      return result;
    },
    deleteOne: async <T extends BaseRecord, V>(params: DeleteOneParams<V>) => {
      const table = tableMetaOf(params.meta);
      if (table)
        return { data: (await onTable(params.resource, "delete", () => deleteRow(client, table, params.id))) as T };
      return base.deleteOne<T, V>(params).catch(mapErrors(params.resource, "delete"));
    },
    deleteMany: async <T extends BaseRecord, V>(params: DeleteManyParams<V>) => {
      const table = tableMetaOf(params.meta);
      if (table) {
        const rows = await onTable(params.resource, "delete", () =>
          Promise.all(params.ids.map((id) => deleteRow(client, table, id))),
        );
        return { data: rows as T[] };
      }
      return base.deleteMany<T, V>(params).catch(mapErrors(params.resource, "delete"));
    },
    custom: async <T extends BaseRecord>({
      url,
      method,
      payload,
      query,
    }: Parameters<Required<DataProvider>["custom"]>[0]) => {
      const rpc = /^rpc\/([a-z_][a-z0-9_]*)$/i.exec(url)?.[1];
      if (!rpc) throw new Error(`Only "rpc/<function>" calls are supported, got "${url}"`);
      const args = (payload ?? query ?? {}) as Record<string, unknown>;
      const get = method === "get";
      const early = get ? await earlyRpcAnswer(client, { rpc, args }) : undefined;
      const { data, error } = await (early ?? anyRpc(client, rpc, args, { get }));
      if (error) mapErrors(rpc, "read")(error);
      return { data: data as T };
    },
  };
}
