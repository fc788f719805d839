// The generated list: server-side sort, per-column filters, full-text search, pagination with total.
import { List, useTable } from "@refinedev/antd";
import { type BaseRecord, type CrudFilter, type HttpError, useCan, useTranslate } from "@refinedev/core";
import { Alert, Button, Empty, Form, Input, Space, Typography } from "antd";
import { useMemo } from "react";
import { DefinitionNotices } from "../../components/DefinitionNotices";
import { useSameValue } from "../../components/useSameValue";
import { useTabTitle } from "../../components/useTabTitle";
import { localizeMessage } from "../../i18n/messages";
import { useLocalizedDefinition } from "../../i18n/useLocalizedDefinition";
import { idColumnOf, metaFor } from "../../lib/select";
import { SEARCH_FIELD } from "../../providers/dataProvider";
import type { ResourceDefinition } from "../../resources/types";
import { BulkBar, useBulkActions } from "../bulk/BulkBar";
import { SelectAllMatching } from "../bulk/SelectAllMatching";
import { useBulkSelection } from "../bulk/useBulkSelection";
import { ExportButton } from "../csv/ExportButton";
import { ImportButton } from "../csv/ImportButton";
import { useLiveHighlights } from "../live/useLiveHighlights";
import { SavedViewsBar } from "../savedViews/SavedViewsBar";
import { useListView } from "../savedViews/useListView";
import { FilterChips } from "./FilterChips";
import { ListTable } from "./ListTable";
import { ListTotal } from "./ListTotal";
import { ResizableHeaderCell } from "./ResizableHeaderCell";
import { useRowActions } from "./RowActions";
import { useListTableColumns } from "./useListTableColumns";
import { useNextPagePrefetch } from "./useNextPagePrefetch";
import { useShownRows } from "./useShownRows";

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const PAGE_SIZES = [10, 25, 50, 100];
const TABLE_COMPONENTS = { header: { cell: ResizableHeaderCell } };
export const DEFAULT_PAGE_SIZE = 25;
/** The checkbox column's width as antd laid it out beside a fixed column (it is 32 px otherwise). */
const SELECTION_COLUMN_WIDTH = 48;

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
  const t = useTranslate();
  // Labels in the operator's language for what this screen shows; features get `def` itself.
  const shown = useLocalizedDefinition(def);
  const plural = shown.label.plural;
  useTabTitle(capitalized(plural));
  const live = useLiveHighlights(idColumnOf(def));
  const meta = useMemo(() => metaFor(def), [def]);
  const table = useTable<BaseRecord, HttpError, { q?: string }>({
    resource: def.name,
    meta,
    pagination: { pageSize: DEFAULT_PAGE_SIZE },
    sorters: { initial: [def.list.defaultSort] },
    // No initial filters: the state, and so the URL, holds only the active ones.
    syncWithLocation: true,
    onLiveEvent: live.onLiveEvent,
    // The search box is the table's search form; an emptied box drops the filter (and
    // Refine starts the new results on page 1).
    onSearch: ({ q }) => [{ field: SEARCH_FIELD, operator: "contains", value: q || undefined }],
  });
  const { searchFormProps, sorters, filters, tableQuery, setFilters, setCurrentPage, currentPage, pageSize } = table;
  const idColumn = idColumnOf(def);
  const tableProps = useShownRows(def, table);
  // "Select all matching" holds for the list as it was: another filter, search, sort or page ends it.
  const listState = JSON.stringify([filters, sorters, currentPage, pageSize]);
  const bulk = useBulkSelection(idColumn, tableProps.dataSource, listState);
  const bulkActions = useBulkActions(def);
  // Permissions are per resource, not per row: ask once instead of once per button.
  const allowed = useAllowed(def.name);
  const view = useListView(def, table);
  const rowActions = useRowActions(def, allowed);
  // Stable between renders that change nothing they depend on (a page change re-renders the
  // list twice before its rows arrive): antd then re-renders rows only for new data. A search
  // changes no column: the columns show only the columns' own filters.
  const columnFilters = useSameValue(filters.filter((f) => !("field" in f) || f.field !== SEARCH_FIELD));
  const columns = useListTableColumns({ def, shown, table, view, columnFilters, allowed, rowActions });
  const rowSelection = useMemo(
    () => ({
      ...bulk.rowSelection,
      columnWidth: SELECTION_COLUMN_WIDTH,
      // antd passes unknown props on to the checkbox input; its types leave aria-* out.
      getCheckboxProps: (record: BaseRecord) =>
        ({ "aria-label": t("list.selectRow", { title: record[def.titleField] }, "Select {{title}}") }) as object,
    }),
    [bulk.rowSelection, t, def.titleField],
  );
  const total = tableProps.pagination ? tableProps.pagination.total : undefined;
  useNextPagePrefetch({
    resource: def.name,
    meta,
    filters,
    sorters,
    currentPage,
    pageSize,
    total: table.tableProps.pagination ? table.tableProps.pagination.total : undefined,
    settled: tableQuery.isSuccess && !tableQuery.isFetching && !tableQuery.isPlaceholderData,
  });
  const approximate = tableQuery.data?.approximate === true;
  const pagination = tableProps.pagination && {
    ...tableProps.pagination,
    pageSizeOptions: PAGE_SIZES,
    showSizeChanger: true,
    showTotal: () => (
      <ListTotal total={total ?? 0} approximate={approximate} singular={shown.label.singular} plural={plural} />
    ),
  };
  // A list that could not be read says so above the table, never "No products found.".
  const failed = tableQuery.isError && !tableQuery.data;
  const tableLocale = useMemo(
    () => ({ emptyText: failed ? " " : <Empty description={t("list.empty", { plural }, "No {{plural}} found.")} /> }),
    [t, plural, failed],
  );

  return (
    <List
      title={capitalized(plural)}
      canCreate={def.screens?.create !== false}
      headerButtons={({ defaultButtons }) => (
        <>
          {defaultButtons}
          <ExportButton definition={def} filters={filters} sorters={sorters} />
          <ImportButton definition={def} />
        </>
      )}
    >
      <Space direction="vertical" style={{ width: "100%" }} size="middle">
        {def.description && <Typography.Paragraph type="secondary">{def.description}</Typography.Paragraph>}
        <DefinitionNotices definition={def} />
        <SavedViewsBar definition={def} view={view} />
        {/* Always mounted (Refine's useTable creates its form); no <form> element: the box submits itself. */}
        <Form {...searchFormProps} component={false} initialValues={{ q: searchValue(filters) }}>
          {def.list.search && (
            <Form.Item name="q" noStyle>
              <Input.Search
                data-list-search
                aria-label={t("list.search", { plural }, "Search {{plural}}")}
                placeholder={t("list.search", { plural }, "Search {{plural}}")}
                allowClear
                enterButton
                onSearch={() => searchFormProps.form?.submit()}
                style={{ maxWidth: 420 }}
              />
            </Form.Item>
          )}
        </Form>
        {tableQuery.isError && (
          <Alert
            type="error"
            showIcon
            message={t("list.loadError", { plural }, "Could not load {{plural}}")}
            description={localizeMessage(tableQuery.error?.message ?? "", t)}
            action={<Button onClick={() => tableQuery.refetch()}>{t("list.retry", "Retry")}</Button>}
          />
        )}
        <FilterChips definition={shown} filters={filters} setFilters={setFilters} setCurrentPage={setCurrentPage} />
        <BulkBar definition={def} selection={bulk} list={{ filters, sorters }} />
        {bulkActions.any && (
          <SelectAllMatching
            definition={def}
            selection={bulk}
            pageRows={tableProps.dataSource}
            total={total}
            filters={filters}
          />
        )}
        <ListTable
          {...tableProps}
          rowKey={idColumn}
          components={TABLE_COMPONENTS}
          rowSelection={rowSelection}
          rowClassName={live.rowClassName}
          locale={tableLocale}
          pagination={pagination}
          columns={columns}
        />
      </Space>
    </List>
  );
}
