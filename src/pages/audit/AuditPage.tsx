// /audit: every audit entry the operator may read, searched (record, actor, values) and
// filtered by table, record, actor, action and time range on the server (filters kept in
// the URL), each with its field-by-field diff;
// "Export CSV" writes the filtered entries for those who may export them.

import { List, useTable } from "@refinedev/antd";
import { type BaseRecord, type HttpError, useTranslate } from "@refinedev/core";
import { Alert, Button, Form, Input, Select, Space } from "antd";
import { useTabTitle } from "../../components/useTabTitle";
import { ExportButton } from "../../features/csv/ExportButton";
import { RangePicker } from "../../features/fields/kindTexts";
import { onlySearch } from "../../features/fields/listFilters";
import { useActionLabel, useAuditColumns } from "../../features/history/AuditColumns";
import { AuditRecord } from "../../features/history/AuditRecord";
import { AuditTable } from "../../features/history/AuditTable";
import type { AuditEntry } from "../../features/history/diff";
import { ListSearchBox } from "../../features/list/ListSearchBox";
import { PAGE_SIZES } from "../../features/list/ResourceList";
import { localizeMessage } from "../../i18n/messages";
import { tCount } from "../../i18n/plural";
import { useResourceTitle } from "../../i18n/useResourceTitle";
import { findResource, menuResources } from "../../resources";
import type { ResourceDefinition } from "../../resources/types";
import { type AuditFilterValues, fromAuditFilters, toAuditFilters } from "./auditFilters";

/** Audited tables without a screen of their own still show up in the table filter. */
const EXTRA_TABLES = ["order_items", "permissions"];

const recordPath = (def: ResourceDefinition | undefined, id: string) =>
  def && def.screens?.show !== false && !def.idColumn ? `/${def.route ?? def.name}/${id}` : undefined;

export function AuditPage({ definition: def }: { definition: ResourceDefinition }) {
  const t = useTranslate();
  const tableLabel = useResourceTitle();
  const actionLabel = useActionLabel();
  const { tableProps, searchFormProps, filters, sorters, setFilters, setCurrentPage, tableQuery } = useTable<
    BaseRecord,
    HttpError,
    AuditFilterValues
  >({
    resource: def.name,
    // The search box goes through public.search_audit_log (docs/search.md).
    meta: { search: def.list.search, defaultSort: def.list.defaultSort },
    pagination: { pageSize: 25 },
    sorters: { initial: [def.list.defaultSort] },
    syncWithLocation: true,
  });
  // The table's own search form holds the filter fields (applied by `apply`, which replaces).
  const form = searchFormProps.form;
  const total = tableProps.pagination ? tableProps.pagination.total : undefined;

  const tables = [...menuResources.filter((r) => r.name !== def.name).map((r) => r.name), ...EXTRA_TABLES].map(
    (name) => ({ value: name, label: tableLabel(name) }),
  );

  const actions = ["INSERT", "UPDATE", "DELETE"].map((value) => ({ value, label: actionLabel(value) }));

  const columns = useAuditColumns([
    {
      key: "table",
      dataIndex: "table_name",
      title: t("audit.table", "Table"),
      render: tableLabel,
    },
    {
      key: "record",
      dataIndex: "record_id",
      title: t("audit.record", "Record"),
      // The record by its title, not its key (which shows on hover).
      render: (id: string, entry) => (
        <AuditRecord
          entry={entry as AuditEntry}
          path={entry.action === "DELETE" ? undefined : recordPath(findResource(String(entry.table_name)), id)}
        />
      ),
    },
  ]);

  // The form's filters replace the form's; the search box's words stay.
  const apply = (values: AuditFilterValues) => {
    setFilters([...toAuditFilters(values), ...onlySearch(filters)], "replace");
    setCurrentPage(1);
  };

  const title = t("audit.title", "Audit log");
  useTabTitle(title);

  return (
    <List
      title={title}
      headerButtons={({ defaultButtons }) => (
        <>
          {defaultButtons}
          <ExportButton definition={def} filters={filters} sorters={sorters} />
        </>
      )}
    >
      <Space direction="vertical" style={{ width: "100%" }} size="middle">
        <ListSearchBox
          label={t("audit.search", "Search the audit log")}
          filters={filters}
          setFilters={setFilters}
          setCurrentPage={setCurrentPage}
        />
        <Form
          form={form}
          layout="inline"
          initialValues={fromAuditFilters(filters)}
          onFinish={apply}
          aria-label={t("audit.filters", "Audit log filters")}
          style={{ rowGap: 8 }}
        >
          <Form.Item name="table" label={t("audit.table", "Table")}>
            <Select
              allowClear
              options={tables}
              style={{ minWidth: 160 }}
              placeholder={t("audit.anyTable", "Any table")}
            />
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
                  apply({});
                }}
              >
                {t("audit.clear", "Clear")}
              </Button>
            </Space>
          </Form.Item>
        </Form>
        {tableQuery.isError && (
          <Alert type="error" showIcon message={localizeMessage(tableQuery.error?.message ?? "", t)} />
        )}
        <AuditTable
          {...tableProps}
          columns={columns}
          aria-label={t("audit.title", "Audit log")}
          locale={{ emptyText: t("audit.empty", "No audit entries match.") }}
          pagination={{
            ...tableProps.pagination,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: () =>
              tCount(t, "audit.total", total ?? 0, {
                one: "{{count, number}} entry",
                other: "{{count, number}} entries",
              }),
          }}
        />
      </Space>
    </List>
  );
}
