// The generated list: server-side sort, per-column filters, full-text search, pagination with total.
import { DeleteButton, EditButton, List, ShowButton, useTable } from "@refinedev/antd";
import { type BaseRecord, type CrudFilter, type HttpError, useCan } from "@refinedev/core";
import { Alert, Button, Empty, Input, Space, Table } from "antd";
import { SEARCH_FIELD } from "../providers/dataProvider";
import type { ResourceDefinition } from "../resources/types";
import { buildColumns, initialFilters } from "./columns";
import { idColumnOf, metaFor } from "./select";

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const PAGE_SIZES = [10, 25, 50, 100];
export const DEFAULT_PAGE_SIZE = 25;

const searchValue = (filters: CrudFilter[]) => {
  const found = filters.find((f) => "field" in f && f.field === SEARCH_FIELD);
  return typeof found?.value === "string" ? found.value : undefined;
};

function useAllowed(resource: string) {
  const show = useCan({ resource, action: "show" }).data?.can ?? false;
  const edit = useCan({ resource, action: "edit" }).data?.can ?? false;
  const remove = useCan({ resource, action: "delete" }).data?.can ?? false;
  return { show, edit, delete: remove };
}

export function ResourceList({ definition: def }: { definition: ResourceDefinition }) {
  const { tableProps, sorters, filters, setFilters, setCurrentPage, tableQuery } = useTable<BaseRecord, HttpError>({
    resource: def.name,
    meta: metaFor(def),
    pagination: { pageSize: DEFAULT_PAGE_SIZE },
    sorters: { initial: [def.list.defaultSort] },
    filters: { initial: initialFilters(def) },
    syncWithLocation: true,
  });
  const idColumn = idColumnOf(def);
  const screens = def.screens ?? {};
  // Permissions are per resource, not per row: ask once instead of once per button.
  const allowed = useAllowed(def.name);
  const rowButtons = { accessControl: { enabled: false }, hideText: true, size: "small" as const };
  const columns = buildColumns(def, { sorters, filters, interactive: true });
  const total = tableProps.pagination ? tableProps.pagination.total : undefined;

  return (
    <List title={capitalized(def.label.plural)} canCreate={screens.create !== false}>
      <Space direction="vertical" style={{ width: "100%" }} size="middle">
        {def.list.search && (
          <Input.Search
            aria-label={`Search ${def.label.plural}`}
            placeholder={`Search ${def.label.plural}`}
            allowClear
            enterButton
            defaultValue={searchValue(filters)}
            onSearch={(value) => {
              setFilters([{ field: SEARCH_FIELD, operator: "contains", value }], "merge");
              // New results start on their first page.
              setCurrentPage(1);
            }}
            style={{ maxWidth: 420 }}
          />
        )}
        {tableQuery.isError && (
          <Alert
            type="error"
            showIcon
            message={`Could not load ${def.label.plural}`}
            description={tableQuery.error?.message}
            action={<Button onClick={() => tableQuery.refetch()}>Retry</Button>}
          />
        )}
        <Table
          {...tableProps}
          rowKey={idColumn}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: <Empty description={`No ${def.label.plural} found.`} /> }}
          pagination={{
            ...tableProps.pagination,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: () => `${total ?? 0} ${def.label.plural}`,
          }}
          columns={[
            ...columns,
            {
              key: "actions",
              title: "Actions",
              fixed: "right",
              render: (_, record) => (
                <Space>
                  {screens.show !== false && allowed.show && (
                    <ShowButton {...rowButtons} recordItemId={record[idColumn]} />
                  )}
                  {screens.edit !== false && allowed.edit && (
                    <EditButton {...rowButtons} recordItemId={record[idColumn]} />
                  )}
                  {allowed.delete && (
                    <DeleteButton {...rowButtons} recordItemId={record[idColumn]} meta={metaFor(def)} />
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Space>
    </List>
  );
}
