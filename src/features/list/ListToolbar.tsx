// What a generated list shows above its rows: the header's CSV buttons beside Create
// (listHeaderButtons), then the definition's description and notices, the saved views, the
// search box, a read that failed (with Retry, never an empty "No products found.") and the
// active filters as chips (FilterChips.tsx).
import { type CrudFilter, type CrudSort, useTranslate } from "@refinedev/core";
import { Alert, Button, Form, Input, Typography } from "antd";
import type { ReactNode } from "react";
import { DefinitionNotices } from "../../components/DefinitionNotices";
import { localizeMessage } from "../../i18n/messages";
import type { ResourceDefinition } from "../../resources/types";
import { ExportButton } from "../csv/ExportButton";
import { ImportButton } from "../csv/ImportButton";
import { SavedViewsBar } from "../savedViews/SavedViewsBar";
import type { useListView } from "../savedViews/useListView";
import { FilterChips } from "./FilterChips";
import { searchValue } from "./listSearch";
import type { ListState } from "./useResourceListData";

interface HeaderProps {
  def: ResourceDefinition;
  filters: CrudFilter[];
  sorters: CrudSort[];
  /** Refine's own header buttons (Create, when the screen allows it). */
  children: ReactNode;
}

/**
 * A function, not a component: Refine puts the header buttons in a wrapping antd Space, which
 * makes each child its own item only when it sees them as children of a fragment. As one
 * component they were one item that never wrapped, 431 px wide on a 390 px phone.
 */
export function listHeaderButtons({ def, filters, sorters, children }: HeaderProps) {
  return (
    <>
      {children}
      <ExportButton definition={def} filters={filters} sorters={sorters} />
      <ImportButton definition={def} />
    </>
  );
}

interface Props {
  def: ResourceDefinition;
  /** `def` with labels in the operator's language. */
  shown: ResourceDefinition;
  table: ListState;
  view: ReturnType<typeof useListView>;
}

export function ListToolbar({ def, shown, table, view }: Props) {
  const t = useTranslate();
  const { searchFormProps, filters, tableQuery, setFilters, setCurrentPage } = table;
  const plural = shown.label.plural;
  return (
    <>
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
    </>
  );
}
