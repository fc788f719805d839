// A record's image on its show page: a preview, and for operators who may edit the
// record a drop zone (or file picker) that replaces it and a button that removes it.
// The bucket's limits are shown before upload and checked before anything is sent.
import { type BaseRecord, useCan, useTranslate } from "@refinedev/core";
import { Alert, Button, Popconfirm, Space, Typography } from "antd";
import { useState } from "react";
import type { FieldDefinition, ResourceDefinition } from "../../resources/types";
import { ImageDropZone } from "./ImageDropZone";
import { imagesOnly } from "./limits";
import { StoredFile } from "./StoredFile";
import { useBucketLimits } from "./useBucketLimits";
import { useFileCheck } from "./useFileCheck";
import { useRecordImage } from "./useRecordImage";

interface Props {
  definition: ResourceDefinition;
  field: FieldDefinition;
  record: BaseRecord;
}

export function ImageManager({ definition, field, record }: Props) {
  const limits = useBucketLimits(field.bucket);
  const t = useTranslate();
  const canEdit = useCan({ resource: definition.name, action: "edit" }).data?.can ?? false;
  const image = useRecordImage(definition, field, record, limits);
  const check = useFileCheck(limits);
  const [error, setError] = useState<string>();

  const take = async (file: File) => {
    const checked = await check(file);
    setError("refused" in checked ? checked.refused : await image.replace(file, checked.type));
  };

  return (
    <Space direction="vertical" style={{ width: "100%", maxWidth: 360 }}>
      {image.current ? (
        <StoredFile limits={limits} path={image.current} size={160} alt={field.label} />
      ) : (
        <Typography.Text type="secondary">
          {imagesOnly(limits) ? t("files.noImage", "No image") : t("files.noFile", "No file")}
        </Typography.Text>
      )}
      {canEdit && (
        <>
          <ImageDropZone
            limits={limits}
            replaces={image.current !== undefined}
            disabled={image.busy}
            onFile={(file) => void take(file)}
          />
          {image.current && (
            <Popconfirm
              title={
                imagesOnly(limits)
                  ? t("files.removeImageConfirm", "Remove this image?")
                  : t("files.removeFileConfirm", "Remove this file?")
              }
              okText={t("files.remove", "Remove")}
              cancelText={t("files.cancel", "Cancel")}
              onConfirm={async () => setError(await image.remove())}
            >
              <Button danger loading={image.busy}>
                {imagesOnly(limits) ? t("files.removeImage", "Remove image") : t("files.removeFile", "Remove file")}
              </Button>
            </Popconfirm>
          )}
        </>
      )}
      {error && <Alert type="error" showIcon message={error} role="alert" />}
    </Space>
  );
}
