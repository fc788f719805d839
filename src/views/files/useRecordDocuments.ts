// The documents in a record's folder of a private bucket: list, upload, signed download, delete.
import { useTranslate } from "@refinedev/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { supabase } from "../../providers/supabaseClient";
import type { BucketLimits } from "./limits";
import { documentPath, folderOf } from "./paths";
import { storageErrorMessage } from "./storageErrors";

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
  const bucket = supabase.storage.from(limits.bucket);
  const folder = folderOf(recordId);
  const queryKey = ["storage", limits.bucket, folder];
  const fail = (error: Parameters<typeof storageErrorMessage>[0]) => new Error(storageErrorMessage(error, limits, t));

  const documents = useQuery({
    queryKey,
    queryFn: async (): Promise<StoredDocument[]> => {
      const { data, error } = await bucket.list(folder, { limit: 1000, sortBy: { column: "name", order: "asc" } });
      if (error) throw fail(error);
      return data
        .filter((object) => object.id !== null) // folders have no id
        .map((object) => ({
          name: object.name,
          path: `${folder}/${object.name}`,
          size: (object.metadata as { size?: number } | null)?.size,
          createdAt: object.created_at ?? undefined,
        }));
    },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  /** Uploads `file` as `type` (what its bytes are: useFileCheck). */
  const upload = useMutation({
    mutationFn: async ({ file, type }: { file: File; type: string }) => {
      const { error } = await bucket.upload(documentPath(recordId, file.name), file, {
        contentType: type,
        upsert: false,
      });
      if (error) throw fail(error);
    },
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: async (document: StoredDocument) => {
      const { data, error } = await bucket.remove([document.path]);
      if (error) throw fail(error);
      // Storage answers an empty list when RLS hid the object from the delete.
      if (data.length === 0) throw fail({ message: "not removed", statusCode: "403" });
    },
    onSettled: refresh,
  });

  const download = async (document: StoredDocument) => {
    const { data, error } = await bucket.createSignedUrl(document.path, SIGNED_URL_SECONDS, {
      download: document.name,
    });
    if (error) throw fail(error);
    window.location.assign(data.signedUrl);
  };

  return { documents, upload, remove, download };
}
