// Actions on the ticked rows of a list (or all rows matching it): delete, set a field (a
// product's or an order's status), export them. Delete and set ask first, saying how many rows
// and what changes, then wait five seconds behind Undo (features/undo) before they are sent,
// as one request (providers/rowWrites.ts). Each row succeeds or fails on its own: rows that
// already hold the value are left alone, rows a state machine does not let take it are named
// beforehand and not sent; changed rows are unticked, refused ones stay ticked beside the
// report of why.
import { DeleteOutlined, DownloadOutlined, DownOutlined } from "@ant-design/icons";
import { type BaseRecord, type CrudFilter, type CrudSort, useCan, useTranslate } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { App, Button, Dropdown, Popconfirm, Space, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { tCount } from "../../i18n/plural";
import { resourceKey } from "../../i18n/resourceKeys";
import { useLocalizedDefinition } from "../../i18n/useLocalizedDefinition";
import { fieldsByName, idColumnOf } from "../../lib/select";
import { backend } from "../../providers/backend";
import { findResource } from "../../resources";
import { fromJson } from "../../resources/rpc";
import type { FieldDefinition, ResourceDefinition } from "../../resources/types";
import { ExportProgressModal } from "../csv/ExportProgressModal";
import { useCsvExport } from "../csv/useCsvExport";
import { useFieldLabel } from "../csv/useFieldLabel";
import { type UpdateOutcome, useScheduleUpdate } from "../undo/DeferredDeletes";
import { useDeleteRecords } from "../undo/useDeleteRecords";
import { BulkReport, type BulkReportData } from "./BulkReport";
import { type ChangePlan, offeredValues, planChange, type Transitions } from "./bulkChange";
import { ChangePreview } from "./ChangePreview";
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

/** The definition's state machine, as the database answers it (asked once per console). */
function useTransitions(def: ResourceDefinition) {
  const machine = def.stateMachine;
  return useQuery({
    queryKey: ["transitions", machine?.rpc],
    enabled: machine !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    // Runs only with a machine (enabled above).
    queryFn: async (): Promise<Transitions> =>
      machine
        ? fromJson<Transitions>(
            await backend.rpc(machine.rpc, {}, { resource: def.name, operation: "read", describe: findResource }),
          )
        : {},
  }).data;
}

interface Props {
  definition: ResourceDefinition;
  selection: BulkSelection;
  /** The list's filters and order: an export of all matching rows reads them on the server. */
  list: { filters: CrudFilter[]; sorters: CrudSort[] };
}

export function BulkBar({ definition: def, selection, list }: Props) {
  const t = useTranslate();
  const { modal } = App.useApp();
  const shown = useLocalizedDefinition(def);
  const labelOf = useFieldLabel(def);
  const csv = useCsvExport(def);
  const deleteRecords = useDeleteRecords(def);
  const scheduleUpdate = useScheduleUpdate();
  const transitions = useTransitions(def);
  const [report, setReport] = useState<BulkReportData>();
  const can = useBulkActions(def);
  const idColumn = idColumnOf(def);
  const records = selection.records;
  const titleOf = (record: BaseRecord | undefined, id: Key) => String(record?.[def.titleField] ?? id);
  // A change sent after the operator left reports in a notice instead (features/undo).
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const optionLabel = (field: FieldDefinition, option: string) =>
    t(resourceKey.option(def.name, field.name, option), option);
  const nouns = { singular: shown.label.singular, plural: shown.label.plural };

  /** Sends the plan's changes behind Undo; reports here, with the rows refused beforehand. */
  const schedule = (field: FieldDefinition, plan: ChangePlan) => {
    const value = optionLabel(field, plan.value);
    const byId = new Map(plan.change.map((record) => [record[idColumn] as Key, record]));
    const refusedBefore = plan.refused.map(({ record, message }) => ({ title: titleOf(record, ""), message }));
    const finish = (outcome: UpdateOutcome | Error) => {
      if (!mounted.current) return false;
      if (outcome instanceof Error) {
        setReport({ succeeded: 0, failed: [], error: outcome.message });
        return true;
      }
      selection.release([...outcome.changed, ...outcome.unchanged, ...plan.unchanged.map((r) => r[idColumn] as Key)]);
      setReport({
        succeeded: outcome.changed.length,
        unchanged: outcome.unchanged.length + plan.unchanged.length,
        value,
        failed: [...refusedBefore, ...outcome.refused.map(({ title, message }) => ({ title, message }))],
      });
      return true;
    };
    if (plan.change.length === 0) {
      finish({ changed: [], unchanged: [], refused: [] });
      return;
    }
    setReport(undefined);
    scheduleUpdate({
      resource: def.name,
      ids: [...byId.keys()],
      notice: tCount(
        t,
        "bulk.setting",
        plan.change.length,
        {
          one: "Setting {{count}} {{singular}} to “{{value}}”.",
          other: "Setting {{count}} {{plural}} to “{{value}}”.",
        },
        { ...nouns, value },
      ),
      refusedTitle: (count) =>
        tCount(
          t,
          "bulk.refusedSome",
          count,
          {
            one: "{{count}} of {{total}} {{plural}} could not be changed",
            other: "{{count}} of {{total}} {{plural}} could not be changed",
          },
          { ...nouns, total: plan.change.length + plan.refused.length },
        ),
      send: async () => {
        const outcome = await backend.records.write(
          def,
          { action: "update", records: plan.change, values: { [plan.field]: plan.value } },
          findResource,
        );
        return {
          changed: outcome.changed,
          unchanged: outcome.unchanged,
          refused: outcome.refused.map((refusal) => ({
            id: refusal.id,
            title: titleOf(byId.get(refusal.id), refusal.id),
            message: refusal.message,
          })),
        };
      },
      report: finish,
    });
  };

  /** Asks first, saying how many rows change, which stay and which cannot. */
  const confirmSet = (field: FieldDefinition, value: string) => {
    const plan = planChange(def, records, field.name, value, transitions);
    const label = labelOf(field);
    modal.confirm({
      title: t("bulk.confirmSet", { field: label, value: optionLabel(field, value) }, "Set {{field}} to “{{value}}”?"),
      content: <ChangePreview plan={plan} value={optionLabel(field, value)} nouns={nouns} titleOf={titleOf} t={t} />,
      okText: t("bulk.setField", { field: label }, "Set {{field}}"),
      okButtonProps: { disabled: plan.change.length === 0 },
      cancelText: t("bulk.cancel", "Cancel"),
      width: 520,
      onOk: () => schedule(field, plan),
    });
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
              title={tCount(
                t,
                "bulk.deleteConfirm",
                records.length,
                { one: "Delete {{count}} {{singular}}?", other: "Delete {{count}} {{plural}}?" },
                nouns,
              )}
              okText={t("bulk.delete", "Delete")}
              cancelText={t("bulk.cancel", "Cancel")}
              okButtonProps={{ danger: true }}
              onConfirm={() => {
                deleteRecords(records);
                selection.clear();
              }}
            >
              <Button danger icon={<DeleteOutlined />}>
                {t("bulk.deleteSelected", "Delete selected")}
              </Button>
            </Popconfirm>
          )}
          {can.setters.map((field) => {
            const values = offeredValues(def, field, records, transitions);
            return (
              <Dropdown
                key={field.name}
                disabled={values.length === 0}
                trigger={["click"]}
                menu={{
                  items: values.map((option) => ({ key: option, label: optionLabel(field, option) })),
                  onClick: ({ key }) => confirmSet(field, key),
                }}
              >
                <Button>
                  {t("bulk.setField", { field: labelOf(field) }, "Set {{field}}")} <DownOutlined />
                </Button>
              </Dropdown>
            );
          })}
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
