// What Opsdesk's functions in a project's database answer (install/sql, the contract in
// docs/any-project.md): describe(), my_access() and the generic operator RPCs. Written by the
// database side; the console imports these types and generates its screens from the answers.

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
  /** Generated columns are shown, never sent. */
  generated: "stored" | "virtual" | null;
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
  exposure?: Record<"anon" | "authenticated", Privilege[]> | null;
  /** Views: whether it runs with the caller's rights (then its tables' RLS applies); null for tables. */
  security_invoker?: boolean | null;
  settings?: TableSettings | null;
}

export type Privilege = "select" | "insert" | "update" | "delete";

export interface Described {
  version: string;
  schemas: string[];
  roles: string[];
  is_admin?: boolean;
  tables: DescribedTable[];
}

export type MatrixAction = "list" | "show" | "create" | "edit" | "delete" | "export" | "import";

/** opsdesk.my_access(): `role` is null for a non-operator; permissions keyed "<schema>.<table>". */
export interface MyAccess {
  user_id: string | null;
  role: string | null;
  active: boolean;
  is_admin: boolean;
  mfa_ok: boolean;
  permissions: Record<string, MatrixAction[]>;
}

/** A record's key: its primary key's columns and values, also for a composite key. */
export type RecordKey = Record<string, unknown>;

/** A row the database refused: the parts of its error (`hint` carries an OPSDESK_* code where Opsdesk raised it). */
export interface RowError {
  code: string;
  hint: string | null;
  message: string;
  details: string | null;
  constraint: string | null;
  column: string | null;
}

/** opsdesk.bulk_write(). */
export interface BulkWriteResult {
  changed: RecordKey[];
  refused: (RowError & { key: RecordKey })[];
}

/** opsdesk.import_rows(). */
export interface ImportResult {
  inserted: number;
  committed: boolean;
  errors: (RowError & { row: number; label?: string; ambiguous?: boolean })[];
  truncated: boolean;
}

/** opsdesk.search() and opsdesk.search_count(). */
export interface SearchPage {
  rows: Record<string, unknown>[];
}
export interface SearchCount {
  total: number;
  approximate: boolean;
}

/** A row of opsdesk.audit_log (opsdesk.history() returns them newest first). */
export interface AuditEntry {
  id: number;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  schema_name: string;
  table_name: string;
  record_id: string | null;
  record_key: RecordKey | null;
  action: "INSERT" | "UPDATE" | "DELETE";
  old: Record<string, unknown> | null;
  new: Record<string, unknown> | null;
  changed: string[] | null;
}

/** opsdesk.manage_table(). */
export interface ManageResult {
  schema: string;
  table: string;
  granted: Privilege[];
  restricted: Privilege[];
  rls: boolean;
  exposure: Record<"anon" | "authenticated", Privilege[]>;
}

/** opsdesk.record_presence() / record_presence_leave(), and the `viewers` broadcast on
 *  `opsdesk:record:<schema>:<table>:<record_id>`: one entry per active operator. */
export interface RecordViewers {
  viewers: { user_id: string; name: string | null; mode: "viewing" | "editing"; tabs: string[] }[];
  /** Increasing per record in commit order: keep the answer with the highest. */
  version: number;
}

/** A row of opsdesk.operator_list() (admins). */
export interface OperatorListEntry {
  user_id: string;
  email: string | null;
  full_name: string | null;
  role: string;
  active: boolean;
  created_at: string;
  last_sign_in_at: string | null;
  invited_at: string | null;
  mfa: boolean;
  /** Null while the account has not followed its invitation (or another confirmation) link (install 0002). */
  email_confirmed_at: string | null;
  /** opsdesk-admin made the account for its invitation: revoking that invitation deletes it (install 0002). */
  opsdesk_invited: boolean;
}

/** A bucket a file column names, with its limits (`opsdesk.file_buckets()`, install 0003). */
export interface FileBucket {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

/** The codes Opsdesk raises in an error's `hint` (docs/any-project.md, "Error codes"). */
export const OPSDESK_ERROR_CODES = [
  "OPSDESK_NOT_SIGNED_IN",
  "OPSDESK_NOT_OPERATOR",
  "OPSDESK_NOT_ADMIN",
  "OPSDESK_FORBIDDEN",
  "OPSDESK_NO_SUCH_TABLE",
  "OPSDESK_NOT_MANAGED",
  "OPSDESK_NOT_MANAGEABLE",
  "OPSDESK_NOT_OWNER",
  "OPSDESK_RLS_OFF",
  "OPSDESK_NO_KEY",
  "OPSDESK_KEY_MISSING",
  "OPSDESK_ROWS_NOT_LIST",
  "OPSDESK_TOO_MANY_ROWS",
  "OPSDESK_BAD_ACTION",
  "OPSDESK_NO_CHANGES",
  "OPSDESK_UNKNOWN_COLUMN",
  "OPSDESK_READ_ONLY_COLUMN",
  "OPSDESK_NOT_A_REFERENCE",
  "OPSDESK_BAD_FILTER",
  "OPSDESK_SEARCH_TOO_LONG",
  "OPSDESK_TOO_MANY_IDS",
  "OPSDESK_NO_SUCH_USER",
  "OPSDESK_NO_SUCH_ROLE",
  "OPSDESK_LAST_ADMIN",
  "OPSDESK_SELF_DEACTIVATE",
  "OPSDESK_SELF_ROLE",
  "OPSDESK_SELF_REMOVE",
  "OPSDESK_BUILTIN_ROLE",
  "OPSDESK_AUDIT_APPEND_ONLY",
  "OPSDESK_BAD_SETTINGS",
  "OPSDESK_BAD_PRESENCE",
  "OPSDESK_NO_SUCH_BUCKET",
  // In a refused row's `hint` only:
  "OPSDESK_NOT_FOUND",
  "OPSDESK_STALE",
  "OPSDESK_UNKNOWN_LABEL",
] as const;
export type OpsdeskErrorCode = (typeof OPSDESK_ERROR_CODES)[number];
