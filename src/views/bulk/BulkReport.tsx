// What a bulk update did: how many rows it changed, and each failed row with its reason
// (bulk deletes report through their undo notice, undo/DeferredDeletes).
import { useTranslate } from "@refinedev/core";
import { Alert, List, Typography } from "antd";

export interface BulkReportData {
  succeeded: number;
  failed: { title: string; message: string }[];
}

export function BulkReport({ report, onClose }: { report: BulkReportData; onClose: () => void }) {
  const t = useTranslate();
  const done = t("bulk.updated", { count: report.succeeded }, "{{count}} updated");
  const failed = report.failed.length;
  return (
    <Alert
      role="status"
      type={failed === 0 ? "success" : report.succeeded === 0 ? "error" : "warning"}
      showIcon
      closable
      onClose={onClose}
      message={failed === 0 ? done : t("bulk.partly", { done, count: failed }, "{{done}}, {{count}} failed:")}
      description={
        failed > 0 && (
          <List
            size="small"
            dataSource={report.failed}
            renderItem={(item) => (
              <List.Item>
                <Typography.Text strong>{item.title}</Typography.Text>: {item.message}
              </List.Item>
            )}
          />
        )
      }
    />
  );
}
