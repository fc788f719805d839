// A list's sort and filters on a phone, where its rows are cards (RecordCard.tsx) and there
// are no column headers to click: "Sort by" a column of the list, either way, and "Filters",
// a drawer with every filter the columns have (the same inputs, modes and URL as the column
// filters: listFilters.ts), applied together; a new sort or filter starts on page 1.
import { FilterOutlined, SortAscendingOutlined, SortDescendingOutlined } from "@ant-design/icons";
import { type CrudFilter, type CrudSort, useTranslate } from "@refinedev/core";
import { Badge, Button, Drawer, Form, Select, Space } from "antd";
import { useState } from "react";
import { fieldsByName } from "../../lib/select";
import type { ResourceDefinition } from "../../resources/types";
import { activeFilterGroups, dropdownValueOf, filtersOfColumn } from "../fields/listFilters";
import { FilterInput } from "./ColumnFilter";
import { filterOf } from "./columns";

interface Props {
  /** The definition as shown (labels in the operator's language). */
  definition: ResourceDefinition;
  columns: string[];
  sorters: CrudSort[];
  filters: CrudFilter[];
  setSorters: (sorters: CrudSort[]) => void;
  setFilters: (filters: CrudFilter[], behavior?: "merge" | "replace") => void;
  setCurrentPage: (page: number) => void;
}

const UNSORTABLE = new Set(["json", "tags", "image"]);

export function PhoneListTools({
  definition: def,
  columns,
  sorters,
  filters,
  setSorters,
  setFilters,
  setCurrentPage,
}: Props) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const sortable = fieldsByName(def, columns).filter((field) => !UNSORTABLE.has(field.type));
  const filterable = def.fields.filter((field) => filterOf(def, field));
  const [sorter] = sorters;
  const active = activeFilterGroups(filters).filter((group) => filterable.some((f) => f.name === group.field)).length;

  const sortBy = (next: CrudSort) => {
    setSorters([next]);
    setCurrentPage(1);
  };

  return (
    <Space wrap size={8} className="phone-list-tools">
      <Select
        aria-label={t("list.sortBy", "Sort by")}
        prefix={t("list.sortBy", "Sort by")}
        size="small"
        value={sorter?.field}
        options={sortable.map((field) => ({ value: field.name, label: field.label }))}
        onChange={(field: string) => sortBy({ field, order: sorter?.order ?? "asc" })}
        popupMatchSelectWidth={false}
      />
      {sorter && (
        <Button
          size="small"
          icon={sorter.order === "desc" ? <SortDescendingOutlined /> : <SortAscendingOutlined />}
          aria-label={
            sorter.order === "desc" ? t("list.sortDescending", "Descending") : t("list.sortAscending", "Ascending")
          }
          title={
            sorter.order === "desc" ? t("list.sortDescending", "Descending") : t("list.sortAscending", "Ascending")
          }
          onClick={() => sortBy({ field: sorter.field, order: sorter.order === "desc" ? "asc" : "desc" })}
        />
      )}
      {filterable.length > 0 && (
        <Badge count={active} size="small">
          <Button size="small" icon={<FilterOutlined />} onClick={() => setOpen(true)}>
            {t("list.filters", "Filters")}
          </Button>
        </Badge>
      )}
      {open && (
        <FilterDrawer
          definition={def}
          filters={filters}
          onClose={() => setOpen(false)}
          onApply={(next) => {
            setFilters(next, "merge");
            setCurrentPage(1);
            setOpen(false);
          }}
        />
      )}
    </Space>
  );
}

function FilterDrawer({
  definition: def,
  filters,
  onClose,
  onApply,
}: {
  definition: ResourceDefinition;
  filters: CrudFilter[];
  onClose: () => void;
  onApply: (filters: CrudFilter[]) => void;
}) {
  const t = useTranslate();
  const filterable = def.fields.flatMap((field) => {
    const filter = filterOf(def, field);
    return filter ? [{ field, filter }] : [];
  });
  // Each filter's value as its column's dropdown holds it (an array of keys).
  const [keys, setKeys] = useState<Record<string, unknown[]>>(() =>
    Object.fromEntries(
      filterable.map(({ field, filter }) => [field.name, dropdownValueOf(filters, field.name, filter.mode) ?? []]),
    ),
  );
  const collect = (values: Record<string, unknown[]>) =>
    filterable.flatMap(({ field, filter }) => filtersOfColumn(field.name, filter.mode, values[field.name] ?? []));

  return (
    <Drawer
      open
      placement="bottom"
      height="auto"
      title={t("list.filters", "Filters")}
      onClose={onClose}
      styles={{ body: { maxHeight: "70vh", overflow: "auto" } }}
      footer={
        <Space style={{ width: "100%", justifyContent: "flex-end" }}>
          <Button
            onClick={() =>
              onApply(collect(Object.fromEntries(filterable.map(({ field }) => [field.name, [] as unknown[]]))))
            }
          >
            {t("list.clearFilters", "Clear all")}
          </Button>
          <Button type="primary" icon={<FilterOutlined />} onClick={() => onApply(collect(keys))}>
            {t("buttons.filter", "Filter")}
          </Button>
        </Space>
      }
    >
      <Form
        layout="vertical"
        component="div"
        onKeyDown={(event) => {
          const target = event.target as HTMLElement;
          if (event.key === "Enter" && target.getAttribute("aria-expanded") !== "true") onApply(collect(keys));
        }}
      >
        {filterable.map(({ field, filter }) => (
          <Form.Item key={field.name} label={field.label} style={{ marginBottom: 12 }}>
            <FilterInput
              keys={keys[field.name] ?? []}
              setKeys={(next) => setKeys((current) => ({ ...current, [field.name]: next }))}
              mapValue={filter.mapValue}
            >
              {filter.input(field)}
            </FilterInput>
          </Form.Item>
        ))}
      </Form>
    </Drawer>
  );
}
