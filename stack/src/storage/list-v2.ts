// POST /object/list-v2/{bucket}: storage-api's listObjectsV2. Objects under a
// prefix in one flat, sorted, cursor-paged list; with `with_delimiter` the keys
// deeper than the prefix collapse into one folder entry each. The cursor is
// storage-api's continuation token (base64 of `k:value` lines) so a page boundary
// is the same on both.
import type pg from "pg";
import { quoteIdent } from "../shared/sql.js";
import { ERRORS } from "./errors.js";
import type { ObjectMetadata } from "./queries.js";

export const LIST_V2_SORT_COLUMNS = ["name", "updated_at", "created_at"] as const;
type SortColumn = (typeof LIST_V2_SORT_COLUMNS)[number];
const MAX_KEYS = 1000;

interface Cursor {
  startAfter: string;
  sortOrder?: string;
  sortColumn?: SortColumn;
  sortColumnAfter?: string;
}

/** storage-api's CONTINUATION_TOKEN_PART_MAP. */
const CURSOR_PARTS: Record<string, keyof Cursor> = {
  l: "startAfter",
  o: "sortOrder",
  c: "sortColumn",
  a: "sortColumnAfter",
};

function encodeCursor(cursor: Cursor): string {
  const lines = Object.entries(CURSOR_PARTS)
    .filter(([, field]) => cursor[field])
    .map(([part, field]) => `${part}:${cursor[field]}`);
  return Buffer.from(lines.join("\n")).toString("base64");
}

function decodeCursor(token: string): Cursor {
  const cursor: Cursor = { startAfter: "", sortOrder: "asc" };
  for (const line of Buffer.from(token, "base64").toString().split("\n")) {
    const m = /^(\S):(.*)/.exec(line);
    if (!m || !(m[1] in CURSOR_PARTS)) throw ERRORS.invalidRequest("Invalid continuation token");
    (cursor as unknown as Record<string, string>)[CURSOR_PARTS[m[1]]] = m[2];
  }
  if (cursor.sortColumn && !LIST_V2_SORT_COLUMNS.includes(cursor.sortColumn)) {
    throw ERRORS.invalidRequest("Invalid continuation token");
  }
  return cursor;
}

interface ListV2Options {
  bucket: string;
  prefix: string;
  limit?: number;
  cursor?: string;
  withDelimiter: boolean;
  sortColumn?: SortColumn;
  sortOrder?: "asc" | "desc";
}

interface Entry {
  id: string | null;
  name: string;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: ObjectMetadata | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of entries: folders (with a delimiter) and objects in the chosen order, then the cursor. */
export async function listObjectsV2(db: pg.ClientBase, options: ListV2Options) {
  const limit = Math.min(options.limit || MAX_KEYS, MAX_KEYS);
  const cursor = options.cursor ? decodeCursor(options.cursor) : undefined;
  const column: SortColumn = cursor?.sortColumn ?? options.sortColumn ?? "name";
  const order = (cursor?.sortOrder ?? options.sortOrder) === "desc" ? "desc" : "asc";
  const after = order === "asc" ? ">" : "<";
  const byName = column === "name";
  // A folder entry stands for all its keys: it sorts by its name, and by the
  // newest (or oldest) of its keys for a time column.
  const folderValue = order === "asc" ? "min" : "max";
  // The cursor carries a time at millisecond precision (an ISO string), so the
  // order and the comparison use that precision too.
  const sortValue = `date_trunc('milliseconds', ${quoteIdent(column)})`;
  const { rows } = await db.query<Entry>(
    `with matching as (
       select id, name, updated_at, created_at, last_accessed_at, metadata,
              case when $3 and strpos(substr(name, $4 + 1), '/') > 0
                   then substr(name, 1, $4 + strpos(substr(name, $4 + 1), '/')) end as folder
       from storage.objects where bucket_id = $1 and name like $2 escape '\\'
     ), entries as (
       select id, name, updated_at, created_at, last_accessed_at, metadata from matching where folder is null
       union all
       select null, folder, ${folderValue}(updated_at), ${folderValue}(created_at), null, null
       from matching where folder is not null group by folder
     )
     select * from entries
     where $5::text is null or ${
       byName
         ? `(name collate "C" ${after} $5 and $6::timestamptz is null)`
         : `(${sortValue}, name collate "C") ${after} ($6::timestamptz, $5)`
     }
     order by ${byName ? "" : `${sortValue} ${order}, `}name collate "C" ${order}
     limit $7`,
    [
      options.bucket,
      `${escapeLike(options.prefix)}%`,
      options.withDelimiter,
      options.prefix.length,
      cursor?.startAfter || null,
      cursor?.sortColumnAfter ?? null,
      limit + 1,
    ],
  );
  const hasNext = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    hasNext,
    nextCursor:
      hasNext && last
        ? encodeCursor({
            startAfter: last.name,
            sortOrder: cursor?.sortOrder ?? options.sortOrder,
            sortColumn: cursor?.sortColumn ?? options.sortColumn,
            sortColumnAfter: byName ? undefined : new Date(last[column] ?? 0).toISOString(),
          })
        : undefined,
    nextCursorKey: hasNext ? last?.name : undefined,
    folders: page.filter((e) => e.id === null).map((e) => ({ key: e.name.replace(/\/$/, ""), name: e.name })),
    objects: page.filter((e) => e.id !== null).map((e) => ({ ...e, key: e.name })),
  };
}
