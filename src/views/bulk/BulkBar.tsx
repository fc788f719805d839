// Actions on the ticked rows of a list (or all rows matching it): delete (undoable,
// reported by its notice), set a field (e.g. a product's status), export them. Each action
// is one request (providers/rowWrites.ts); each row succeeds or fails on its own: updated
// rows are unticked, refused ones stay ticked beside the report of why.
import { DeleteOutlined, DownloadOutlined, DownOutlined } from "@ant-design/icons";
import { type CrudFilter, type CrudSort, useCan, useInvalidate, useTranslate } from "@refinedev/core";
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
import type { BulkSelection } from "./useBulkSelection";

type Key = string | number;

/** The bulk actions the operator may take on this list (none for a viewer but export). */
export function useBulkActions(def: ResourceDefinition) {
  const canDelete = useCan({ resource: def.name, action: "delete" }).data?.can ?? false;
  const canEdit = useCan({ resource: def.name, action: "edit" }).data?.can ?? false;
  const canExport = useCan({ resource: def.name, action: "export" }).data?.can ?? false;
  const remove = canDelete && def.screens?.delete !== false;
  const setters = canEdit ? fieldsByName(def, def.bulkSet ?? []) : [];
  return { delete: remove, setters, export: canExport, any: remove || setters.length > 0 || canExport };
}

interface Props {
  definition: ResourceDefinition;
  selection: BulkSelection;
  /** The list's filters and order: an export of all matching rows reads them on the server. */
  list: { filters: CrudFilter[]; sorters: CrudSort[] };
}

export function BulkBar({ definition: def, selection, list }: Props) {
  const t = useTranslate();
  const invalidate = useInvalidate();
  const labelOf = useFieldLabel(def);
  const csv = useCsvExport(def);
  const deleteRecords = useDeleteRecords(def);
  const [running, setRunning] = useState(false);
  const [report, setReport] = useState<BulkReportData>();
  const can = useBulkActions(def);
  const idColumn = idColumnOf(def);
  const records = selection.records;
  const byId = new Map(records.map((record) => [record[idColumn] as Key, record]));
  const titleOf = (id: Key) => String(byId.get(id)?.[def.titleField] ?? id);

  const setField = async (field: string, value: string) => {
    setRunning(true);
    setReport(undefined);
    try {
      const outcome = await backend.records.write(
        def,
        { action: "update", records, values: { [field]: value } },
        findResource,
      );
      selection.release(outcome.changed);
      setReport({
        succeeded: outcome.changed.length,
        failed: outcome.refused.map((f) => ({ title: titleOf(f.id), message: f.message })),
      });
      await invalidate({ resource: def.name, invalidates: ["list", "many"] });
    } catch (error) {
      // The call itself failed (no permission, no connection): nothing was changed.
      setReport({ succeeded: 0, failed: [], error: (error as Error).message });
    } finally {
      setRunning(false);
    }
  };

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
          {can.setters.map((field) => (
            <Dropdown
              key={field.name}
              disabled={running}
              menu={{
                items: (field.options ?? []).map((option) => ({
                  key: option,
                  label: t(resourceKey.option(def.name, field.name, option), option),
                })),
                onClick: ({ key }) => setField(field.name, key),
              }}
            >
              <Button loading={running}>
                {t("bulk.setField", { field: labelOf(field) }, "Set {{field}}")} <DownOutlined />
              </Button>
            </Dropdown>
          ))}
          {can.export && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                selection.allMatching ? csv.exportList(list.filters, list.sorters) : csv.exportRecords(records)
              }
            >
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
