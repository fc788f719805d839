// One table of `opsdesk.describe()` → the ResourceDefinition the generic views render
// (src/features): every field from its column, a title field, list columns, default sort,
// filters, search, relations (pickers, related lists, many-to-many lists, auth users), form
// rules from NOT NULL, lengths, enums and CHECK constraints (checkRules.ts), and the admin's
// settings over all of it. Nothing here knows one project; a definition in src/resources of
// the same name is merged over the result (merge.ts). What the console cannot represent (a
// column it shows but cannot edit, a reference of several columns) is said to admins in
// `adminNotices` (editors can do nothing about it), and the rest of the table still works.
import type { FieldDefinition, FieldType, OptionStyle, ResourceDefinition } from "../resources/types";
import type { CheckTranslation, ColumnFacts } from "./checkRules";
import type { DescribedColumn, DescribedTable, Language } from "./describe";
import { pgrstName, ROW_KEY, resourceNameOf, routeOf } from "./names";

/** A generated definition and the admin's texts in each language for it (i18n adds them). */
export interface GeneratedResource {
  definition: ResourceDefinition;
  /** Translation keys' texts per language from the table's settings (labels, help). */
  texts: Partial<Record<Language, Record<string, string>>>;
}

export interface TableContext {
  /** Every described table by `schema.name`. */
  tables: Map<string, DescribedTable>;
  /** The CHECK constraints read into rules, when the parser has run for this table. */
  checks?: CheckTranslation;
}

export const tableKey = (schema: string, name: string) => `${schema}.${name}`;

/** `customer_id` → "Customer", `createdAt` → "Created at", `order_items` → "Order items". */
export function humanize(name: string): string {
  const words = name
    .replace(/_id$|Id$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\s]+/g, " ")
    .trim();
  const text = words || name;
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

/** A plural English noun's singular, as far as a table's name tells ("categories" → "category"). */
export function singularOf(plural: string): string {
  if (/ies$/i.test(plural)) return plural.replace(/ies$/i, "y");
  if (/(ss|us|is)$/i.test(plural)) return plural;
  if (/(x|ch|sh|ses|zes)es$/i.test(plural)) return plural.replace(/es$/i, "");
  if (/s$/i.test(plural)) return plural.replace(/s$/i, "");
  return plural;
}

const TAG_COLOURS = ["blue", "green", "gold", "purple", "cyan", "magenta", "volcano", "geekblue", "lime", "orange"];

function optionStyles(values: readonly (string | number)[]): Record<string, OptionStyle> {
  return Object.fromEntries(
    values.map((value, i) => [String(value), { label: String(value), color: TAG_COLOURS[i % TAG_COLOURS.length] }]),
  );
}

const TITLE_NAMES = [
  "name",
  "title",
  "full_name",
  "display_name",
  "label",
  "subject",
  "email",
  "number",
  "code",
  "slug",
];
/**
 * A table of people (contacts, members, leads) names its records by the person: a `title`
 * column there is a job title, often empty (atomic-crm's contacts), so these come first.
 */
const PERSON_TITLE_NAMES = [
  "full_name",
  "display_name",
  "name",
  "last_name",
  "surname",
  "family_name",
  "first_name",
  "given_name",
  "email",
];
const PERSON_NAME = /^(first_name|last_name|given_name|family_name|surname|full_name)$/i;
const BOOKKEEPING = /^(created_at|inserted_at|updated_at|modified_at)$/;
const LONG_TEXT = /(^|_)(description|notes?|body|content|comment|bio|text|message|summary|details)$/;
const EMAIL = /(^|_)e?-?mail(_address)?$/;
const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const TIME_PATTERN = /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}(:?\d{2})?)?$/;
const SCALAR_TYPES = new Set<FieldType>(["text", "email", "number", "money", "enum", "boolean", "date", "datetime"]);

interface ColumnShape {
  type: FieldType;
  patch: Partial<FieldDefinition>;
  /** The column is shown but the console cannot write it. */
  readOnly?: boolean;
  notice?: string;
}

/** How a column of `category` is shown and edited. */
function shapeOf(column: DescribedColumn): ColumnShape {
  switch (column.category) {
    case "text": {
      const maxLength = column.max_length ?? undefined;
      if (EMAIL.test(column.name)) return { type: "email", patch: { maxLength } };
      if (LONG_TEXT.test(column.name) && (maxLength === undefined || maxLength > 255)) {
        return { type: "longText", patch: { maxLength } };
      }
      return { type: "text", patch: { maxLength } };
    }
    case "integer":
      return { type: "number", patch: { scale: 0 } };
    case "number":
      // numeric(10,2): two decimals; numeric, real, double precision: up to six.
      return { type: "number", patch: { scale: column.scale ?? 6 } };
    case "boolean":
      return { type: "boolean", patch: {} };
    case "date":
      return { type: "date", patch: {} };
    case "timestamp":
    case "timestamptz":
      return { type: "datetime", patch: {} };
    case "time":
      return { type: "text", patch: { pattern: TIME_PATTERN, placeholder: "13:45" } };
    case "interval":
      return { type: "text", patch: { placeholder: "1 day 02:00:00" } };
    case "uuid":
      return { type: "text", patch: { pattern: UUID_PATTERN } };
    case "json":
      return { type: "json", patch: {} };
    case "enum":
      return { type: "enum", patch: { options: column.enum ?? [], optionStyles: optionStyles(column.enum ?? []) } };
    case "array": {
      const element = column.element;
      if (element?.category === "enum" && element.enum) {
        return { type: "tags", patch: { options: element.enum, optionStyles: optionStyles(element.enum) } };
      }
      if (element?.category === "text" || element?.category === "uuid") return { type: "tags", patch: {} };
      if (element?.category === "integer" || element?.category === "number") {
        return { type: "tags", patch: { numberItems: true } };
      }
      return { type: "json", patch: {}, readOnly: true, notice: `${column.name}: ${column.type} is shown, not edited` };
    }
    default:
      // bytea, vector, geometry, tsvector, ranges…: shown as the API sends them, never written.
      return { type: "json", patch: {}, readOnly: true, notice: `${column.name}: ${column.type} is shown, not edited` };
  }
}

/** The rules a column's CHECK constraints give its field. */
function checkPatch(field: FieldDefinition, facts: ColumnFacts | undefined): Partial<FieldDefinition> {
  if (!facts) return {};
  const patch: Partial<FieldDefinition> = {};
  if (facts.min !== undefined) patch.min = facts.min;
  if (facts.max !== undefined) patch.max = facts.max;
  if (facts.minExclusive) patch.minExclusive = true;
  if (facts.maxExclusive) patch.maxExclusive = true;
  if (facts.minLength !== undefined) patch.minLength = facts.minLength;
  if (facts.maxLength !== undefined) patch.maxLength = Math.min(facts.maxLength, field.maxLength ?? Infinity);
  if (facts.patterns?.length) {
    const [first, ...rest] = facts.patterns.map((p) => new RegExp(p.source, `${p.flags}u`));
    if (field.pattern) rest.unshift(first);
    else patch.pattern = first;
    if (rest.length) patch.patterns = rest;
  }
  if (facts.noneOf?.length) patch.notOneOf = facts.noneOf;
  if (facts.notBlank) patch.notBlank = true;
  if (facts.notNull) patch.required = true;
  if (facts.maxItems !== undefined) patch.maxItems = facts.maxItems;
  if (facts.minItems !== undefined) patch.minItems = facts.minItems;
  // An IN list on a text or number column: a choice among its values.
  if (facts.oneOf?.length && (field.type === "text" || field.type === "number")) {
    patch.type = "enum";
    patch.options = facts.oneOf.map(String);
    patch.optionStyles = optionStyles(facts.oneOf);
  }
  return patch;
}

/** The column to name records by: the admin's choice, else a name-like text column, else the key. */
function titleFieldOf(table: DescribedTable, fields: FieldDefinition[]): string {
  const chosen = table.settings?.title_field;
  if (chosen && fields.some((f) => f.name === chosen)) return chosen;
  // Ids in text form (uuids) name nothing an operator recognises.
  const texts = fields.filter((f) => (f.type === "text" || f.type === "email") && f.pattern !== UUID_PATTERN);
  const people = texts.some((f) => PERSON_NAME.test(f.name));
  for (const name of people ? [...PERSON_TITLE_NAMES, ...TITLE_NAMES] : TITLE_NAMES) {
    const found = texts.find((f) => f.name.toLowerCase() === name);
    if (found) return found.name;
  }
  const endsLikeName = texts.find((f) => /(_name|_title)$/i.test(f.name));
  if (endsLikeName) return endsLikeName.name;
  const key = table.primary_key ?? [];
  const firstText =
    texts.find((f) => !key.includes(f.name) && f.type === "text") ??
    fields.find((f) => !key.includes(f.name) && f.type === "longText");
  return firstText?.name ?? key[0] ?? fields[0]?.name ?? "";
}

/**
 * What the operator reads a referenced record by: the title its own pages show and a second
 * line. The fields are shaped as the target's definition shapes them (a uuid keeps its pattern,
 * a hidden column or a file path is no name), so a picker never labels by a uuid reference.
 */
function targetLabel(target: DescribedTable): { label: string; details: string[] } {
  const hidden = new Set(target.settings?.hidden ?? []);
  const files = target.settings?.file_columns ?? {};
  const key = target.primary_key ?? [];
  const fields = target.columns
    .filter((c) => c.privileges.select && (!hidden.has(c.name) || key.includes(c.name)))
    .map((c): FieldDefinition => {
      const shape = shapeOf(c);
      return { name: c.name, label: c.name, type: files[c.name] ? "image" : shape.type, ...shape.patch };
    });
  const label = titleFieldOf(target, fields);
  const detail = fields.find(
    (f) =>
      f.name !== label &&
      !key.includes(f.name) &&
      f.pattern !== UUID_PATTERN &&
      (f.type === "email" || f.type === "text" || f.type === "enum"),
  );
  return { label, details: detail ? [detail.name] : [] };
}

const sameColumns = (a: string[], b: string[]) => a.length === b.length && a.every((c, i) => c === b[i]);

/** The definition of one described table. */
export function definitionFromTable(table: DescribedTable, context: TableContext): GeneratedResource {
  const name = resourceNameOf(table.schema, table.name);
  const settings = table.settings ?? {};
  const notices: string[] = [];
  const adminNotices: string[] = [];
  const isView = table.kind === "view" || table.kind === "materialized_view";
  const key = table.primary_key && table.primary_key.length > 0 ? table.primary_key : null;
  const readOnlyReason = isView ? "view" : key ? undefined : "noKey";
  const hidden = new Set(settings.hidden ?? []);
  const fileColumns = settings.file_columns ?? {};
  const constraints: NonNullable<ResourceDefinition["constraints"]> = {};

  const readable = table.columns.filter((c) => c.privileges.select).sort((a, b) => a.position - b.position);
  const fields: FieldDefinition[] = [];
  for (const column of readable) {
    if (hidden.has(column.name) && !key?.includes(column.name)) continue;
    const shape = shapeOf(column);
    // What concerns only who sets the table up (DefinitionNotices shows it to admins).
    if (shape.notice) adminNotices.push(shape.notice);
    // Identity and generated columns, and bookkeeping times the database stamps (created_at … now()).
    const stamped = BOOKKEEPING.test(column.name) && column.default !== null;
    const maintained = column.identity === "always" || column.generated !== null || stamped;
    const isKey = key?.includes(column.name) ?? false;
    const writable = column.privileges.insert || column.privileges.update;
    const field: FieldDefinition = {
      name: column.name,
      label: humanize(column.name),
      type: shape.type,
      ...shape.patch,
    };
    const englishLabel = settings.field_labels?.[column.name]?.en;
    if (englishLabel) field.label = englishLabel;
    const help = settings.help?.[column.name]?.en ?? column.comment;
    if (help) field.help = help;
    if (shape.readOnly || maintained || readOnlyReason || !writable) field.readOnly = true;
    // A key the database makes (identity, a default such as gen_random_uuid()) is shown, never sent;
    // a key the operator types is given when creating and kept afterwards.
    else if (isKey) {
      if (column.identity || column.default !== null) field.readOnly = true;
      else field.createOnly = true;
    }
    if (!field.readOnly && !column.nullable && column.default === null && column.identity === null) {
      field.required = true;
    }
    const file = fileColumns[column.name];
    if (file && shape.type === "text") {
      field.type = "image";
      field.bucket = file.bucket;
      field.fileColumn = { schema: table.schema, table: table.name };
    }
    Object.assign(field, checkPatch(field, context.checks?.columns[column.name]));
    fields.push(field);
  }

  // References: pickers for keys of one column to a readable table with a key.
  for (const fk of table.foreign_keys) {
    if (fk.columns.length !== 1) {
      adminNotices.push(`${fk.name}: a reference of ${fk.columns.length} columns is shown as its columns`);
      continue;
    }
    const field = fields.find((f) => f.name === fk.columns[0]);
    if (!field) continue;
    if (fk.references.schema === "auth" && fk.references.table === "users") {
      field.authUser = true;
      continue;
    }
    // A stored file (storage is no described schema): picked among the files the operator may read.
    if (fk.references.schema === "storage" && fk.references.table === "objects") {
      field.storedObject = true;
      continue;
    }
    const target = context.tables.get(tableKey(fk.references.schema, fk.references.table));
    if (!target) continue;
    const { label, details } = targetLabel(target);
    const sameSchema = target.schema === table.schema;
    field.type = "reference";
    field.reference = {
      resource: resourceNameOf(target.schema, target.name),
      labelField: label,
      valueField: fk.references.columns[0],
      details,
      // Embedded through the key column (`__ref_x:x(…)`), which names the to-one side even for a
      // self-reference; PostgREST embeds within one schema only, so across schemas the key is shown.
      ...(sameSchema ? { embed: pgrstName(field.name), embedAs: `__ref_${field.name}` } : {}),
    };
  }

  // Unique constraints and the primary key (its index, named as its constraint): "already
  // exists" on the field, or on each field of a key of several.
  const uniqueOn = (columns: string[]) => ({
    field: columns.length === 1 ? columns[0] : undefined,
    ...(columns.length > 1 ? { fields: columns } : {}),
    message: "",
  });
  for (const unique of table.unique) constraints[unique.name] = uniqueOn(unique.columns);
  for (const index of table.indexes ?? []) {
    if (key && index.unique && index.expression === null && sameColumns(index.columns, key)) {
      constraints[index.name] ??= uniqueOn(key);
    }
  }
  for (const check of table.checks) {
    const column = check.columns.length === 1 ? check.columns[0] : undefined;
    constraints[check.name] = { field: column, message: "" };
  }
  if (context.checks?.untranslated.length) {
    adminNotices.push(`Checked by the database only: ${context.checks.untranslated.join(", ")}`);
  }

  const titleField = titleFieldOf(table, fields);
  const shownFields = fields.filter((f) => !hidden.has(f.name));
  const listable = shownFields.filter((f) => SCALAR_TYPES.has(f.type) || f.type === "reference" || f.type === "id");
  const defaultColumns = [
    titleField,
    ...listable.filter((f) => f.name !== titleField && f.type !== "longText").map((f) => f.name),
  ]
    .filter((c) => shownFields.some((f) => f.name === c))
    .slice(0, 6);
  const listColumns = (settings.list_columns ?? []).filter((c) => shownFields.some((f) => f.name === c));
  const columns = listColumns.length > 0 ? listColumns : defaultColumns;

  const sortable = (field: string) => fields.some((f) => f.name === field && f.type !== "json" && f.type !== "tags");
  const createdAt = fields.find((f) => /^(created_at|inserted_at|created)$/.test(f.name) && f.type === "datetime");
  const defaultSort =
    settings.default_sort && sortable(settings.default_sort.field)
      ? settings.default_sort
      : createdAt
        ? { field: createdAt.name, order: "desc" as const }
        : key?.length === 1 && sortable(key[0])
          ? { field: key[0], order: "asc" as const }
          : { field: sortable(titleField) ? titleField : (columns[0] ?? titleField), order: "asc" as const };

  const filters = shownFields
    .filter((f) => ["enum", "boolean", "reference", "number", "money", "date", "datetime"].includes(f.type))
    .map((f) => f.name);

  // Search: the words in the columns opsdesk.search reads (describe's `search`); a large
  // table whose columns no trigram index serves is searched by scanning it, which admins are told.
  const searchColumns = (table.search?.columns ?? []).filter((c) => shownFields.some((f) => f.name === c));
  if (searchColumns.length > 0 && table.search?.indexed === false && (table.estimated_rows ?? 0) > 10_000) {
    adminNotices.push(
      `Search reads all of about ${table.estimated_rows} rows: no trigram index serves ${searchColumns.join(", ")}`,
    );
  }

  // Related lists: rows of other tables whose one-column key points at this table's key.
  const related: NonNullable<ResourceDefinition["related"]> = [];
  if (key?.length === 1) {
    for (const other of context.tables.values()) {
      for (const fk of other.foreign_keys) {
        if (fk.references.schema !== table.schema || fk.references.table !== table.name) continue;
        if (fk.columns.length !== 1 || !sameColumns(fk.references.columns, key)) continue;
        const otherName = resourceNameOf(other.schema, other.name);
        const join = joinTableOf(other, fk.columns[0]);
        const otherColumns = other.columns
          .filter((c) => c.privileges.select && c.name !== fk.columns[0] && shapeOf(c).type !== "json")
          .sort((a, b) => a.position - b.position)
          .map((c) => c.name);
        related.push({
          resource: otherName,
          foreignKey: fk.columns[0],
          // A join table lists the records at its other end (many-to-many).
          title: join ? humanize(join.table) : humanize(other.name),
          columns: join ? [join.column] : otherColumns.slice(0, 4),
        });
      }
    }
  }

  const plural = humanize(table.name).toLowerCase();
  const english = settings.labels?.en;
  const definition: ResourceDefinition = {
    name,
    route: routeOf(table.schema, table.name),
    table: { schema: table.schema, name: table.name },
    label: {
      singular: english?.singular ?? singularOf(plural),
      plural: english?.plural ?? plural,
    },
    idColumn: key?.length === 1 ? key[0] : ROW_KEY,
    keyColumns: key && key.length > 1 ? key : undefined,
    readOnlyReason,
    description: table.comment ?? undefined,
    titleField,
    fields,
    list: {
      columns,
      defaultSort,
      filters,
      ...(searchColumns.length && table.managed ? { search: { words: searchColumns } } : {}),
    },
    related: related.length ? related : undefined,
    screens: screensOf(table, readOnlyReason, key, fields),
    csvImport: !readOnlyReason && table.privileges.insert && settings.actions?.import !== false,
    bulkSet: readOnlyReason
      ? undefined
      : fields
          .filter((f) => f.type === "enum" && !f.readOnly)
          .map((f) => f.name)
          .slice(0, 2),
    constraints,
    notices: notices.length ? notices : undefined,
    adminNotices: adminNotices.length ? adminNotices : undefined,
  };
  return { definition, texts: textsOf(name, table) };
}

/** A join table seen from one of its keys: the other key's column and table (many-to-many). */
function joinTableOf(table: DescribedTable, from: string): { column: string; table: string } | undefined {
  const singles = table.foreign_keys.filter((fk) => fk.columns.length === 1);
  if (singles.length !== 2) return undefined;
  const keyColumns = table.primary_key ?? [];
  const fkColumns = singles.map((fk) => fk.columns[0]);
  // Its key is the two references (or it has no other columns than them and bookkeeping).
  const isJoin =
    (keyColumns.length === 2 && fkColumns.every((c) => keyColumns.includes(c))) ||
    table.columns.every(
      (c) => fkColumns.includes(c.name) || keyColumns.includes(c.name) || /^(created_at|updated_at)$/.test(c.name),
    );
  if (!isJoin) return undefined;
  const other = singles.find((fk) => fk.columns[0] !== from);
  return other && { column: other.columns[0], table: other.references.table };
}

function screensOf(
  table: DescribedTable,
  readOnlyReason: ResourceDefinition["readOnlyReason"],
  key: string[] | null,
  fields: FieldDefinition[],
): ResourceDefinition["screens"] {
  const actions = table.settings?.actions ?? {};
  const writable = !readOnlyReason;
  // A join table of its two keys has nothing to change once made: no edit screen.
  const editable = fields.some((f) => !f.readOnly && !f.createOnly);
  return {
    show: Boolean(key),
    create: writable && table.privileges.insert && actions.create !== false,
    edit: writable && editable && table.privileges.update && actions.edit !== false,
    delete: writable && table.privileges.delete && actions.delete !== false,
  };
}

/** The admin's labels and help per language, by the translation keys the views look up. */
function textsOf(name: string, table: DescribedTable): GeneratedResource["texts"] {
  const settings = table.settings ?? {};
  const out: GeneratedResource["texts"] = {};
  const put = (language: Language, key: string, text: string | undefined) => {
    if (!text) return;
    out[language] ??= {};
    (out[language] as Record<string, string>)[key] = text;
  };
  const base = `resources.${name}`;
  for (const [language, labels] of Object.entries(settings.labels ?? {}) as [
    Language,
    { singular?: string; plural?: string },
  ][]) {
    put(language, `${base}.singular`, labels.singular);
    put(language, `${base}.plural`, labels.plural);
    put(language, `${base}.title`, labels.plural && labels.plural.charAt(0).toUpperCase() + labels.plural.slice(1));
  }
  for (const [field, perLanguage] of Object.entries(settings.field_labels ?? {})) {
    for (const [language, text] of Object.entries(perLanguage) as [Language, string][]) {
      put(language, `${base}.fields.${field}`, text);
    }
  }
  for (const [field, perLanguage] of Object.entries(settings.help ?? {})) {
    for (const [language, text] of Object.entries(perLanguage) as [Language, string][]) {
      put(language, `${base}.fields.${field}.help`, text);
    }
  }
  return out;
}
