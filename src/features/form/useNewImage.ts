// A create form takes the record's image too (docs/everyday.md): chosen in the form, checked by
// features/files, and uploaded once the record exists, before the form goes to the record's
// page. A failed upload leaves the record as created and says so; its page offers the image again.
import { type BaseKey, type BaseRecord, useNotification, useTranslate } from "@refinedev/core";
import { useState } from "react";
import { recordName } from "../../components/recordName";
import { localizeMessage } from "../../i18n/messages";
import { idColumnOf } from "../../lib/select";
import type { FieldDefinition, ResourceDefinition } from "../../resources/types";
import type { ChosenImage } from "../files/NewImagePicker";
import { useBucketLimits } from "../files/useBucketLimits";
import { useAttachImage } from "../files/useRecordImage";

export interface NewImage {
  /** The definition's image field a create form offers; none on an edit form. */
  field: FieldDefinition | undefined;
  chosen: ChosenImage | undefined;
  choose: (image: ChosenImage | undefined) => void;
  /** Uploads the chosen image for the record just created (nothing when none was chosen). */
  attachTo: (created: BaseRecord | undefined) => Promise<void>;
}

/** `def` is the definition as written; `shown` its localized form, which names the record. */
export function useNewImage(def: ResourceDefinition, shown: ResourceDefinition, action: "create" | "edit"): NewImage {
  const t = useTranslate();
  const field = action === "create" ? def.fields.find((f) => f.type === "image" && f.bucket) : undefined;
  const [chosen, choose] = useState<ChosenImage>();
  const limits = useBucketLimits(field?.bucket ?? "product-images");
  const { attach } = useAttachImage(def, field ?? def.fields[0], limits);
  const { open: notify } = useNotification();

  const attachTo = async (created: BaseRecord | undefined) => {
    if (!field || !chosen) return;
    const failed = await attach(created?.[idColumnOf(def)] as BaseKey, chosen.file, chosen.type);
    if (failed)
      notify?.({
        type: "error",
        message: t("files.imageNotAdded", { name: recordName(shown, created) }, "Created {{name}}, but not its image"),
        description: localizeMessage(failed, t),
      });
  };
  return { field, chosen, choose, attachTo };
}
