// The generated list: server-side sort, per-column filters, full-text search, pagination with
// total, bulk actions on selected rows, CSV export and import, live changes highlighted.
// This file only composes the parts, each in its own file of this folder: the data
// (useResourceListData.ts), the permissions (useListPermissions.ts), the header buttons and
// what sits above the rows (ListToolbar.tsx), the selection and bulk tools
// (useListSelection.ts, ListBulkTools.tsx), the columns (useListTableColumns.tsx) and the
// rows (ResourceListRows.tsx).
import { List } from "@refinedev/antd";
import { useTranslate } from "@refinedev/core";
import { Space } from "antd";
import { useSameValue } from "../../components/useSameValue";
import { useTabTitle } from "../../components/useTabTitle";
import { resourceTitle } from "../../i18n/localizeDefinition";
import { useLocalizedDefinition } from "../../i18n/useLocalizedDefinition";
import type { ResourceDefinition } from "../../resources/types";
import { useListView } from "../savedViews/useListView";
import { ListBulkTools } from "./ListBulkTools";
import { ListToolbar, listHeaderButtons } from "./ListToolbar";
import { withoutSearch } from "./listSearch";
import { ResourceListRows } from "./ResourceListRows";
import { useRowActions } from "./RowActions";
import { useListPermissions } from "./useListPermissions";
import { useListSelection } from "./useListSelection";
import { useListTableColumns } from "./useListTableColumns";
import { useResourceListData } from "./useResourceListData";

export function ResourceList({ definition: def }: { definition: ResourceDefinition }) {
  // Labels in the operator's language for what this screen shows; features get `def` itself.
  const shown = useLocalizedDefinition(def);
  const t = useTranslate();
  // The menu entry's name (not the plural counts use), so both say the same in every language.
  const title = resourceTitle(def, t);
  useTabTitle(title);
  const { table, tableProps, live } = useResourceListData(def);
  const selection = useListSelection(def, table, tableProps.dataSource);
  const allowed = useListPermissions(def.name);
  const view = useListView(def, table);
  const rowActions = useRowActions(def, allowed);
  // Stable between renders that change nothing they depend on (a page change re-renders the
  // list twice before its rows arrive): antd then re-renders rows only for new data. A search
  // changes no column: the columns show only the columns' own filters.
  const columnFilters = useSameValue(withoutSearch(table.filters));
  const columns = useListTableColumns({ def, shown, table, view, columnFilters, allowed, rowActions });
  const { filters, sorters } = table;
  return (
    <List
      title={title}
      canCreate={def.screens?.create !== false}
      headerButtons={({ defaultButtons }) => listHeaderButtons({ def, filters, sorters, children: defaultButtons })}
    >
      <Space direction="vertical" style={{ width: "100%" }} size="middle">
        <ListToolbar def={def} shown={shown} table={table} view={view} />
        <ListBulkTools
          def={def}
          selection={selection}
          table={table}
          pageRows={tableProps.dataSource}
          total={tableProps.pagination ? tableProps.pagination.total : undefined}
        />
        <ResourceListRows
          def={def}
          shown={shown}
          table={table}
          tableProps={tableProps}
          columns={columns}
          rowSelection={selection.rowSelection}
          live={live}
        />
      </Space>
    </List>
  );
}
