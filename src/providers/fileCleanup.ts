// Deleting a record also removes its files: the record's folder ('<id>/') in each bucket
// its definition names (image fields, documents). Storage keeps files outside the
// database (a SQL trigger cannot remove them), so the console does it through the
// Storage API once the delete has succeeded, for Refine's deletes and the undoable ones
// (src/features/undo) alike; a delete the database refuses (e.g. a product still on orders)
// keeps its files.
import type { BaseKey, BaseRecord, DataProvider, DeleteManyParams, DeleteOneParams } from "@refinedev/core";
import { folderOf } from "../lib/filePaths";
import type { ResourceDefinition } from "../resources/types";
import { storageBucket } from "./storage";
import type { ConsoleClient } from "./supabaseClient";

export function bucketsOf(def: ResourceDefinition | undefined): string[] {
  if (!def) return [];
  // A file column's objects live under its own folder, not '<id>/' (which, in a project's bucket,
  // may be the app's own folder of that id): they are not removed by folder.
  const images = def.fields.flatMap((f) => (f.type === "image" && f.bucket && !f.fileColumn ? [f.bucket] : []));
  return [...new Set([...images, ...(def.documents ? [def.documents.bucket] : [])])];
}

/** Removes the files of deleted records: each one's folder in every bucket its definition names. */
export async function removeRecordFiles(client: ConsoleClient, def: ResourceDefinition | undefined, ids: BaseKey[]) {
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
