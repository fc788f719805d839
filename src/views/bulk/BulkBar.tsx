// Actions on the ticked rows of a list: delete (undoable, reported by its notice), set a
// field (e.g. a product's status), export them. Each row succeeds or fails on its own;
// updated rows are unticked, failed ones stay ticked beside the report of why.
import { DeleteOutlined, DownloadOutlined, DownOutlined } from "@ant-design/icons";
import { type BaseRecord, useCan, useInvalidate, useTranslate } from "@refinedev/core";
import { Button, Dropdown, Popconfirm, Space, Typography } from "antd";
import { useState } from "react";
import { resourceKey } from "../../i18n/resourceKeys";
import { fieldsByName, idColumnOf } from "../../lib/select";
import { backend } from "../../providers/backend";
import { findResource } from "../../resources";
import type { ResourceDefinition } from "../../resources/types";
import { ExportProgressModal } from "../csv/ExportProgressModal";
import { useCsvExport } from "../csv/useCsvExport";
import { useFieldLabel } from "../csv/useFieldLabel";
import { useDeleteRecords } from "../undo/useDeleteRecords";
import { BulkReport, type BulkReportData } from "./BulkReport";
import { runBulk } from "./runBulk";
import type { BulkSelection } from "./useBulkSelection";

type Key = string | number;

export function BulkBar({ definition: def, selection }: { definition: ResourceDefinition; selection: BulkSelection }) {
  const t = useTranslate();
  const invalidate = useInvalidate();
  const labelOf = useFieldLabel(def);
  const csv = useCsvExport(def);
  const deleteRecords = useDeleteRecords(def);
  const [running, setRunning] = useState(false);
  const [report, setReport] = useState<BulkReportData>();
  const can = {
    delete: (useCan({ resource: def.name, action: "delete" }).data?.can ?? false) && def.screens?.delete !== false,
    edit: useCan({ resource: def.name, action: "edit" }).data?.can ?? false,
    export: useCan({ resource: def.name, action: "export" }).data?.can ?? false,
  };
  const idColumn = idColumnOf(def);
  const records = selection.records;
  const byId = new Map(records.map((record) => [record[idColumn] as Key, record]));
  const titleOf = (id: Key) => String(byId.get(id)?.[def.titleField] ?? id);

  const update = async (action: (record: BaseRecord) => Promise<void>) => {
    setRunning(true);
    setReport(undefined);
    try {
      const outcome = await runBulk([...byId.keys()], (id) => action(byId.get(id) as BaseRecord));
      selection.release(outcome.succeeded);
      setReport({
        succeeded: outcome.succeeded.length,
        failed: outcome.failed.map((f) => ({ title: titleOf(f.id), message: f.message })),
      });
      await invalidate({ resource: def.name, invalidates: ["list", "many"] });
    } finally {
      setRunning(false);
    }
  };

  const setters = can.edit ? fieldsByName(def, def.bulkSet ?? []) : [];
  if (records.length === 0 && !report) return null;

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {records.length > 0 && (
        <Space wrap role="toolbar" aria-label={t("bulk.toolbar", "Selected rows")}>
          <Typography.Text strong>
            {t("bulk.selected", { count: records.length }, "{{count}} selected")}
          </Typography.Text>
          {can.delete && (
            <Popconfirm
              title={t("bulk.deleteConfirm", { count: records.length }, "Delete {{count}} rows?")}
              okText={t("bulk.delete", "Delete")}
              cancelText={t("bulk.cancel", "Cancel")}
              okButtonProps={{ danger: true }}
              onConfirm={() => {
                deleteRecords(records);
                selection.clear();
              }}
            >
              <Button danger icon={<DeleteOutlined />} loading={running}>
                {t("bulk.deleteSelected", "Delete selected")}
              </Button>
            </Popconfirm>
          )}
          {setters.map((field) => (
            <Dropdown
              key={field.name}
              disabled={running}
              menu={{
                items: (field.options ?? []).map((option) => ({
                  key: option,
                  label: t(resourceKey.option(def.name, field.name, option), option),
                })),
                onClick: ({ key }) =>
                  update((record) => backend.records.updateRow(def, record, { [field.name]: key }, findResource)),
              }}
            >
              <Button loading={running}>
                {t("bulk.setField", { field: labelOf(field) }, "Set {{field}}")} <DownOutlined />
              </Button>
            </Dropdown>
          ))}
          {can.export && (
            <Button icon={<DownloadOutlined />} onClick={() => csv.exportRecords(records)}>
              {t("bulk.exportSelected", "Export selected")}
            </Button>
          )}
          <Button type="link" onClick={selection.clear}>
            {t("bulk.clear", "Clear selection")}
          </Button>
        </Space>
      )}
      {report && <BulkReport report={report} onClose={() => setReport(undefined)} />}
      <ExportProgressModal progress={csv.progress} onCancel={csv.cancel} />
    </Space>
  );
}
