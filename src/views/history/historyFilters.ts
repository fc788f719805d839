// Which audit entries a record's History tab shows: the record's own, and those of the rows
// that belong to it (ResourceDefinition.historyIncludes: an order's items), found by the
// foreign key in the entry's new or old values. One filter set, so the tab pages them together.
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
  // A child's entry never has the parent's key as its record_id, and the parent's own entries
  // have no such foreign key: so "one of these tables, and one of these keys" is exact.
  return [
    { field: "table_name", operator: "in", value: [table, ...children.map((c) => c.table)] },
    {
      operator: "or",
      value: [
        { field: "record_id", operator: "eq", value: key },
        ...children.flatMap((child) =>
          ["new", "old"].map((side) => ({
            field: `${side}->>${child.foreignKey}`,
            operator: "eq" as const,
            value: key,
          })),
        ),
      ],
    },
  ];
}
