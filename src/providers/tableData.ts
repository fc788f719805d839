// Reads and writes of resources generated from the live schema (src/schema): any schema the
// project exposes, any column name (quoted for PostgREST), keys of one or several columns
// of any type, tables without a key (read-only, rows numbered per page), search by prefix
// over text columns, and edit conflicts detected without a `version` column: an update
// carries the row as it was loaded, and changes nothing when another save came first.
// Every resource is generated and names its table; a call without one (Refine's `custom`, a caller
// passing no meta) takes @refinedev/supabase's path in the client's default schema (dataProvider.ts).
import type { BaseKey, BaseRecord, CrudFilter, CrudSort, Pagination } from "@refinedev/core";
import type { ResourceMeta } from "../lib/resourceMeta";
import type { BulkWriteResult } from "../resources/describe.types";
import { asJson, fromJson } from "../resources/rpc";
import { decodeKey, encodeKey, pgrstName, ROW_KEY } from "../schema/names";
import { anyTable } from "./anyTable";
import { type NoRow, noRow, type PostgrestLikeError } from "./errors";
import { opsdeskSchema } from "./opsdeskSchema";
import type { ConsoleClient } from "./supabaseClient";

/** What a generated resource's calls carry in their meta (lib/select.ts metaFor). */
export type TableMeta = ResourceMeta & { table: { schema: string; name: string } };

export const isTableMeta = (meta: ResourceMeta): meta is TableMeta => Boolean(meta.table);

// supabase-js's builders are typed per schema; the generated path works on any table.
// biome-ignore lint/suspicious/noExplicitAny: the query builder of a table only known at run time
type Query = any;

/** Thrown as supabase-js would hand it back, for the data provider to word (errors.ts). */
class QueryError extends Error {
  constructor(readonly error: PostgrestLikeError | NoRow) {
    super("noRow" in error ? `no row (${error.noRow})` : error.message);
  }
}

const fail = (error: PostgrestLikeError | NoRow): never => {
  throw new QueryError(error);
};

export const queryErrorOf = (thrown: unknown): PostgrestLikeError | NoRow | undefined =>
  thrown instanceof QueryError ? thrown.error : undefined;

const from = (client: ConsoleClient, meta: TableMeta): Query => anyTable(client, meta.table.name, meta.table.schema);

/** The key columns of a resource (several for a composite key; none for a key-less table). */
const keyColumnsOf = (meta: TableMeta): string[] =>
  meta.keyColumns ?? (meta.idColumnName && meta.idColumnName !== ROW_KEY ? [meta.idColumnName] : []);

/** Rows with their id where the console reads it: the key column, or ROW_KEY. */
function withIds(rows: BaseRecord[], meta: TableMeta, offset = 0): BaseRecord[] {
  const key = keyColumnsOf(meta);
  if (meta.idColumnName !== ROW_KEY) return rows;
  return rows.map((row, i) => ({
    ...row,
    [ROW_KEY]: key.length > 0 ? encodeKey(key.map((c) => row[c])) : String(offset + i),
  }));
}

function whereKey(query: Query, meta: TableMeta, id: BaseKey): Query {
  const key = keyColumnsOf(meta);
  const values = key.length > 0 ? decodeKey(id, key) : undefined;
  if (!values) fail(noRow("read"));
  for (const [column, value] of Object.entries(values as Record<string, string>)) query.eq(pgrstName(column), value);
  return query;
}

/** `%`, `_` and `\` in the operator's words match themselves in LIKE. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A value inside PostgREST's `or=(…)`: quoted, so commas and parentheses are data. */
export const orValue = (text: string) => `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;

function applyFilter(query: Query, filter: CrudFilter): void {
  if (!("field" in filter)) {
    if (filter.operator === "or") {
      const parts = filter.value.flatMap((inner) =>
        "field" in inner && inner.operator === "startswith"
          ? [`${pgrstName(inner.field)}.ilike.${orValue(`${likeLiteral(String(inner.value))}%`)}`]
          : [],
      );
      if (parts.length) query.or(parts.join(","));
    }
    return;
  }
  const field = pgrstName(filter.field);
  const value = filter.value;
  switch (filter.operator) {
    case "eq":
      query.eq(field, value);
      return;
    case "ne":
      query.neq(field, value);
      return;
    case "in":
      query.in(field, value);
      return;
    case "gt":
      query.gt(field, value);
      return;
    case "gte":
      query.gte(field, value);
      return;
    case "lt":
      query.lt(field, value);
      return;
    case "lte":
      query.lte(field, value);
      return;
    case "between":
      if (Array.isArray(value) && value[0] !== null && value[0] !== undefined) query.gte(field, value[0]);
      if (Array.isArray(value) && value[1] !== null && value[1] !== undefined) query.lte(field, value[1]);
      return;
    case "contains":
      query.ilike(field, `%${likeLiteral(String(value))}%`);
      return;
    case "startswith":
      query.ilike(field, `${likeLiteral(String(value))}%`);
      return;
    case "null":
      query.is(field, null);
      return;
    case "nnull":
      query.not(field, "is", null);
      return;
    case "ina":
      query.contains(field, value);
      return;
    default:
      fail({ code: "PGRST100", message: `unsupported filter ${filter.operator}` });
  }
}

export interface ListParams {
  meta: TableMeta;
  /** The search box's words: the page comes from opsdesk.search. */
  words?: string;
  pagination?: Pagination;
  sorters?: CrudSort[];
  filters: CrudFilter[];
}

const opsdesk = opsdeskSchema;

/**
 * A page of a search: opsdesk.search finds the rows (as the table's owner, so trigram indexes
 * serve the words, with the caller's RLS restrictions added) and counts them; the page is then
 * read through the API like any list, so the caller's RLS and the labels of references apply.
 */
async function searchRows(client: ConsoleClient, params: ListParams & { words: string }) {
  const { meta } = params;
  const { currentPage = 1, pageSize = 10 } = params.pagination ?? {};
  const key = keyColumnsOf(meta);
  const sorter = params.sorters?.find((s) => !s.field.includes("."));
  const filters = params.filters.filter((f) => "field" in f);
  const args = { schema_name: meta.table.schema, table_name: meta.table.name, q: params.words, filters };
  const [found, counted] = await Promise.all([
    opsdesk(client).rpc("search", {
      ...args,
      ...(sorter ? { sort: sorter.field } : {}),
      descending: sorter?.order === "desc",
      page_offset: (currentPage - 1) * pageSize,
      page_limit: pageSize,
    }),
    opsdesk(client).rpc("search_count", args),
  ]);
  if (found.error) fail(found.error);
  if (counted.error) fail(counted.error);
  const matches = ((found.data as { rows?: BaseRecord[] } | null)?.rows ?? []) as BaseRecord[];
  const total = Number((counted.data as { total?: number } | null)?.total ?? matches.length);
  if (key.length === 0) return { data: withIds(matches, meta, (currentPage - 1) * pageSize), total };
  const ids = matches.map((row) => encodeKey(key.map((c) => row[c])));
  const rows = ids.length ? await readRows(client, meta, ids) : [];
  const byId = new Map(rows.map((row) => [String(encodeKey(key.map((c) => row[c]))), row]));
  return { data: ids.flatMap((id) => byId.get(String(id)) ?? []), total };
}

export async function listRows(client: ConsoleClient, params: ListParams) {
  const { meta } = params;
  if (params.words && meta.search && "words" in meta.search)
    return searchRows(client, { ...params, words: params.words });
  const { currentPage = 1, pageSize = 10, mode = "server" } = params.pagination ?? {};
  const query = from(client, meta).select(meta.select ?? "*", { count: meta.count ?? "exact" });
  for (const sorter of params.sorters ?? []) {
    const dot = sorter.field.indexOf(".");
    // `__ref_customer_id.name`: by the referenced label, `order=__ref_customer_id(name).asc`
    // (PostgREST orders the rows by a to-one embed written so).
    if (sorter.field.startsWith("__ref_") && dot > 0) {
      query.order(`${sorter.field.slice(0, dot)}(${pgrstName(sorter.field.slice(dot + 1))})`, {
        ascending: sorter.order === "asc",
      });
    } else query.order(pgrstName(sorter.field), { ascending: sorter.order === "asc" });
  }
  for (const filter of params.filters) applyFilter(query, filter);
  const offset = (currentPage - 1) * pageSize;
  if (mode === "server") query.range(offset, offset + pageSize - 1);
  const { data, count, error } = await query;
  if (error) fail(error);
  return { data: withIds((data ?? []) as BaseRecord[], meta, offset), total: count ?? 0 };
}

/** Postgres' "invalid input syntax" for a type: the value cannot be one of the column's type. */
const NOT_OF_TYPE = "22P02";

export async function readRow(client: ConsoleClient, meta: TableMeta, id: BaseKey) {
  const { data, error } = await whereKey(from(client, meta).select(meta.select ?? "*"), meta, id).limit(2);
  // An address that cannot be a key of the table (`/products/abc` for an integer key, a uuid
  // key's `not-a-uuid`) names no record: not found, as one that does not exist.
  if (error?.code === NOT_OF_TYPE) return undefined;
  if (error) fail(error);
  const rows = withIds((data ?? []) as BaseRecord[], meta);
  return rows[0];
}

export async function readRows(client: ConsoleClient, meta: TableMeta, ids: BaseKey[]) {
  const key = keyColumnsOf(meta);
  if (key.length === 1) {
    const { data, error } = await from(client, meta)
      .select(meta.select ?? "*")
      .in(pgrstName(key[0]), ids);
    if (error) fail(error);
    return withIds((data ?? []) as BaseRecord[], meta);
  }
  const rows = await Promise.all(ids.map((id) => readRow(client, meta, id)));
  return rows.filter((row): row is BaseRecord => Boolean(row));
}

/** The header a form save's key goes in (docs/everyday.md, "Saving without a connection"). */
export const WRITE_KEY_HEADER = "Idempotency-Key";

/** A write carrying the form's save key, when it has one (a project without the receipt trigger ignores it). */
const keyed = (query: Query, writeKey: string | undefined): Query =>
  writeKey ? query.setHeader(WRITE_KEY_HEADER, writeKey) : query;

export async function insertRow(client: ConsoleClient, meta: TableMeta, values: object, writeKey?: string) {
  const { data, error } = await keyed(from(client, meta).insert(values), writeKey).select(meta.select ?? "*");
  if (error) fail(error);
  return withIds((data ?? []) as BaseRecord[], meta)[0];
}

/** Columns compared with the row as loaded: scalars only (JSON and arrays compare by text badly). */
const comparable = (value: unknown) => value === null || ["string", "number", "boolean"].includes(typeof value);

/**
 * Updates a row; with `loaded` (the row as the form loaded it), only if none of its columns
 * changed since: no row updated then means another save came first (`PT409`, "Someone else
 * changed this record"), unless the row is gone or hidden (no row: errors.ts NoRow).
 */
export async function updateRow(
  client: ConsoleClient,
  meta: TableMeta,
  id: BaseKey,
  values: object,
  loaded?: BaseRecord,
  writeKey?: string,
) {
  const query = keyed(whereKey(from(client, meta).update(values), meta, id), writeKey);
  const compared = loaded
    ? Object.entries(loaded).filter(
        ([column, value]) => column !== ROW_KEY && !column.startsWith("__ref_") && comparable(value),
      )
    : [];
  for (const [column, value] of compared) {
    if (value === null) query.is(pgrstName(column), null);
    else query.eq(pgrstName(column), value);
  }
  const { data, error } = await query.select(meta.select ?? "*");
  if (error) fail(error);
  const row = withIds((data ?? []) as BaseRecord[], meta)[0];
  if (row) return row;
  if (compared.length > 0 && (await readRow(client, meta, id)))
    fail({ code: "PT409", message: "changed since loaded" });
  return fail(noRow("write"));
}

export async function deleteRow(client: ConsoleClient, meta: TableMeta, id: BaseKey) {
  const { data, error } = await whereKey(from(client, meta).delete(), meta, id).select(meta.select ?? "*");
  if (error) fail(error);
  const row = withIds((data ?? []) as BaseRecord[], meta)[0];
  // RLS hid the row from the delete: nothing was deleted.
  if (!row) fail(noRow("write"));
  return row;
}

/** What opsdesk.bulk_write answers: keys as objects of the key's columns. */
type BulkAnswer = BulkWriteResult;

/**
 * A bulk action on a generated resource through the project's `opsdesk.bulk_write` (one call,
 * whatever the number of rows; each row written or refused on its own with its error). Rows
 * are named by their key objects; `version` goes with them where the table has one.
 */
export async function bulkWrite(
  client: ConsoleClient,
  meta: TableMeta,
  write:
    | { action: "delete"; ids: BaseKey[] }
    | { action: "update"; ids: BaseKey[]; values: Record<string, unknown>; versions?: unknown[] },
): Promise<{ changed: BaseKey[]; refused: { id: BaseKey; error: PostgrestLikeError }[] }> {
  const key = keyColumnsOf(meta);
  if (key.length === 0) fail(noRow("write"));
  const rows = write.ids.map((id, i) => {
    const values: Record<string, unknown> = { ...(decodeKey(id, key) ?? {}) };
    if (write.action === "update" && write.versions?.[i] !== undefined) values.version = write.versions[i];
    return values;
  });
  const { data, error } = await opsdesk(client).rpc("bulk_write", {
    schema_name: meta.table.schema,
    table_name: meta.table.name,
    action: write.action,
    rows: asJson(rows),
    changes: asJson(write.action === "update" ? write.values : {}),
  });
  if (error) fail(error);
  const answer = data === null ? { changed: [], refused: [] } : fromJson<BulkAnswer>(data);
  const idOf = (k: Record<string, unknown>) => encodeKey(key.map((c) => k[c]));
  return {
    changed: answer.changed.map(idOf),
    refused: answer.refused.map((refusal) => ({ id: idOf(refusal.key), error: refusal })),
  };
}
