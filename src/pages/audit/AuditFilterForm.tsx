// /audit's filter form: table, record, actor (e-mail contains), actions and a time range,
// applied together by Filter and emptied by Clear. It is the table's own search form
// (useAuditLog.ts), started from the filters in the URL (auditFilters.ts).
import { useTranslate } from "@refinedev/core";
import { Button, Form, Input, Select, Space } from "antd";
import { RangePicker } from "../../features/fields/kindTexts";
import { useActionLabel } from "../../features/history/AuditColumns";
import { useResourceTitle } from "../../i18n/useResourceTitle";
import { menuResources } from "../../resources";
import type { ResourceDefinition } from "../../resources/types";
import { fromAuditFilters } from "./auditFilters";
import type { AuditLog } from "./useAuditLog";

/** Audited tables without a screen of their own still show up in the table filter. */
const EXTRA_TABLES = ["order_items", "permissions"];

export function AuditFilterForm({ def, log }: { def: ResourceDefinition; log: AuditLog }) {
  const t = useTranslate();
  const tableLabel = useResourceTitle();
  const actionLabel = useActionLabel();
  // The table's own search form holds the filter fields (applied by `apply`, which replaces).
  const form = log.searchFormProps.form;

  const tables = [...menuResources.filter((r) => r.name !== def.name).map((r) => r.name), ...EXTRA_TABLES].map(
    (name) => ({ value: name, label: tableLabel(name) }),
  );
  const actions = ["INSERT", "UPDATE", "DELETE"].map((value) => ({ value, label: actionLabel(value) }));

  return (
    <Form
      form={form}
      layout="inline"
      initialValues={fromAuditFilters(log.filters)}
      onFinish={log.apply}
      aria-label={t("audit.filters", "Audit log filters")}
      style={{ rowGap: 8 }}
    >
      <Form.Item name="table" label={t("audit.table", "Table")}>
        <Select allowClear options={tables} style={{ minWidth: 160 }} placeholder={t("audit.anyTable", "Any table")} />
      </Form.Item>
      <Form.Item name="recordId" label={t("audit.record", "Record")}>
        <Input allowClear placeholder={t("audit.recordPlaceholder", "Record ID")} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="actor" label={t("audit.actor", "Actor")}>
        <Input allowClear placeholder={t("audit.actorPlaceholder", "E-mail contains…")} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="actions" label={t("history.action", "Action")}>
        <Select mode="multiple" allowClear options={actions} style={{ minWidth: 160 }} />
      </Form.Item>
      <Form.Item name="range" label={t("audit.range", "Time")}>
        <RangePicker allowEmpty={[true, true]} placeholder={[t("audit.from", "From"), t("audit.to", "To")]} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t("audit.apply", "Filter")}
          </Button>
          <Button
            onClick={() => {
              form?.resetFields();
              form?.setFieldsValue({
                table: undefined,
                recordId: undefined,
                actor: undefined,
                actions: undefined,
                range: undefined,
              });
              log.apply({});
            }}
          >
            {t("audit.clear", "Clear")}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
