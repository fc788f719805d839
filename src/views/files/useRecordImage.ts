// Replacing and removing a record's image: the new object is uploaded under a fresh
// name, the record is pointed at it, then the old object is removed. When the record
// update fails, the new object is removed again, so no file is left without a record.
import { type BaseRecord, type HttpError, useTranslate, useUpdate } from "@refinedev/core";
import { useState } from "react";
import { supabase } from "../../providers/supabaseClient";
import type { FieldDefinition, ResourceDefinition } from "../../resources/types";
import { idColumnOf, metaFor } from "../select";
import type { BucketLimits } from "./limits";
import { newImagePath } from "./paths";
import { storageErrorMessage } from "./storageErrors";

export function useRecordImage(
  def: ResourceDefinition,
  field: FieldDefinition,
  record: BaseRecord,
  limits: BucketLimits,
) {
  const t = useTranslate();
  const { mutateAsync } = useUpdate<BaseRecord, HttpError>();
  const [busy, setBusy] = useState(false);
  const bucket = supabase.storage.from(limits.bucket);
  const id = record[idColumnOf(def)];
  const current = typeof record[field.name] === "string" ? (record[field.name] as string) : undefined;

  /** Points the record at `path` (null: no image); the error message on failure. */
  const point = async (path: string | null): Promise<string | undefined> => {
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

  const run = async (work: () => Promise<string | undefined>) => {
    setBusy(true);
    try {
      return await work();
    } finally {
      setBusy(false);
    }
  };

  /** Uploads `file` as `type` (what its bytes are: useFileCheck) and points the record at it. */
  const replace = (file: File, type: string) =>
    run(async () => {
      const path = newImagePath(id, type);
      const uploaded = await bucket.upload(path, file, { contentType: type, upsert: false });
      if (uploaded.error) return storageErrorMessage(uploaded.error, limits, t);
      const failed = await point(path);
      if (failed) {
        await bucket.remove([path]);
        return failed;
      }
      // The record no longer names the old file; a failed removal only leaves it in the
      // record's folder, which is emptied when the record is deleted.
      if (current) await bucket.remove([current]);
      return undefined;
    });

  const remove = () =>
    run(async () => {
      const failed = await point(null);
      if (failed) return failed;
      if (current) await bucket.remove([current]);
      return undefined;
    });

  return { current, busy, replace, remove };
}
