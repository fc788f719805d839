// /audit's list state: Refine's useTable over the audit log, filtered and sorted on the server
// with its filters, sort and page kept in the URL, searched through public.search_audit_log
// (docs/search.md). `apply` puts the filter form's values in place of its previous ones and
// keeps the search box's words (auditFilters.ts converts between the two).
import { useTable } from "@refinedev/antd";
import type { BaseRecord, HttpError } from "@refinedev/core";
import { onlySearch } from "../../features/fields/listFilters";
import type { ResourceDefinition } from "../../resources/types";
import { type AuditFilterValues, toAuditFilters } from "./auditFilters";

export function useAuditLog(def: ResourceDefinition) {
  const table = useTable<BaseRecord, HttpError, AuditFilterValues>({
    resource: def.name,
    // The search box goes through public.search_audit_log (docs/search.md).
    meta: { search: def.list.search, defaultSort: def.list.defaultSort },
    pagination: { pageSize: 25 },
    sorters: { initial: [def.list.defaultSort] },
    syncWithLocation: true,
  });
  const { filters, setFilters, setCurrentPage } = table;

  // The form's filters replace the form's; the search box's words stay.
  const apply = (values: AuditFilterValues) => {
    setFilters([...toAuditFilters(values), ...onlySearch(filters)], "replace");
    setCurrentPage(1);
  };
  return { ...table, apply };
}

export type AuditLog = ReturnType<typeof useAuditLog>;
