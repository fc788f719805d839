// What a bulk update did: how many rows it changed, and each refused row with its reason
// (bulk deletes report through their undo notice, undo/DeferredDeletes); or why the
// whole action failed.
import { useTranslate } from "@refinedev/core";
import { Alert } from "antd";
import { RefusedRows } from "../../components/undo/RefusedRows";
import { localizeMessage } from "../../i18n/messages";

export interface BulkReportData {
  succeeded: number;
  failed: { title: string; message: string }[];
  /** The action as a whole failed (no row changed). */
  error?: string;
}

export function BulkReport({ report, onClose }: { report: BulkReportData; onClose: () => void }) {
  const t = useTranslate();
  if (report.error !== undefined)
    return (
      <Alert
        role="status"
        type="error"
        showIcon
        closable
        onClose={onClose}
        message={t("bulk.nothingChanged", "Nothing was changed.")}
        description={localizeMessage(report.error, t)}
      />
    );
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
          <RefusedRows
            rows={report.failed.map((item) => ({ title: item.title, message: localizeMessage(item.message, t) }))}
          />
        )
      }
    />
  );
}
