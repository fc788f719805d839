// Shapes the RPC answers for display without hard-coding their column names.
import { formatMoney, humanize } from "../../views/format";

export interface Kpi {
  key: string;
  title: string;
  value: string;
}

const MONEY_KEY = /revenue|total|amount|value|price/i;

/** `dashboard_kpis()` returns one row (object or one-element array) of named numbers. */
export function toKpis(data: unknown): Kpi[] {
  const row = Array.isArray(data) ? data[0] : data;
  if (!row || typeof row !== "object") return [];
  return Object.entries(row as Record<string, unknown>)
    .filter(([, v]) => typeof v === "number" || (typeof v === "string" && v !== "" && !Number.isNaN(Number(v))))
    .map(([key, v]) => ({
      key,
      title: humanize(key),
      value: MONEY_KEY.test(key) ? formatMoney(v) : Number(v).toLocaleString("en-US"),
    }));
}

export interface Series {
  labels: string[];
  /** Each numeric column of the rows, by name. */
  values: Record<string, number[]>;
}

/** `orders_per_day(days)` rows: the first non-numeric column labels the x axis, the numeric ones are series. */
export function toSeries(rows: unknown): Series {
  const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  if (list.length === 0) return { labels: [], values: {} };
  const keys = Object.keys(list[0]);
  const isNumeric = (key: string) => list.every((r) => r[key] === null || !Number.isNaN(Number(r[key])));
  const labelKey = keys.find((k) => !isNumeric(k)) ?? keys[0];
  const values: Record<string, number[]> = {};
  for (const key of keys.filter((k) => k !== labelKey && isNumeric(k))) {
    values[key] = list.map((r) => Number(r[key] ?? 0));
  }
  return { labels: list.map((r) => String(r[labelKey]).slice(0, 10)), values };
}
