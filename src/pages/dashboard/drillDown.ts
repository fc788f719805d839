// Where each dashboard figure leads (issue 14 item 11): the list it summarises, filtered
// in the lists' own URL format (Refine's table params, see src/features/fields/listFilters.ts) on the
// window the figure counted. The windows come from the RPCs themselves (dashboard_kpis'
// `windows`, orders_per_day's day_from/day_to), in UTC to the microsecond, so the list
// counts what the figure counts whatever the browser's time zone.
import { type CrudFilter, stringifyTableParams } from "@refinedev/core";

/** The windows dashboard_kpis() counted its cards over. */
export interface KpiWindows {
  todayFrom: string;
  revenueFrom: string;
  revenueStatuses: string[];
}

/** dashboard_kpis()'s `windows`, or undefined when it did not answer them. */
export function toKpiWindows(data: unknown): KpiWindows | undefined {
  const row = Array.isArray(data) ? data[0] : data;
  const windows = (row as { windows?: Record<string, unknown> } | null)?.windows;
  if (!windows || typeof windows.today_from !== "string" || typeof windows.revenue_from !== "string") return undefined;
  const statuses = Array.isArray(windows.revenue_statuses) ? windows.revenue_statuses.map(String) : [];
  return { todayFrom: windows.today_from, revenueFrom: windows.revenue_from, revenueStatuses: statuses };
}

/** A list's address with these filters, on its first page and default sort. */
export const listLink = (resource: string, filters: CrudFilter[]) =>
  `/${resource}?${stringifyTableParams({ filters, sorters: [], pagination: { currentPage: 1 } })}`;

/** A low-stock product: active with fewer than 10 in stock (dashboard_kpis' rule; stock is whole). */
const LOW_STOCK_MAX = 9;

/** The list behind each KPI card, by dashboard_kpis() key; undefined while its window is unknown. */
export function kpiLink(key: string, windows: KpiWindows | undefined): string | undefined {
  switch (key) {
    case "pending_orders":
      return listLink("orders", [{ field: "status", operator: "in", value: ["pending"] }]);
    case "low_stock_products":
      return listLink("products", [
        { field: "status", operator: "in", value: ["active"] },
        { field: "stock", operator: "lte", value: LOW_STOCK_MAX },
      ]);
    case "orders_today":
      return windows && listLink("orders", [{ field: "placed_at", operator: "gte", value: windows.todayFrom }]);
    case "revenue_30d":
      return (
        windows &&
        listLink("orders", [
          { field: "status", operator: "in", value: windows.revenueStatuses },
          { field: "placed_at", operator: "gte", value: windows.revenueFrom },
        ])
      );
    default:
      return undefined;
  }
}

/** The orders placed within one day of the chart (its first and last instant). */
export const dayLink = (from: string, to: string) =>
  listLink("orders", [
    { field: "placed_at", operator: "gte", value: from },
    { field: "placed_at", operator: "lte", value: to },
  ]);

/** The products of one category of the revenue chart. */
export const categoryLink = (categoryId: number) =>
  listLink("products", [{ field: "category_id", operator: "eq", value: categoryId }]);
