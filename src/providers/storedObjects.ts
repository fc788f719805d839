// Stored files (storage.objects) for columns that hold a key to one (docs/any-project.md, "Keys
// to stored objects"): `opsdesk.stored_objects` (install 0008, security invoker) answers only the
// objects storage's own policies let the operator read. The ids a screen renders in one moment go
// out in one call and each answer is kept for the page; the picker searches by bucket and path,
// and uploads a new file into a bucket `opsdesk.object_buckets()` names, under the operator's id.
import type { FileBucket } from "../resources/describe.types";
import { type BatchedLookup, createBatchedLookup } from "./batchedLookup";
import type { ConsoleClient } from "./supabaseClient";

/** One stored file as the console shows it. */
export interface StoredObject {
  id: string;
  bucket: string;
  /** The object's path in its bucket. */
  path: string;
  size: number | null;
  mimetype: string | null;
  createdAt: string | null;
}

export interface StoredObjects extends Pick<BatchedLookup<StoredObject>, "get" | "watch"> {
  /** The readable objects whose bucket and path hold every word of `words`, newest first (at most 50). */
  search(words: string): Promise<StoredObject[]>;
  /** The buckets the picker may upload into (none for who may not write such a key). */
  buckets(): Promise<FileBucket[]>;
  /**
   * Uploads `file` as a new object of `bucket`, at `<user id>/<random>/<file name>` (the folder
   * of their own that projects' storage policies commonly ask for), and answers it. Throws
   * storage-js's error where Storage refuses it.
   */
  upload(bucket: string, file: File): Promise<StoredObject>;
}

type Row = {
  id: string;
  bucket_id: string;
  name: string;
  size: number | null;
  mimetype: string | null;
  created_at: string | null;
};

const fromRow = (row: Row): StoredObject => ({
  id: row.id,
  bucket: row.bucket_id,
  path: row.name,
  size: row.size,
  mimetype: row.mimetype,
  createdAt: row.created_at,
});

/** The largest batch stored_objects answers (OPSDESK_TOO_MANY_IDS beyond). */
const BATCH = 1000;

export function createStoredObjects(client: ConsoleClient): StoredObjects {
  const lookup = createBatchedLookup<StoredObject>(async (all) => {
    const found = new Map<string, StoredObject>();
    for (let start = 0; start < all.length; start += BATCH) {
      const ids = all.slice(start, start + BATCH);
      const { data, error } = await client.schema("opsdesk").rpc("stored_objects", { ids });
      for (const row of error ? [] : ((data ?? []) as Row[])) found.set(row.id, fromRow(row));
    }
    return found;
  });

  return {
    get: lookup.get,
    watch: lookup.watch,
    search: async (words) => {
      const { data, error } = await client
        .schema("opsdesk")
        .rpc("stored_objects", { q: words.trim() || undefined, page_limit: 50 });
      if (error) throw new Error(error.message);
      const objects = ((data ?? []) as Row[]).map(fromRow);
      // What the picker found is known for the value it shows once chosen.
      for (const object of objects) lookup.remember(object.id, object);
      return objects;
    },
    buckets: async () => {
      const { data, error } = await client.schema("opsdesk").rpc("object_buckets");
      if (error) throw new Error(error.message);
      return (data ?? []) as FileBucket[];
    },
    upload: async (bucket, file) => {
      const { data: session } = await client.auth.getSession();
      const userId = session.session?.user.id;
      if (!userId) throw new Error("Not signed in");
      // A file name's slashes would make folders of it.
      const path = `${userId}/${crypto.randomUUID()}/${file.name.replaceAll("/", "_")}`;
      const contentType = file.type || "application/octet-stream";
      const { data, error } = await client.storage.from(bucket).upload(path, file, { contentType, upsert: false });
      if (error) throw error;
      const object: StoredObject = {
        id: data.id,
        bucket,
        path: data.path,
        size: file.size,
        mimetype: contentType,
        createdAt: new Date().toISOString(),
      };
      lookup.remember(object.id, object);
      return object;
    },
  };
}
