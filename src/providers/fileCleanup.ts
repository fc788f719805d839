// Deleting a record also removes its files: the record's folder ('<id>/') in each bucket
// its definition names (image fields, documents), and, for a table with file columns, the
// objects the database queued when its rows went (install 0006, docs/any-project.md "File
// columns"). Storage keeps files outside the database (a SQL trigger cannot remove them), so
// the console does it through the Storage API once the delete has succeeded, for Refine's
// deletes and the undoable ones (src/features/undo) alike; a delete the database refuses
// (e.g. a product still on orders) keeps its files. What others queued (the app's own deletes, a
// removal that failed) is removed when the console starts and when it comes back into focus, by
// an operator who may remove it (followFileRemovals).
import type { BaseKey, BaseRecord, DataProvider, DeleteManyParams, DeleteOneParams } from "@refinedev/core";
import { folderOf } from "../lib/filePaths";
import type { ResourceDefinition } from "../resources/types";
import type { Described } from "../schema/describe";
import { opsdeskSchema } from "./opsdeskSchema";
import { storageBucket } from "./storage";
import type { ConsoleClient } from "./supabaseClient";

export function bucketsOf(def: ResourceDefinition | undefined): string[] {
  if (!def) return [];
  // A file column's objects live under its own folder, not '<id>/' (which, in a project's bucket,
  // may be the app's own folder of that id): they are not removed by folder.
  const images = def.fields.flatMap((f) => (f.type === "image" && f.bucket && !f.fileColumn ? [f.bucket] : []));
  return [...new Set([...images, ...(def.documents ? [def.documents.bucket] : [])])];
}

/** Whether the definition has file columns of a project's table (their objects are queued). */
export const hasFileColumns = (def: ResourceDefinition | undefined) =>
  def?.fields.some((f) => f.fileColumn !== undefined) ?? false;

/** Queued objects (opsdesk.file_removals()) as one list of names per bucket. */
export function removalsByBucket(rows: { bucket: string; object_name: string }[]): Map<string, string[]> {
  const byBucket = new Map<string, string[]>();
  for (const row of rows) byBucket.set(row.bucket, [...(byBucket.get(row.bucket) ?? []), row.object_name]);
  return byBucket;
}

/**
 * Removes the objects the project queued for the caller to remove (install 0006): those of rows
 * deleted, or of file columns changed, in tables the caller may edit or delete in. A failure
 * leaves them queued: the next call answers them again.
 */
export async function removeQueuedFiles(client: ConsoleClient): Promise<void> {
  const { data, error } = await opsdeskSchema(client).rpc("file_removals");
  if (error || !data) return;
  for (const [bucket, names] of removalsByBucket(data)) {
    await storageBucket(client, bucket)
      .discard(names)
      .catch(() => undefined);
  }
}

/**
 * Whether the operator may remove some queued objects: a table whose settings name file columns
 * and on which they may edit or delete (what opsdesk.file_removals() answers them, install 0006).
 */
export function mayRemoveQueuedFiles(described: Described | undefined): boolean {
  return (
    described?.tables.some(
      (table) =>
        Object.keys(table.settings?.file_columns ?? {}).length > 0 &&
        table.permissions.some((action) => action === "edit" || action === "delete"),
    ) ?? false
  );
}

/**
 * The queue drained without waiting for this operator's next delete (docs/any-project.md, "File
 * columns"): once for each schema the console starts on or changes to, and at each `again()`
 * (the window back in focus), while the operator may remove queued objects. One drain at a time.
 */
export function followFileRemovals(
  described: () => Described | undefined,
  onSchemaChange: (listener: () => void) => unknown,
  remove: () => Promise<void>,
): { again: () => void } {
  let drained: Described | undefined;
  let running: Promise<void> | undefined;
  const drain = () => {
    const current = described();
    if (running || !mayRemoveQueuedFiles(current)) return;
    drained = current;
    running = remove()
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
      });
  };
  onSchemaChange(() => {
    if (described() !== drained) drain();
  });
  drain();
  return { again: drain };
}

/**
 * Removes the files of deleted records: each one's folder in every bucket its definition names,
 * and what the project queued when they went if the table has file columns.
 */
export async function removeRecordFiles(client: ConsoleClient, def: ResourceDefinition | undefined, ids: BaseKey[]) {
  if (hasFileColumns(def) && ids.length > 0) await removeQueuedFiles(client);
  for (const bucket of bucketsOf(def)) {
    for (const id of ids) {
      const folder = folderOf(id);
      const files = storageBucket(client, bucket);
      // A failed listing or removal leaves files behind but must not report the delete as failed.
      const objects = await files.list(folder).catch(() => []);
      await files.discard(objects.filter((o) => o.id !== null).map((o) => `${folder}/${o.name}`));
    }
  }
}

/** Refine's deletes with the records' files removed after them. */
export function withFileCleanup(
  provider: DataProvider,
  client: ConsoleClient,
  findResource: (name: string) => ResourceDefinition | undefined,
): DataProvider {
  const cleanFolders = (resource: string, ids: BaseKey[]) => removeRecordFiles(client, findResource(resource), ids);

  return {
    ...provider,
    deleteOne: async <T extends BaseRecord, V>(params: DeleteOneParams<V>) => {
      const result = await provider.deleteOne<T, V>(params);
      await cleanFolders(params.resource, [params.id]);
      return result;
    },
    ...(provider.deleteMany && {
      deleteMany: async <T extends BaseRecord, V>(params: DeleteManyParams<V>) => {
        const result = await provider.deleteMany?.<T, V>(params);
        if (!result) throw new Error("deleteMany is not available");
        await cleanFolders(params.resource, params.ids);
        return result;
      },
    }),
  };
}
