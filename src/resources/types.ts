// The declarative shape every resource definition follows. The views in src/views
// turn one of these into list, show, create and edit screens.
import type { BaseRecord } from "@refinedev/core";
import type { ReactNode } from "react";

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

export interface ReferenceTarget {
  /** Referenced resource (table) name. */
  resource: string;
  /** Column of the referenced row shown to the operator. */
  labelField: string;
  /** Referenced column searched server-side in the select (default labelField). */
  searchField?: string;
  /**
   * A column of this table holding the label, kept by the database, that the list sorts by
   * (an index walk) instead of ordering by the referenced table's column.
   */
  sortField?: string;
  /** Referenced key column (default "id"). */
  valueField?: string;
}

export interface FieldDefinition {
  name: string;
  label: string;
  type: FieldType;
  /** Shown but never sent: generated, defaulted or trigger-maintained columns. */
  readOnly?: boolean;
  /** Must have a value in forms (NOT NULL without a default). */
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  /** Lowest/highest allowed number. */
  min?: number;
  max?: number;
  /** Same pattern as the database check constraint. */
  pattern?: RegExp;
  /** The rule in plain words, used for form validation and for database check violations. */
  rule?: string;
  /** Named database rules (`<table>_<column>_check_<name>`) in plain words. */
  checks?: Record<string, string>;
  /** Allowed values for enums. */
  options?: readonly string[];
  maxItems?: number;
  reference?: ReferenceTarget;
  /** Storage bucket of an image path. */
  bucket?: string;
  /** Short help text under the input. */
  help?: string;
  /** Placeholder for the input. */
  placeholder?: string;
  /** Per-field overrides of the renderer/input the type map picks. */
  view?: {
    render?: (value: unknown, record: BaseRecord) => ReactNode;
    input?: (field: FieldDefinition) => ReactNode;
  };
}

/**
 * How a list searches: through the resource's search function (public.search_<resource>,
 * ranked, see docs/search.md and src/providers/searchRpc.ts), or, for a table without one,
 * full-text search (`wfts`) of a tsvector column with a text search config.
 */
export type ListSearch = { rpc: string } | { column: string; config: string };

export interface SortDefinition {
  field: string;
  order: "asc" | "desc";
}

export interface RelatedList {
  resource: string;
  /** Column of the related table that points at this record. */
  foreignKey: string;
  title: string;
  columns: string[];
}

export interface ShowSection {
  title: string;
  fields: string[];
}

export interface ResourceDefinition {
  /** Table name; also the Refine resource name. */
  name: string;
  /** URL segment when it differs from the name (e.g. audit_log → /audit). */
  route?: string;
  label: { singular: string; plural: string };
  /** Primary key column (default "id"). */
  idColumn?: string;
  /** Field whose value names a record in titles and selects. */
  titleField: string;
  fields: FieldDefinition[];
  list: {
    columns: string[];
    defaultSort: SortDefinition;
    /** Columns that get a per-column filter. */
    filters?: string[];
    /** The list's search box: see ListSearch. */
    search?: ListSearch;
  };
  show?: { sections: ShowSection[] };
  /** Fields in create/edit forms (default: every field that is not read-only). */
  form?: { fields: string[] };
  related?: RelatedList[];
  /** Private files attached to each record (listed on its show page), in this bucket under '<id>/'. */
  documents?: { bucket: string };
  /** Carries optimistic-concurrency `version` on updates. */
  versioned?: boolean;
  /**
   * Screens this resource has (the rest are not routed) and whether the console offers
   * Delete (rows, show page, bulk); default all.
   */
  screens?: { create?: boolean; edit?: boolean; show?: boolean; delete?: boolean };
  /** Offers CSV import of new rows (src/views/csv) to operators holding `import`. */
  csvImport?: boolean;
  /** Enum fields the list's bulk actions can set on every selected row (e.g. a status). */
  bulkSet?: string[];
}
