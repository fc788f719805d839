// antd Table columns from a definition: server-side sorting, per-column filters, renderers.
import { FilterDropdown, getDefaultSortOrder, rangePickerFilterMapper } from "@refinedev/antd";
import type { BaseRecord, CrudFilter, CrudSort } from "@refinedev/core";
import type { ColumnType } from "antd/es/table";
import type { FilterValue } from "antd/es/table/interface";
import { fieldsByName } from "../lib/select";
import type { FieldDefinition, ResourceDefinition } from "../resources/types";
import { kindOf, renderField } from "./fieldKinds";

export interface ColumnState {
  sorters: CrudSort[];
  filters: CrudFilter[];
  /** Without state (related lists): no sorting or filter dropdowns. */
  interactive: boolean;
}

/**
 * A filter's dropdown opens centred under its funnel, which antd shifts sideways to stay in
 * the viewport; aligned to the funnel's right (antd's default), a middle column's dropdown
 * fits neither side at phone width, and was cut off at the left edge.
 */
const FILTER_DROPDOWN_PROPS: ColumnType<BaseRecord>["filterDropdownProps"] = { placement: "bottom" };

/** The filter a column currently applies, as antd's `filteredValue`. */
function currentFilterValue(filters: CrudFilter[], field: string): FilterValue | null {
  const match = filters.find((f) => "field" in f && f.field === field);
  if (!match || match.value === undefined || match.value === null || match.value === "") return null;
  return (Array.isArray(match.value) ? match.value : [match.value]) as FilterValue;
}

/** Operators of the columns a list filters, given to useTable so column filters use them. */
export function initialFilters(def: ResourceDefinition): CrudFilter[] {
  return fieldsByName(def, def.list.filters ?? []).flatMap((field) => {
    const filter = kindOf(field).filter;
    return filter ? [{ field: field.name, operator: filter.operator, value: undefined }] : [];
  });
}

export function buildColumn(
  def: ResourceDefinition,
  field: FieldDefinition,
  state: ColumnState,
): ColumnType<BaseRecord> {
  // One key for sorting and filtering: the column name (reference sorting is aliased in the data provider).
  const column: ColumnType<BaseRecord> = {
    key: field.name,
    dataIndex: field.name,
    title: field.label,
    render: (_value, record) => renderField(field, record),
  };
  if (!state.interactive) return column;
  const sortable = field.type !== "json" && field.type !== "tags" && field.type !== "image";
  if (sortable) {
    column.sorter = true;
    column.defaultSortOrder = getDefaultSortOrder(field.name, state.sorters);
  }
  const filter = kindOf(field).filter;
  if (filter && def.list.filters?.includes(field.name)) {
    column.filteredValue = currentFilterValue(state.filters, field.name);
    column.filterDropdownProps = FILTER_DROPDOWN_PROPS;
    column.filterDropdown = (props) => (
      <FilterDropdown {...props} mapValue={filter.operator === "between" ? rangePickerFilterMapper : undefined}>
        {filter.input(field)}
      </FilterDropdown>
    );
  }
  return column;
}

export function buildColumns(def: ResourceDefinition, state: ColumnState, names = def.list.columns) {
  return fieldsByName(def, names).map((field) => buildColumn(def, field, state));
}
