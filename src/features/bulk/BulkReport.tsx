// What a bulk update did: how many rows it changed, how many already held the value, and each
// refused row with its reason (bulk deletes report through their undo notice,
// undo/DeferredDeletes); or why the whole action failed.
import { useTranslate } from "@refinedev/core";
import { Alert } from "antd";
import { localizeMessage } from "../../i18n/messages";
import { RefusedRows } from "../undo/RefusedRows";

export interface BulkReportData {
  succeeded: number;
  /** Rows that already held the value (not written). */
  unchanged?: number;
  /** The value set, in the operator's words. */
  value?: string;
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
  const parts = [t("bulk.updated", { count: report.succeeded }, "{{count}} updated")];
  if (report.unchanged)
    parts.push(
      t("bulk.alreadyCount", { count: report.unchanged, value: report.value ?? "" }, "{{count}} already “{{value}}”"),
    );
  const done = parts.join(", ");
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
