// Which audit entries a record's History tab shows: the record's own, and those of the rows
// that belong to it (ResourceDefinition.historyIncludes: an order's items). One filter set, so
// the tab pages them together.
import type { BaseKey, CrudFilter } from "@refinedev/core";
import type { ResourceDefinition } from "../../resources/types";

export function historyFilters(def: ResourceDefinition | undefined, table: string, recordId: BaseKey): CrudFilter[] {
  const key = String(recordId);
  const children = def?.historyIncludes ?? [];
  if (children.length === 0) {
    return [
      { field: "table_name", operator: "eq", value: table },
      { field: "record_id", operator: "eq", value: key },
    ];
  }
  // The database names, for each entry of the record and of its rows, whose History it
  // belongs to (audit_log.history_of, migration 20250704100000): one indexed, exact filter.
  return [
    { field: "table_name", operator: "in", value: [table, ...children.map((c) => c.table)] },
    { field: "history_of", operator: "eq", value: key },
  ];
}
