// Shown while an export runs: rows written so far, of how many, and a way to stop.
import { useTranslate } from "@refinedev/core";
import { Button, Modal, Progress, Typography } from "antd";
import type { ExportProgress } from "./useCsvExport";

export function ExportProgressModal({ progress, onCancel }: { progress?: ExportProgress; onCancel: () => void }) {
  const t = useTranslate();
  const percent = progress?.total ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : 0;
  return (
    <Modal
      open={Boolean(progress)}
      title={t("csv.exporting", "Exporting…")}
      closable={false}
      maskClosable={false}
      footer={<Button onClick={onCancel}>{t("csv.cancel", "Cancel")}</Button>}
    >
      <Progress percent={percent} status="active" aria-label={t("csv.exportProgress", "Export progress")} />
      <Typography.Text type="secondary">
        {t(
          "csv.exportedRows",
          { done: progress?.done ?? 0, total: progress?.total ?? 0 },
          "{{done}} of {{total}} rows written",
        )}
      </Typography.Text>
    </Modal>
  );
}
