// The SQL Storage runs against storage.buckets / storage.objects. Every function takes
// the client explicitly: the caller's scoped transaction (RLS) or the admin pool.
import type pg from "pg";
import { quoteIdent } from "../shared/sql.js";

type Queryable = pg.Pool | pg.PoolClient;

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  type: string;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

/** What storage-api records in `storage.objects.metadata`. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

const BUCKET_COLUMNS =
  "id, name, owner, public, type, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at";

export async function findBucket(db: Queryable, id: string): Promise<BucketRow | undefined> {
  const { rows } = await db.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
  return rows[0];
}

export const BUCKET_SORT_COLUMNS = ["id", "name", "created_at", "updated_at"] as const;

export async function listBuckets(
  db: Queryable,
  options: { limit?: number; offset?: number; sortColumn: string; sortOrder: "asc" | "desc"; search?: string },
): Promise<BucketRow[]> {
  const values: unknown[] = [];
  let where = "";
  if (options.search) {
    values.push(`%${escapeLike(options.search)}%`);
    where = `where name ilike $${values.length}`;
  }
  values.push(options.limit ?? null, options.offset ?? 0);
  const { rows } = await db.query<BucketRow>(
    `select ${BUCKET_COLUMNS} from storage.buckets ${where}
     order by ${quoteIdent(options.sortColumn)} ${options.sortOrder}
     limit $${values.length - 1} offset $${values.length}`,
    values,
  );
  return rows;
}

export interface BucketSettings {
  public?: boolean;
  file_size_limit?: number | null;
  allowed_mime_types?: string[] | null;
}

export async function insertBucket(
  db: Queryable,
  bucket: { id: string; name: string; owner: string | null; type: string } & BucketSettings,
): Promise<void> {
  await db.query(
    `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type)
     values ($1, $2, $3::uuid, $4, coalesce($5, false), $6, $7, $8::storage.buckettype)`,
    [
      bucket.id,
      bucket.name,
      uuidOrNull(bucket.owner),
      bucket.owner,
      bucket.public ?? null,
      bucket.file_size_limit ?? null,
      bucket.allowed_mime_types ?? null,
      bucket.type,
    ],
  );
}

/** Updates the given settings only (undefined leaves a column as it is). */
export async function updateBucket(db: Queryable, id: string, settings: BucketSettings): Promise<boolean> {
  const { rowCount } = await db.query(
    `update storage.buckets set
       public = case when $2 then $3 else public end,
       file_size_limit = case when $4 then $5 else file_size_limit end,
       allowed_mime_types = case when $6 then $7 else allowed_mime_types end,
       updated_at = now()
     where id = $1`,
    [
      id,
      settings.public !== undefined,
      settings.public ?? null,
      settings.file_size_limit !== undefined,
      settings.file_size_limit ?? null,
      settings.allowed_mime_types !== undefined,
      settings.allowed_mime_types ?? null,
    ],
  );
  return (rowCount ?? 0) > 0;
}

/** Buckets declared in config.toml: created, or brought in line with the file. */
export async function upsertConfiguredBucket(
  db: Queryable,
  id: string,
  settings: Required<BucketSettings>,
): Promise<void> {
  await db.query(
    `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, $4)
     on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
       allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
    [id, settings.public, settings.file_size_limit, settings.allowed_mime_types],
  );
}

export async function deleteBucket(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query("delete from storage.buckets where id = $1", [id]);
  return (rowCount ?? 0) > 0;
}

export async function bucketHasObjects(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query("select exists (select 1 from storage.objects where bucket_id = $1) as has", [id]);
  return rows[0].has;
}

export async function findObject(db: Queryable, bucket: string, name: string): Promise<ObjectRow | undefined> {
  const { rows } = await db.query<ObjectRow>("select * from storage.objects where bucket_id = $1 and name = $2", [
    bucket,
    name,
  ]);
  return rows[0];
}

export interface NewObject {
  bucket: string;
  name: string;
  owner: string | null;
  version: string;
  metadata: ObjectMetadata | null;
  userMetadata: Record<string, unknown> | null;
}

/**
 * Inserts the object row, or with `upsert` replaces the existing one. Returns the row
 * id and the version it replaced (whose bytes the caller deletes after commit).
 */
export async function writeObject(
  db: Queryable,
  object: NewObject,
  upsert: boolean,
): Promise<{ id: string; previous_version: string | null }> {
  const conflict = upsert
    ? `on conflict (bucket_id, name) do update set
         owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
         metadata = excluded.metadata, user_metadata = excluded.user_metadata,
         updated_at = now(), last_accessed_at = now()`
    : "";
  const { rows } = await db.query(
    `with previous as (select version from storage.objects where bucket_id = $1 and name = $2)
     insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3::uuid, $4, $5, $6, $7)
     ${conflict}
     returning id, (select version from previous) as previous_version`,
    [
      object.bucket,
      object.name,
      uuidOrNull(object.owner),
      object.owner,
      object.version,
      object.metadata,
      object.userMetadata,
    ],
  );
  return rows[0];
}

export async function renameObject(
  db: Queryable,
  from: { bucket: string; name: string },
  to: { bucket: string; name: string },
): Promise<ObjectRow | undefined> {
  const { rows } = await db.query<ObjectRow>(
    `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
     where bucket_id = $1 and name = $2 returning *`,
    [from.bucket, from.name, to.bucket, to.name],
  );
  return rows[0];
}

export async function deleteObjects(db: Queryable, bucket: string, names: string[] | null): Promise<ObjectRow[]> {
  const { rows } = await db.query<ObjectRow>(
    "delete from storage.objects where bucket_id = $1 and ($2::text[] is null or name = any($2)) returning *",
    [bucket, names],
  );
  return rows;
}

export const LIST_SORT_COLUMNS = ["name", "updated_at", "created_at", "last_accessed_at"] as const;

interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: ObjectMetadata | null;
}

/**
 * storage.search's listing: the direct children of `prefix` (which ends in `/` or is
 * empty) whose name starts with `search`; deeper keys show up once as a folder entry
 * with null id. Folders come first, then objects, sorted by the chosen column.
 */
export async function listFolder(
  db: Queryable,
  options: {
    bucket: string;
    prefix: string;
    search: string;
    limit: number;
    offset: number;
    sortColumn: string;
    sortOrder: "asc" | "desc";
  },
): Promise<ListEntry[]> {
  const level = options.prefix === "" ? 1 : options.prefix.split("/").length;
  const order = options.sortOrder;
  const { rows } = await db.query<ListEntry>(
    `with matching as (
       select * from storage.objects
       where bucket_id = $1 and name ilike $2 escape '\\' and array_length(path_tokens, 1) >= $3
     ), folders as (
       select distinct path_tokens[$3] as name from matching where array_length(path_tokens, 1) > $3
     )
     (select name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
             null::timestamptz as last_accessed_at, null::jsonb as metadata
      from folders order by name collate "C" ${order})
     union all
     (select path_tokens[$3], id, updated_at, created_at, last_accessed_at, metadata
      from matching where array_length(path_tokens, 1) = $3
      order by ${quoteIdent(options.sortColumn)} ${order}, name collate "C" ${order})
     limit $4 offset $5`,
    [
      options.bucket,
      `${escapeLike(options.prefix)}${escapeLike(options.search)}%`,
      level,
      options.limit,
      options.offset,
    ],
  );
  return rows;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `owner` is a uuid column; non-uuid subjects are kept in `owner_id` only. */
function uuidOrNull(sub: string | null): string | null {
  return sub && UUID.test(sub) ? sub : null;
}
