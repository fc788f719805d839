// The declarative shape every resource definition follows. The screens in src/features
// turn one of these into list, show, create and edit screens. A definition of a table
// (`ResourceDefinition<"products">`) is checked against the generated Database types:
// a column, sort, section or reference naming a column the table lacks fails typecheck.
import type { Database, Tables } from "./database.types";
import type { PublicRpc, SearchRpc } from "./rpc";

type PublicSchema = Database["public"];

/** Tables and views of the public schema (supabase/migrations). */
export type TableName = keyof PublicSchema["Tables"] | keyof PublicSchema["Views"];

/** The columns of a table or view; any name for a definition tied to none (the generic views' view of one). */
export type ColumnOf<Table extends string> = Table extends TableName ? keyof Tables<Table> & string : string;

/** How a value is stored, shown and edited; the views pick renderers and inputs from it. */
export type FieldType =
  | "text"
  | "longText"
  | "email"
  | "number"
  | "money"
  | "enum"
  | "boolean"
  | "date"
  | "datetime"
  | "tags"
  | "reference"
  | "image"
  | "json"
  | "id";

/** How an enum value is shown: its English label (translated by its option key) and tag colour. */
export interface OptionStyle {
  label: string;
  /** An antd Tag colour ("default" for grey). */
  color: string;
}

export interface ReferenceTarget<Target extends string = string> {
  /** Referenced resource (table) name. */
  resource: Target;
  /** Column of the referenced row shown to the operator. */
  labelField: ColumnOf<Target>;
  /** Referenced column searched server-side in the select (default labelField). */
  searchField?: ColumnOf<Target>;
  /**
   * A column of this table holding the label, kept by the database, that the list sorts by
   * (an index walk) instead of ordering by the referenced table's column.
   */
  sortField?: string;
  /** Referenced key column (default "id"). */
  valueField?: ColumnOf<Target>;
  /**
   * Columns of the referenced row on a second line of each choice in a picker, so records
   * of the same name can be told apart (a customer's e-mail; a product's SKU and price).
   */
  details?: ColumnOf<Target>[];
  /**
   * What a form's picker offers (the list's filter offers every record): only records with
   * these values, the ones the database's rules let the field take (an order line's active
   * products, an order's unblocked customers).
   */
  choosable?: { field: ColumnOf<Target>; value: string | number | boolean }[];
  /**
   * Generated definitions (src/schema): the PostgREST embed that reads the label
   * (`customers!orders_customer_id_fkey`, naming the foreign key when two point at one table)
   * and the key it arrives under in the row (default: the resource's name).
   */
  embed?: string;
  embedAs?: string;
}

/** A reference to any table, its columns checked against that table. */
type TableReference = { [Target in TableName]: ReferenceTarget<Target> }[TableName];

export interface FieldDefinition<Column extends string = string, Reference = ReferenceTarget> {
  name: Column;
  label: string;
  type: FieldType;
  /** Shown but never sent: generated, defaulted or trigger-maintained columns. */
  readOnly?: boolean;
  /**
   * Opsdesk's audit log only (audit_log.ts): the cell shows the entry's record by its title,
   * linked to its page (`record`), the entry's changes field by field (`changes`), or its table
   * by the name the menu gives it, in the operator's language (`table`).
   */
  audit?: "record" | "changes" | "table";
  /** Must have a value in forms (NOT NULL without a default). */
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  /** Lowest/highest allowed number. */
  min?: number;
  max?: number;
  /** `min`/`max` themselves are not allowed (`price > 0`). */
  minExclusive?: boolean;
  maxExclusive?: boolean;
  /** Decimal places of a number (numeric(10,2) → 2); a number without it takes any. */
  scale?: number;
  /** Further patterns the value must match (several CHECK constraints on one column). */
  patterns?: RegExp[];
  /** Values the database refuses (`code <> ''`, `NOT IN (…)`). */
  notOneOf?: readonly (string | number)[];
  /** Not empty once trimmed (`btrim(name) <> ''`). */
  notBlank?: boolean;
  minItems?: number;
  /** A key the operator types when creating a record and can no longer change afterwards. */
  createOnly?: boolean;
  /** Items of a `tags` field are numbers (an integer[] column). */
  numberItems?: boolean;
  /** Holds the id of an auth user (a key to auth.users): shown as the user's e-mail. */
  authUser?: boolean;
  /**
   * Holds the id of a stored file (a key to storage.objects): shown as its bucket and path, and
   * picked among the stored files the operator may read (docs/any-project.md, "Keys to stored objects").
   */
  storedObject?: boolean;
  /** Same pattern as the database check constraint. */
  pattern?: RegExp;
  /** The rule in plain words, used for form validation and for database check violations. */
  rule?: string;
  /** Named database rules (`<table>_<column>_check_<name>`) in plain words. */
  checks?: Record<string, string>;
  /** Allowed values for enums (resources/options.ts builds them with their styles). */
  options?: readonly string[];
  /** The English label and tag colour of each option. */
  optionStyles?: Readonly<Record<string, OptionStyle>>;
  maxItems?: number;
  reference?: Reference;
  /** Storage bucket of an image path. */
  bucket?: string;
  /**
   * A file column an admin marked on a project's table (settings.file_columns): its objects live
   * under '<schema>/<table>/<column>/' (lib/filePaths.ts fileColumnPath), where storage RLS lets
   * operators write (docs/any-project.md, "File columns"); the demo's images live under '<id>/'.
   */
  fileColumn?: { schema: string; table: string };
  /** Short help text under the input. */
  help?: string;
  /** Placeholder for the input. */
  placeholder?: string;
}

/**
 * How a list searches: through the resource's search function (public.search_<resource>,
 * ranked, see docs/search.md and src/providers/searchRpc.ts), or, for a table without one,
 * full-text search (`wfts`) of a tsvector column with a text search config.
 */
export type ListSearch<Column extends string = string> =
  | { rpc: SearchRpc }
  | { column: Column; config: string }
  /**
   * Generated lists (src/schema): each word of the box in one of these text columns, through
   * the project's `opsdesk.search` (trigram indexes serve it; docs/any-project.md).
   */
  | { words: Column[] };

export interface SortDefinition<Column extends string = string> {
  field: Column;
  order: "asc" | "desc";
}

export interface RelatedList<Related extends string = string> {
  resource: Related;
  /** Column of the related table that points at this record. */
  foreignKey: ColumnOf<Related>;
  title: string;
  columns: ColumnOf<Related>[];
}

export interface ShowSection<Column extends string = string> {
  title: string;
  fields: Column[];
}

/** What a definition of `Table` may say: its own columns, and other tables' columns where it names them. */
type TableTyped<Table extends string, Typed, Loose> = Table extends TableName ? Typed : Loose;

export interface ResourceDefinition<Table extends string = string> {
  /** Table name; also the Refine resource name. */
  name: Table;
  /**
   * The table behind a resource generated from the live schema (src/schema) when it is not
   * `public.<name>`: a table of another schema, or one whose name is no plain identifier.
   */
  table?: { schema: string; name: string };
  /** A key of several columns (composite); records are then addressed by their encoded values. */
  keyColumns?: string[];
  /** Why the console offers no writes: a view, or a table without a primary key. */
  readOnlyReason?: "view" | "noKey";
  /** The table's comment, shown under the list's title. */
  description?: string;
  /**
   * What every operator is told of the table on its screens (it could not be read); what the
   * console could not represent of it (a column type, a composite reference), or checks it left to
   * the database, concern admins only: `adminNotices`, left out for a column an override hides.
   */
  notices?: string[];
  adminNotices?: string[];
  /**
   * The table's constraints by name: the field each is about and its rule in plain words;
   * `fields` names every column of a key of several (a composite primary key or unique constraint).
   */
  constraints?: Record<string, { field?: string; fields?: string[]; message: string }>;
  /**
   * Shown inside its parent's pages (an order's items on the order's page), not as a menu entry
   * of its own nor a `g` shortcut; its routes stay (docs/any-project.md, "The console").
   */
  nested?: boolean;
  /** URL segment when it differs from the name (e.g. audit_log → /audit). */
  route?: string;
  label: { singular: string; plural: string };
  /** Primary key column (default "id"). */
  idColumn?: ColumnOf<Table>;
  /** Field whose value names a record in titles and selects. */
  titleField: ColumnOf<Table>;
  /** The title alone says what the record is (ORD-000123): notices leave the kind out. */
  titleSaysKind?: boolean;
  fields: FieldDefinition<ColumnOf<Table>, TableTyped<Table, TableReference, ReferenceTarget>>[];
  list: {
    columns: ColumnOf<Table>[];
    defaultSort: SortDefinition<ColumnOf<Table>>;
    /** Columns that get a per-column filter. */
    filters?: ColumnOf<Table>[];
    /** The list's search box: see ListSearch. */
    search?: ListSearch<ColumnOf<Table>>;
  };
  show?: { sections: ShowSection<ColumnOf<Table>>[] };
  /** Fields in create/edit forms (default: every field that is not read-only). */
  form?: { fields: ColumnOf<Table>[] };
  related?: TableTyped<Table, { [Related in TableName]: RelatedList<Related> }[TableName], RelatedList>[];
  /**
   * Tables whose rows belong to this record (through `foreignKey`) and whose audit entries
   * its History tab shows with its own: an order's items added, changed and removed, found in
   * Opsdesk's audit log by the foreign key's value before or after the change
   * (features/history/TableHistory.tsx).
   */
  historyIncludes?: { table: TableName; foreignKey: string }[];
  /** Private files attached to each record (listed on its show page), in this bucket under '<id>/'. */
  documents?: { bucket: string };
  /** Carries optimistic-concurrency `version` on updates. */
  versioned?: boolean;
  /**
   * Screens this resource has (the rest are not routed) and whether the console offers
   * Delete (rows, show page, bulk); default all.
   */
  screens?: { create?: boolean; edit?: boolean; show?: boolean; delete?: boolean };
  /** Offers CSV import of new rows (src/features/csv) to operators holding `import`. */
  csvImport?: boolean;
  /** Enum fields the list's bulk actions can set on every selected row (e.g. a status). */
  bulkSet?: ColumnOf<Table>[];
  /**
   * An enum field whose changes follow a state machine the database keeps: `rpc` answers every
   * value's legal next values (`{from: [to, …]}`), and `refusal` is the code of the rule the
   * database refuses any other change with (providers/ruleErrors.ts). A bulk change offers only
   * values some selected row can take, and names beforehand the rows that cannot.
   */
  stateMachine?: { field: ColumnOf<Table>; rpc: Extract<PublicRpc, `${string}_transitions`>; refusal: string };
}

/** What generation decides alone: an override never sets these (src/schema/merge.ts). */
type Generated = "table" | "keyColumns" | "readOnlyReason" | "notices" | "adminNotices" | "constraints";

/**
 * A field of a code override: its column and only what it changes of the generated field (a
 * label, a type the column's own does not say — money, long text, an image —, option colours,
 * a picker's second line, the rule in the demo's words …).
 */
export type FieldOverride<Table extends string = string> = Partial<ResourceDefinition<Table>["fields"][number]> & {
  name: ColumnOf<Table>;
};

/**
 * A definition in src/resources: merged over the resource generated from the live schema under
 * the same name (src/schema/merge.ts), it says only what the project adds beyond it — labels,
 * sections, related lists, option colours, a search function, screens, bulk actions. Whatever it
 * leaves out stays as generated; its columns are checked against the table's types.
 */
export type ResourceOverride<Table extends string = string> = Partial<
  Omit<ResourceDefinition<Table>, "name" | "fields" | "list" | Generated>
> & {
  name: Table;
  fields?: FieldOverride<Table>[];
  list?: Partial<ResourceDefinition<Table>["list"]>;
  /**
   * Columns the console leaves out altogether (never read, shown or sent), as an admin's hidden
   * fields: a full-text vector, a label the database derives for sorting.
   */
  hide?: ColumnOf<Table>[];
};
