// The /audit filter form ↔ the list's filters (kept in the URL): table, record, actor
// (e-mail contains), actions (any of them) and a time range of whole days.
import type { CrudFilter } from "@refinedev/core";
import dayjs, { type Dayjs } from "dayjs";

export interface AuditFilterValues {
  table?: string;
  recordId?: string;
  actor?: string;
  actions?: string[];
  range?: [Dayjs | null, Dayjs | null] | null;
}

const trimmed = (value: string | undefined) => value?.trim() || undefined;

export function toAuditFilters(values: AuditFilterValues): CrudFilter[] {
  const [from, to] = values.range ?? [];
  const table = trimmed(values.table);
  const recordId = trimmed(values.recordId);
  const actor = trimmed(values.actor);
  return [
    ...(table ? [{ field: "table_name", operator: "eq", value: table } as const] : []),
    ...(recordId ? [{ field: "record_id", operator: "eq", value: recordId } as const] : []),
    ...(actor ? [{ field: "actor_email", operator: "contains", value: actor } as const] : []),
    ...(values.actions?.length ? [{ field: "action", operator: "in", value: values.actions } as const] : []),
    ...(from ? [{ field: "at", operator: "gte", value: from.startOf("day").toISOString() } as const] : []),
    ...(to ? [{ field: "at", operator: "lte", value: to.endOf("day").toISOString() } as const] : []),
  ];
}

function actionsOf(filters: CrudFilter[]): string[] | undefined {
  const found = filters.find((f) => "field" in f && f.field === "action" && f.operator === "in");
  return Array.isArray(found?.value) && found.value.length > 0 ? found.value.map(String) : undefined;
}

export function fromAuditFilters(filters: CrudFilter[]): AuditFilterValues {
  const value = (field: string, operator: string) => {
    const found = filters.find((f) => "field" in f && f.field === field && f.operator === operator);
    return found && typeof found.value === "string" && found.value !== "" ? found.value : undefined;
  };
  const from = value("at", "gte");
  const to = value("at", "lte");
  return {
    table: value("table_name", "eq"),
    recordId: value("record_id", "eq"),
    actor: value("actor_email", "contains"),
    actions: actionsOf(filters),
    range: from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined,
  };
}
