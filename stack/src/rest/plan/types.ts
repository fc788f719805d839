// A request resolved against the schema cache: every name is a known column,
// relation or function. rest/sql compiles these to SQL.
import type { AggregateFunction, JsonStep, OpExpr } from "../parse/types.js";
import type { Column, FunctionDef, FunctionParam, Relation, Relationship } from "../schema/types.js";

export type Condition =
  | { kind: "op"; column: Column; json: JsonStep[]; negated: boolean; expr: OpExpr }
  | { kind: "logic"; op: "and" | "or"; negated: boolean; children: Condition[] }
  /** `emb=is.null` / `emb=not.is.null`: the embed has (no) rows. */
  | { kind: "embedNull"; embed: ReadNode; isNull: boolean };

export type Output =
  | {
      kind: "column";
      name: string;
      /** `count()` reads no column: its column is COUNT_STAR. */
      column: Column;
      json: JsonStep[];
      cast?: string;
      aggregate?: { fn: AggregateFunction; cast?: string };
    }
  | { kind: "embed"; name: string; node: ReadNode }
  /** `...rel(cols)`: the embed's outputs lifted into the parent (for a to-many embed, each as an array). */
  | { kind: "spread"; node: ReadNode };

export type OrderItem = {
  column: Column;
  json: JsonStep[];
  direction?: "asc" | "desc";
  nulls?: "first" | "last";
  /** Order by a column of this to-one embed. */
  embed?: ReadNode;
};

/** Where rows come from: a table/view, or the CTE holding DML/function results. */
export type Source = { kind: "relation"; relation: Relation } | { kind: "cte"; name: string };

export interface ReadNode {
  source: Source;
  /** The SQL alias rows are read under, PostgREST's: the relation's name, `<target>_<depth>` for embeds. */
  alias: string;
  /** Row shape: the relation whose columns may be named. */
  relation: Relation;
  outputs: Output[];
  conditions: Condition[];
  order: OrderItem[];
  limit?: number;
  offset?: number;
  /** Embeds only: how this node joins its parent. */
  embed?: { name: string; relationship: Relationship; toOne: boolean; inner: boolean };
  /** Embeds selected under this node (also reachable through outputs). */
  children: ReadNode[];
}

export interface WriteBody {
  /** The JSON text sent to Postgres as one parameter (an array of objects). */
  json: string;
  columns: Column[];
}

export type MutationPlan =
  | {
      kind: "insert";
      relation: Relation;
      body: WriteBody;
      onConflict?: { columns: string[]; action: "update" | "nothing" };
      missingDefault: boolean;
      /** PUT: only the payload row matching the URL's key filter is written (at most one). */
      payloadConditions?: Condition[];
    }
  | { kind: "update"; relation: Relation; body: WriteBody; conditions: Condition[] }
  | { kind: "delete"; relation: Relation; conditions: Condition[] };

export interface RpcCall {
  fn: FunctionDef;
  /** Named arguments taken from a JSON object, or the one unnamed parameter that gets the whole body. */
  args: { kind: "named"; params: FunctionParam[]; json: string } | { kind: "body"; value: string } | { kind: "none" };
}
