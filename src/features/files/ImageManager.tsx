// A record's image on its show page: a preview, and for operators who may edit the
// record a drop zone (or file picker) that replaces it and a button that removes it.
// The bucket's limits are shown before upload and checked before anything is sent.
import { type BaseRecord, useCan, useTranslate } from "@refinedev/core";
import { Alert, Button, Image, Popconfirm, Space, Typography } from "antd";
import { useState } from "react";
import { backend } from "../../providers/backend";
import type { FieldDefinition, ResourceDefinition } from "../../resources/types";
import { ImageDropZone } from "./ImageDropZone";
import { limitsOf } from "./limits";
import { useFileCheck } from "./useFileCheck";
import { useRecordImage } from "./useRecordImage";

interface Props {
  definition: ResourceDefinition;
  field: FieldDefinition;
  record: BaseRecord;
}

export function ImageManager({ definition, field, record }: Props) {
  const limits = limitsOf(field.bucket);
  const t = useTranslate();
  const canEdit = useCan({ resource: definition.name, action: "edit" }).data?.can ?? false;
  const image = useRecordImage(definition, field, record, limits);
  const check = useFileCheck(limits);
  const [error, setError] = useState<string>();

  const take = async (file: File) => {
    const checked = await check(file);
    setError("refused" in checked ? checked.refused : await image.replace(file, checked.type));
  };
  const url = image.current ? backend.storage(limits.bucket).publicUrl(image.current) : undefined;

  return (
    <Space direction="vertical" style={{ width: "100%", maxWidth: 360 }}>
      {url ? (
        <Image src={url} width={160} height={160} style={{ objectFit: "contain" }} alt={field.label} />
      ) : (
        <Typography.Text type="secondary">{t("files.noImage", "No image")}</Typography.Text>
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
              title={t("files.removeImageConfirm", "Remove this image?")}
              okText={t("files.remove", "Remove")}
              cancelText={t("files.cancel", "Cancel")}
              onConfirm={async () => setError(await image.remove())}
            >
              <Button danger loading={image.busy}>
                {t("files.removeImage", "Remove image")}
              </Button>
            </Popconfirm>
          )}
        </>
      )}
      {error && <Alert type="error" showIcon message={error} role="alert" />}
    </Space>
  );
}
