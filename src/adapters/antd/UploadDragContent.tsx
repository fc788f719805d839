// The inside of antd's Upload.Dragger as antd's own examples write it: an icon, a line and a
// hint in the classes antd's Upload stylesheet lays out (`ant-upload-drag-icon`, `-text`,
// `-hint`). antdContract.test.tsx fails when antd's stylesheet stops styling them.
import { InboxOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";

export function UploadDragContent({ text, hint }: { text: ReactNode; hint: ReactNode }) {
  return (
    <>
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{text}</p>
      <p className="ant-upload-hint">{hint}</p>
    </>
  );
}
