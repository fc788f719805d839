// A Storage bucket as the console uses it. Failures are storage-js's errors, thrown: the
// screen words them with its bucket's rules (src/features/files/storageErrors.ts).
import type { ConsoleClient } from "./supabaseClient";

export interface StoredObject {
  name: string;
  /** Null for a folder. */
  id: string | null;
  created_at?: string | null;
  metadata?: { size?: number } | null;
}

function ok<T>({ data, error }: { data: T | null; error: Error | null }): T {
  if (error) throw error;
  return data as T;
}

export function storageBucket(client: ConsoleClient, bucket: string) {
  const objects = () => client.storage.from(bucket);
  return {
    /** Objects and folders directly in `folder`, up to 1000, by name. */
    list: async (folder: string): Promise<StoredObject[]> =>
      ok(await objects().list(folder, { limit: 1000, sortBy: { column: "name", order: "asc" } })),
    /** Uploads a new object; an existing one of that name is a 409, never overwritten. */
    upload: async (path: string, file: File, contentType: string): Promise<void> => {
      ok(await objects().upload(path, file, { contentType, upsert: false }));
    },
    /** Removes objects: the ones removed (none when RLS hid them from the delete). */
    remove: async (paths: string[]): Promise<unknown[]> => ok(await objects().remove(paths)),
    /**
     * Removes objects no record names any more. A failure only leaves files behind in their
     * record's folder (emptied when the record is deleted), so it is not reported.
     */
    discard: async (paths: string[]): Promise<void> => {
      if (paths.length > 0) await objects().remove(paths);
    },
    /** A short-lived link that downloads the object as `fileName`. */
    downloadUrl: async (path: string, seconds: number, fileName: string): Promise<string> =>
      ok(await objects().createSignedUrl(path, seconds, { download: fileName })).signedUrl,
    /** A short-lived link that shows the object (an image of a private bucket). */
    signedUrl: async (path: string, seconds: number): Promise<string> =>
      ok(await objects().createSignedUrl(path, seconds)).signedUrl,
    /** Where a public bucket serves the object. */
    publicUrl: (path: string): string => objects().getPublicUrl(path).data.publicUrl,
  };
}
