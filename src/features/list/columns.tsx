// antd Table columns from a definition: server-side sorting, per-column filters, renderers.
import { getDefaultSortOrder } from "@refinedev/antd";
import type { BaseRecord, CrudFilter, CrudSort } from "@refinedev/core";
import type { ColumnType } from "antd/es/table";
import type { FilterValue } from "antd/es/table/interface";
import type { ReactNode } from "react";
import { fieldsByName } from "../../lib/select";
import type { FieldDefinition, ResourceDefinition } from "../../resources/types";
import { type FieldKind, kindOf, renderField } from "../fields/fieldKinds";
import { dropdownValueOf, type FilterMode } from "../fields/listFilters";
import { AuditChanges, AuditTableName } from "../history/AuditColumns";
import { AuditRecord } from "../history/AuditRecord";
import type { AuditEntry } from "../history/diff";
import { ColumnFilter } from "./ColumnFilter";

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

/** The class of a column whose values do not wrap (ListTable.css). */
const NOWRAP = "list-nowrap";
const ONE_PIECE = new Set(["number", "money", "enum", "boolean", "id"]);

/**
 * A value read as one piece stays on one line where a list fits its columns by wrapping: an
 * amount, a status, a code whose rule allows no spaces (a SKU broke at its dash).
 */
export const keepsTogether = (field: FieldDefinition) =>
  ONE_PIECE.has(field.type) ||
  (field.type === "text" && field.pattern !== undefined && !/ |\\s/.test(field.pattern.source));

/** The filter of a column the list filters by, if any. */
export function filterOf(def: ResourceDefinition, field: FieldDefinition): FieldKind["filter"] {
  return def.list.filters?.includes(field.name) ? kindOf(field).filter : undefined;
}

/** How each filter column of a list filters: what turns antd's dropdown values into the list's filters. */
export function filterModes(def: ResourceDefinition): Record<string, FilterMode> {
  return Object.fromEntries(
    def.fields.flatMap((field) => {
      const filter = filterOf(def, field);
      return filter ? [[field.name, filter.mode]] : [];
    }),
  );
}

/** A cell of a list: the field's kind renders it, but for the audit log's record, changes and table (features/history). */
export function renderCell(field: FieldDefinition, record: BaseRecord): ReactNode {
  if (field.audit === "record") return <AuditRecord entry={record as AuditEntry} />;
  if (field.audit === "changes") return <AuditChanges entry={record as AuditEntry} />;
  if (field.audit === "table") return <AuditTableName entry={record as AuditEntry} />;
  return renderField(field, record);
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
    className: keepsTogether(field) ? NOWRAP : undefined,
    render: (_value, record) => renderCell(field, record),
  };
  if (!state.interactive) return column;
  const sortable = field.type !== "json" && field.type !== "tags" && field.type !== "image";
  if (sortable) {
    column.sorter = true;
    column.defaultSortOrder = getDefaultSortOrder(field.name, state.sorters);
  }
  const filter = filterOf(def, field);
  if (filter) {
    column.filteredValue = dropdownValueOf(state.filters, field.name, filter.mode) as FilterValue | null;
    column.filterDropdownProps = FILTER_DROPDOWN_PROPS;
    column.filterDropdown = (props) => (
      <ColumnFilter {...props} mapValue={filter.mapValue}>
        {filter.input(field)}
      </ColumnFilter>
    );
  }
  return column;
}

export function buildColumns(def: ResourceDefinition, state: ColumnState, names = def.list.columns) {
  return fieldsByName(def, names).map((field) => buildColumn(def, field, state));
}
