// The documents in a record's folder of a private bucket: list, upload, signed download, delete.
import { useTranslate } from "@refinedev/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { documentPath, folderOf } from "../../lib/filePaths";
import { backend } from "../../providers/backend";
import type { BucketLimits } from "./limits";
import { type StorageLikeError, storageErrorMessage } from "./storageErrors";

export interface StoredDocument {
  name: string;
  path: string;
  size: number | undefined;
  createdAt: string | undefined;
}

/** How long a download link works: long enough to start the download, too short to share. */
const SIGNED_URL_SECONDS = 60;

export function useRecordDocuments(recordId: unknown, limits: BucketLimits) {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const bucket = backend.storage(limits.bucket);
  const folder = folderOf(recordId);
  const queryKey = ["storage", limits.bucket, folder];
  const fail = (error: unknown) => new Error(storageErrorMessage(error as StorageLikeError, limits, t));
  /** Runs a storage call; its failure in the operator's words. */
  const worded = async <T>(call: Promise<T>): Promise<T> => {
    try {
      return await call;
    } catch (error) {
      throw fail(error);
    }
  };

  const documents = useQuery({
    queryKey,
    queryFn: async (): Promise<StoredDocument[]> => {
      const objects = await worded(bucket.list(folder));
      return objects
        .filter((object) => object.id !== null) // folders have no id
        .map((object) => ({
          name: object.name,
          path: `${folder}/${object.name}`,
          size: object.metadata?.size,
          createdAt: object.created_at ?? undefined,
        }));
    },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  /** Uploads `file` as `type` (what its bytes are: useFileCheck). */
  const upload = useMutation({
    mutationFn: async ({ file, type }: { file: File; type: string }) => {
      await worded(bucket.upload(documentPath(recordId, file.name), file, type));
    },
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: async (document: StoredDocument) => {
      const removed = await worded(bucket.remove([document.path]));
      // Storage answers an empty list when RLS hid the object from the delete.
      if (removed.length === 0) throw fail({ message: "not removed", statusCode: "403" });
    },
    onSettled: refresh,
  });

  const download = async (document: StoredDocument) => {
    window.location.assign(await worded(bucket.downloadUrl(document.path, SIGNED_URL_SECONDS, document.name)));
  };

  return { documents, upload, remove, download };
}
