// What `opsdesk.describe()` answers (the contract with the database side, docs/any-project.md):
// the tables and views the signed-in operator may read, with their columns, keys, constraints,
// indexes and the admin's settings. The console turns each table into a resource definition
// (definitionFromTable.ts); nothing here is compiled from one project's schema.

export type ColumnCategory =
  | "text"
  | "number"
  | "integer"
  | "boolean"
  | "date"
  | "timestamp"
  | "timestamptz"
  | "time"
  | "interval"
  | "uuid"
  | "json"
  | "enum"
  | "array"
  | "bytea"
  | "vector"
  | "other";

export type TableKind = "table" | "view" | "materialized_view" | "foreign_table" | "partitioned_table";

export interface DescribedElement {
  type: string;
  category: ColumnCategory;
  enum?: string[] | null;
}

export interface DescribedColumn {
  name: string;
  position: number;
  /** format_type(): `public."Order Status"`, `character varying(120)`, `text[]`. */
  type: string;
  category: ColumnCategory;
  element?: DescribedElement | null;
  nullable: boolean;
  default: string | null;
  identity: "always" | "by default" | null;
  generated: "stored" | null;
  max_length: number | null;
  precision: number | null;
  scale: number | null;
  /** The enum's values in their order. */
  enum: string[] | null;
  comment: string | null;
  privileges: { select: boolean; insert: boolean; update: boolean };
}

export interface DescribedForeignKey {
  name: string;
  columns: string[];
  references: { schema: string; table: string; columns: string[] };
}

export interface DescribedIndex {
  name: string;
  method: string;
  columns: string[];
  expression: string | null;
  unique: boolean;
}

export type Language = "en" | "de";
type PerLanguage<T> = Partial<Record<Language, T>>;

export type TableAction = "create" | "edit" | "delete" | "export" | "import";

/** The admin's customisation of a table (the Tables screen); every part optional. */
export interface TableSettings {
  labels?: PerLanguage<{ singular?: string; plural?: string }>;
  field_labels?: Record<string, PerLanguage<string>>;
  help?: Record<string, PerLanguage<string>>;
  title_field?: string | null;
  list_columns?: string[] | null;
  hidden?: string[] | null;
  default_sort?: { field: string; order: "asc" | "desc" } | null;
  actions?: Partial<Record<TableAction, boolean>>;
  file_columns?: Record<string, { bucket: string }>;
  /** The text columns the search reads (else those with a trigram index, else all). */
  search_columns?: string[] | null;
}

export interface DescribedTable {
  schema: string;
  name: string;
  kind: TableKind;
  comment: string | null;
  rls: { enabled: boolean; forced: boolean };
  managed: boolean;
  privileges: { select: boolean; insert: boolean; update: boolean; delete: boolean };
  /** The caller's rows of the matrix for this table. */
  permissions: string[];
  primary_key: string[] | null;
  estimated_rows: number | null;
  columns: DescribedColumn[];
  foreign_keys: DescribedForeignKey[];
  unique: { name: string; columns: string[] }[];
  checks: { name: string; columns: string[]; definition: string }[];
  indexes: DescribedIndex[];
  /** The text columns opsdesk.search reads, and whether trigram indexes serve them all. */
  search?: { columns: string[]; indexed: boolean } | null;
  /** What app users (anon, authenticated) are granted on it: what managing an RLS-off table would expose. */
  exposure?: Record<string, string[]> | null;
  settings?: TableSettings | null;
}

export interface Described {
  version: string;
  schemas: string[];
  roles: string[];
  is_admin?: boolean;
  tables: DescribedTable[];
}
