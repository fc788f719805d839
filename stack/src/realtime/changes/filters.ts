// The `filter` of a postgres_changes binding: `col=op.value`, several joined by `,`
// (AND), with op ∈ eq, neq, lt, lte, gt, gte, in — the grammar Realtime v2.102 accepts.
import type { ValueKind } from "./values.js";

const FILTER_OPS = ["eq", "neq", "lt", "lte", "gt", "gte", "in"] as const;
type FilterOp = (typeof FILTER_OPS)[number];

export interface ColumnFilter {
  column: string;
  op: FilterOp;
  /** One value, or the list for `in`. */
  values: string[];
}

export class FilterParseError extends Error {}

/** Splits on `sep` outside parentheses and double quotes. */
function splitTop(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === "(") depth++;
    else if (!quoted && ch === ")") depth--;
    else if (!quoted && depth === 0 && ch === sep) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function unquote(value: string): string {
  const v = value.trim();
  return v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v;
}

function parseOne(part: string): ColumnFilter {
  const eq = part.indexOf("=");
  const dot = part.indexOf(".", eq + 1);
  const column = part.slice(0, eq).trim();
  const op = part.slice(eq + 1, dot) as FilterOp;
  if (eq <= 0 || dot < 0 || !column || !FILTER_OPS.includes(op)) {
    const shown = part.split(/[=.]/).map((p) => JSON.stringify(p));
    throw new FilterParseError(`Error parsing \`filter\` params: [${shown.join(", ")}]`);
  }
  const raw = part.slice(dot + 1);
  if (op !== "in") return { column, op, values: [unquote(raw)] };
  const list = raw.trim();
  if (!list.startsWith("(") || !list.endsWith(")")) {
    throw new FilterParseError(`Error parsing \`filter\` params: ${JSON.stringify(part)}, expected in.(a,b,…)`);
  }
  return { column, op, values: splitTop(list.slice(1, -1), ",").map(unquote) };
}

export function parseFilter(filter: string | undefined): ColumnFilter[] {
  if (filter === undefined || filter === "") return [];
  return splitTop(filter, ",").map(parseOne);
}

const TIME_KINDS = new Set<ValueKind>(["timestamp", "timestamptz"]);

function timeOf(text: string, kind: ValueKind): number {
  let t = text
    .trim()
    .replace(" ", "T")
    .replace(/([+-]\d\d)$/, "$1:00");
  if (kind === "timestamp" || !/(Z|[+-]\d\d:?\d\d)$/.test(t)) t = `${t.replace(/(Z|[+-]\d\d:?\d\d)$/, "")}Z`;
  return Date.parse(t);
}

/** Orders two values of one column type; NaN when they cannot be compared. */
function compareValues(kind: ValueKind, a: string, b: string): number {
  if (kind === "number") return Number(a) - Number(b);
  if (kind === "bool") {
    const bit = (v: string) => (["t", "true", "1", "y", "yes", "on"].includes(v.toLowerCase()) ? 1 : 0);
    return bit(a) - bit(b);
  }
  if (TIME_KINDS.has(kind)) {
    const diff = timeOf(a, kind) - timeOf(b, kind);
    if (!Number.isNaN(diff)) return diff;
  }
  return a === b ? 0 : a < b ? -1 : 1;
}

function holds(op: FilterOp, cmp: number): boolean {
  if (Number.isNaN(cmp)) return false;
  switch (op) {
    case "eq":
    case "in":
      return cmp === 0;
    case "neq":
      return cmp !== 0;
    case "lt":
      return cmp < 0;
    case "lte":
      return cmp <= 0;
    case "gt":
      return cmp > 0;
    case "gte":
      return cmp >= 0;
  }
}

/** Whether a row (column → Postgres text) passes every filter; a NULL never matches. */
export function rowMatches(
  filters: ColumnFilter[],
  row: Record<string, string | null | undefined>,
  kindOf: (column: string) => ValueKind,
): boolean {
  return filters.every((f) => {
    const value = row[f.column];
    if (value === null || value === undefined) return false;
    const kind = kindOf(f.column);
    if (f.op === "in") return f.values.some((v) => holds("eq", compareValues(kind, value, v)));
    return holds(f.op, compareValues(kind, value, f.values[0]));
  });
}
