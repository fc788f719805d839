// The schema cache: what rest/plan resolves names against. Built by load.ts from
// the catalogs; every lookup on the request path is a Map get.
import type { RestSettings } from "./settings.js";

export interface Column {
  name: string;
  /** format_type(): `integer`, `text[]`, `public.mood`, `character varying(20)`. */
  type: string;
  /** pg_type.typname of the column type (for domains: of the base type), e.g. `int4`, `_text`. */
  typname: string;
  typschema: string;
  /** b base, e enum, c composite, r range, m multirange, d domain (resolved), p pseudo. */
  typtype: string;
  /** Element typname for arrays. */
  elemTypname: string | null;
  nullable: boolean;
  /** What an omitted value becomes (PostgREST's column_default): identity → nextval, domain defaults. */
  default: string | null;
  /** Identity (`a`/`d`) or generated (`s`) column. */
  identity: boolean;
  generated: boolean;
  description: string | null;
  enumValues?: string[];
}

export type RelationKind = "table" | "view" | "materialized_view" | "foreign_table" | "partitioned_table";

export interface Relation {
  schema: string;
  name: string;
  kind: RelationKind;
  description: string | null;
  columns: Map<string, Column>;
  /** Columns in table order (for `*`). */
  columnList: Column[];
  pk: string[];
  /** Unique constraints and the PK: valid on_conflict targets. */
  uniques: string[][];
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  relationships: Relationship[];
}

type Cardinality = "m2o" | "o2m" | "o2o" | "m2m";

interface Junction {
  relation: Relation;
  /** FK junction → origin: pairs [junction column, origin column]. */
  originCols: [string, string][];
  /** FK junction → target: pairs [junction column, target column]. */
  targetCols: [string, string][];
  originConstraint: string;
  targetConstraint: string;
}

export interface Relationship {
  cardinality: Cardinality;
  origin: Relation;
  target: Relation;
  /** FK constraint name (for m2m: the junction's FK to the target). */
  constraint: string;
  /** Pairs [origin column, target column] (empty for m2m and computed). */
  cols: [string, string][];
  junction?: Junction;
  /** A computed relationship: this function of the origin row gives the target rows. */
  computed?: { schema: string; name: string };
}

export interface FunctionParam {
  name: string;
  type: string;
  typname: string;
  /** The type's schema and kind (`e` an enum, `c` a composite, `b` base…), for gen-types. */
  typschema: string;
  typtype: string;
  /** An array's element type name (`typname` is then the array type's, `_<elem>`). */
  elemTypname: string | null;
  hasDefault: boolean;
  variadic: boolean;
}

type ReturnKind = "void" | "scalar" | "relation" | "composite";

export interface FunctionDef {
  schema: string;
  name: string;
  oid: number;
  params: FunctionParam[];
  returnType: string;
  returnTypname: string;
  returnsSet: boolean;
  returnKind: ReturnKind;
  /** For returnKind relation: the table/view whose rows it returns. */
  returnRelation?: Relation;
  /** For composite/record results (RETURNS TABLE, OUT params, composite types): the columns. */
  returnColumns: Column[];
  volatility: "immutable" | "stable" | "volatile";
  description: string | null;
}

export interface EnumDef {
  schema: string;
  name: string;
  values: string[];
}

export interface CompositeDef {
  schema: string;
  name: string;
  attributes: { name: string; type: string; typname: string; typschema: string; typtype: string }[];
}

export interface SchemaCache {
  /** Bumped on every reload; plan caches key on it. */
  version: number;
  /** In-database configuration read with the cache (settings.ts). */
  settings: RestSettings;
  schemas: string[];
  relations: Map<string, Relation>;
  functions: Map<string, FunctionDef[]>;
  enums: Map<string, EnumDef>;
  composites: Map<string, CompositeDef>;
}

export function qualifiedKey(schema: string, name: string): string {
  return `${schema}\u0000${name}`;
}

/** A column of no table (a function's scalar result, a name left to Postgres): nullable, no default. */
export function looseColumn(name: string, type: string, typname: string, typtype: string): Column {
  return {
    name,
    type,
    typname,
    typschema: "pg_catalog",
    typtype,
    elemTypname: null,
    nullable: true,
    default: null,
    identity: false,
    generated: false,
    description: null,
  };
}
