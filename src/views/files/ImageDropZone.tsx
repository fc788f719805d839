// The drop zone (or file picker) that takes one image, with the bucket's rule under it: the
// record's page (ImageManager) and a create form (NewImagePicker) offer the same one. It only
// hands the file on; checking and uploading are the caller's.
import { InboxOutlined } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import { Upload } from "antd";
import { acceptOf, type BucketLimits, imagesOnly } from "./limits";

interface Props {
  limits: BucketLimits;
  /** There is an image already: the zone offers to replace it. */
  replaces: boolean;
  disabled?: boolean;
  onFile: (file: File) => void;
}

export function ImageDropZone({ limits, replaces, disabled, onFile }: Props) {
  const t = useTranslate();
  return (
    <Upload.Dragger
      accept={acceptOf(limits)}
      multiple={false}
      showUploadList={false}
      disabled={disabled}
      // The caller uploads itself: its check, the storage call and the record update are one step.
      beforeUpload={(file) => {
        onFile(file);
        return false;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">
        {imagesOnly(limits)
          ? replaces
            ? t("files.replaceImage", "Drop an image here or click to replace it")
            : t("files.addImage", "Drop an image here or click to add one")
          : replaces
            ? t("files.replaceFile", "Drop a file here or click to replace it")
            : t("files.addFile", "Drop a file here or click to add one")}
      </p>
      <p className="ant-upload-hint">{t(limits.rule.key, limits.rule.values ?? {}, limits.rule.text)}</p>
    </Upload.Dragger>
  );
}
