// The syntax tree of a PostgREST request. It knows nothing of the schema: names are
// only names until rest/plan resolves them against the schema cache.

/** One step of a JSON/composite path: `->key`, `->>key`, `->0`, `->>-1`. */
export interface JsonStep {
  arrow: "->" | "->>";
  key: string | number;
}

export interface Field {
  name: string;
  json: JsonStep[];
}

export type SelectItem = StarItem | ColumnItem | EmbedItem;

interface StarItem {
  type: "star";
}

export type AggregateFunction = "sum" | "avg" | "count" | "max" | "min";

interface ColumnItem {
  type: "column";
  /** `*` with a count aggregate is `count()`. */
  field: Field;
  alias?: string;
  /** Cast of the column, before any aggregate. */
  cast?: string;
  /** `col.sum()::type`: the aggregate and the cast of its result. */
  aggregate?: { fn: AggregateFunction; cast?: string };
}

export interface EmbedItem {
  type: "embed";
  /** Relation (table/view/FK/column name) to embed. */
  relation: string;
  alias?: string;
  hint?: string;
  joinType?: "inner" | "left";
  spread: boolean;
  select: SelectItem[];
}

export const QUANTIFIABLE_OPS = ["eq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch"] as const;
export const SIMPLE_OPS = ["neq", "cs", "cd", "ov", "sl", "sr", "nxr", "nxl", "adj", "isdistinct"] as const;
export const FTS_OPS = ["fts", "plfts", "phfts", "wfts"] as const;

export type QuantifiableOp = (typeof QUANTIFIABLE_OPS)[number];
export type SimpleOp = (typeof SIMPLE_OPS)[number];
export type FtsOp = (typeof FTS_OPS)[number];
export type IsValue = "null" | "not_null" | "true" | "false" | "unknown";

export type OpExpr =
  | { op: QuantifiableOp; quantifier?: "any" | "all"; value: string }
  | { op: SimpleOp; value: string }
  | { op: "in"; values: string[] }
  | { op: "is"; value: IsValue }
  | { op: FtsOp; config?: string; value: string };

/** `field=[not.]op.value`. */
export interface Filter {
  type: "filter";
  field: Field;
  negated: boolean;
  expr: OpExpr;
}

/** `or=(…)`, `and=(…)`, nested `not.and(…)`. */
export interface LogicTree {
  type: "logic";
  op: "and" | "or";
  negated: boolean;
  children: (LogicTree | Filter)[];
}

export interface OrderTerm {
  /** Set for `rel(col)`: order by a to-one embed's column. */
  relation?: string;
  field: Field;
  direction?: "asc" | "desc";
  nulls?: "first" | "last";
}

/** Something attached to an embed path: `[]` is the root, `["actors"]` is `actors.x=…`. */
interface AtPath<T> {
  path: string[];
  value: T;
}

export interface ApiQuery {
  select: SelectItem[];
  filters: AtPath<Filter>[];
  logic: AtPath<LogicTree>[];
  order: AtPath<OrderTerm[]>[];
  limits: AtPath<number>[];
  offsets: AtPath<number>[];
  /** `columns=` of an insert. */
  columns?: string[];
  onConflict?: string[];
  /**
   * Every non-reserved key with its raw value, in order: RPC GET arguments are picked
   * from here by name once the function is known.
   */
  params: [string, string][];
}
