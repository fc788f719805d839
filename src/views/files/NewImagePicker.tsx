// A new record's image, chosen in its create form (before, it could be added only on the page
// of a record that existed): checked by its first bytes as on the record's page, shown as a
// preview, and uploaded once the record is created (ResourceForm, useAttachImage).
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Image, Space } from "antd";
import { useEffect, useState } from "react";
import type { FieldDefinition } from "../../resources/types";
import { ImageDropZone } from "./ImageDropZone";
import { useBucketLimits } from "./useBucketLimits";
import { useFileCheck } from "./useFileCheck";

export interface ChosenImage {
  file: File;
  /** What its bytes are (useFileCheck). */
  type: string;
}

export function NewImagePicker({
  field,
  value,
  onChange,
}: {
  field: FieldDefinition;
  value?: ChosenImage;
  onChange: (image: ChosenImage | undefined) => void;
}) {
  const t = useTranslate();
  const limits = useBucketLimits(field.bucket);
  const check = useFileCheck(limits);
  const [error, setError] = useState<string>();
  const [preview, setPreview] = useState<string>();
  useEffect(() => {
    if (!value) return setPreview(undefined);
    const url = URL.createObjectURL(value.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const take = async (file: File) => {
    const checked = await check(file);
    if ("refused" in checked) setError(checked.refused);
    else {
      setError(undefined);
      onChange({ file, type: checked.type });
    }
  };

  return (
    <Space direction="vertical" style={{ width: "100%", maxWidth: 360 }}>
      {preview && <Image src={preview} width={160} height={160} style={{ objectFit: "contain" }} alt={field.label} />}
      <ImageDropZone limits={limits} replaces={value !== undefined} onFile={(file) => void take(file)} />
      {value && (
        <Button danger onClick={() => onChange(undefined)}>
          {t("files.removeImage", "Remove image")}
        </Button>
      )}
      {error && <Alert type="error" showIcon message={error} role="alert" />}
    </Space>
  );
}
