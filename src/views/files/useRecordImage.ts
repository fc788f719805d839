// Replacing and removing a record's image: the new object is uploaded under a fresh
// name, the record is pointed at it, then the old object is removed. When the record
// update fails, the new object is removed again, so no file is left without a record.
// A new record's image (chosen in its create form) is attached the same way once it exists. A
// file column of a project's table (field.fileColumn) keeps its objects under its own folder.
import { type BaseRecord, type HttpError, useTranslate, useUpdate } from "@refinedev/core";
import { useState } from "react";
import { fileColumnPath, newImagePath } from "../../lib/filePaths";
import { idColumnOf, metaFor } from "../../lib/select";
import { backend } from "../../providers/backend";
import type { FieldDefinition, ResourceDefinition } from "../../resources/types";
import type { BucketLimits } from "./limits";
import type { StorageLikeError } from "./storageErrors";
import { storageErrorMessage } from "./storageErrors";

/**
 * Attaching an image to a record that exists: `(id, file, type, previous?)` uploads it, points
 * the record at it and removes the previous one; the error message on failure (nothing left
 * behind).
 */
export function useAttachImage(def: ResourceDefinition, field: FieldDefinition, limits: BucketLimits) {
  const t = useTranslate();
  const { mutateAsync } = useUpdate<BaseRecord, HttpError>();
  const bucket = backend.storage(limits.bucket);

  /** Points the record at `path` (null: no image); the error message on failure. */
  const point = async (id: unknown, path: string | null): Promise<string | undefined> => {
    try {
      await mutateAsync({
        resource: def.name,
        id: id as string,
        values: { [field.name]: path },
        meta: metaFor(def),
        successNotification: false,
        errorNotification: false,
      });
      return undefined;
    } catch (error) {
      return (error as HttpError).message;
    }
  };

  const attach = async (id: unknown, file: File, type: string, previous?: string): Promise<string | undefined> => {
    const path = field.fileColumn
      ? fileColumnPath({ ...field.fileColumn, name: field.name }, file, type)
      : newImagePath(id, type);
    try {
      await bucket.upload(path, file, type);
    } catch (error) {
      return storageErrorMessage(error as StorageLikeError, limits, t);
    }
    const failed = await point(id, path);
    if (failed) {
      await bucket.discard([path]);
      return failed;
    }
    // The record no longer names the old file.
    if (previous) await bucket.discard([previous]);
    return undefined;
  };

  const detach = async (id: unknown, previous?: string): Promise<string | undefined> => {
    const failed = await point(id, null);
    if (failed) return failed;
    if (previous) await bucket.discard([previous]);
    return undefined;
  };

  return { attach, detach };
}

export function useRecordImage(
  def: ResourceDefinition,
  field: FieldDefinition,
  record: BaseRecord,
  limits: BucketLimits,
) {
  const [busy, setBusy] = useState(false);
  const { attach, detach } = useAttachImage(def, field, limits);
  const id = record[idColumnOf(def)];
  const current = typeof record[field.name] === "string" ? (record[field.name] as string) : undefined;

  const run = async (work: () => Promise<string | undefined>) => {
    setBusy(true);
    try {
      return await work();
    } finally {
      setBusy(false);
    }
  };

  /** Uploads `file` as `type` (what its bytes are: useFileCheck) and points the record at it. */
  const replace = (file: File, type: string) => run(() => attach(id, file, type, current));

  const remove = () => run(() => detach(id, current));

  return { current, busy, replace, remove };
}
