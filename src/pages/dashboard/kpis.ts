// Shapes the dashboard RPC answers for display: the four KPI cards of dashboard_kpis(),
// the per-day series of orders_per_day(days) and the rows of revenue_by_category(days).

/** The periods the charts can cover, in days (orders_per_day accepts 1–366). */
export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = 30;

/** `?days=` from the address, when it is one of the offered periods. */
export function parsePeriod(value: string | null): Period {
  const days = Number(value);
  return (PERIODS as readonly number[]).includes(days) ? (days as Period) : DEFAULT_PERIOD;
}

export interface KpiDefinition {
  /** Key in dashboard_kpis()'s answer. */
  key: string;
  /** English title; the translation key is `dashboard.kpi.<key>`. */
  title: string;
  money: boolean;
}

export const KPIS: KpiDefinition[] = [
  { key: "orders_today", title: "Orders today", money: false },
  { key: "revenue_30d", title: "Revenue, last 30 days", money: true },
  { key: "pending_orders", title: "Pending orders", money: false },
  { key: "low_stock_products", title: "Low-stock products", money: false },
];

const toNumber = (value: unknown): number | undefined => {
  if (typeof value === "number") return value;
  if (typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value))) return Number(value);
  return undefined;
};

/** dashboard_kpis() answers one JSON object (or a one-element array of it); missing figures are undefined. */
export function toKpiValues(data: unknown): Record<string, number | undefined> {
  const row = Array.isArray(data) ? data[0] : data;
  const source = row && typeof row === "object" ? (row as Record<string, unknown>) : {};
  return Object.fromEntries(KPIS.map((kpi) => [kpi.key, toNumber(source[kpi.key])]));
}

export interface DaySeries {
  days: string[];
  /** Each day's first and last instant (UTC ISO text), for its drill-down link. */
  bounds: { from: string; to: string }[];
  orders: number[];
  revenue: number[];
}

/** orders_per_day(days) rows `{day, day_from, day_to, orders, revenue}` (bigint and numeric arrive as strings or numbers). */
export function toDaySeries(rows: unknown): DaySeries {
  const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  return {
    days: list.map((r) => String(r.day).slice(0, 10)),
    bounds: list.map((r) => ({ from: String(r.day_from), to: String(r.day_to) })),
    orders: list.map((r) => toNumber(r.orders) ?? 0),
    revenue: list.map((r) => toNumber(r.revenue) ?? 0),
  };
}

export interface CategoryRevenue {
  /** null: products without a category. */
  id: number | null;
  name: string | null;
  revenue: number;
  items: number;
}

/** revenue_by_category(days) rows, largest first as the function orders them. */
export function toCategoryRevenue(rows: unknown): CategoryRevenue[] {
  const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  return list.map((r) => ({
    id: r.category_id === null || r.category_id === undefined ? null : Number(r.category_id),
    name: typeof r.category_name === "string" ? r.category_name : null,
    revenue: toNumber(r.revenue) ?? 0,
    items: toNumber(r.items) ?? 0,
  }));
}

/** True when a period has nothing to chart (no orders at all). */
export const isEmptySeries = (series: DaySeries) => series.orders.every((n) => n === 0);
