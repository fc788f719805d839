// Turns one table of PostgREST's OpenAPI document into a starter resource definition (TypeScript source).
export interface OpenApiColumn {
  type?: string;
  format?: string;
  description?: string;
  enum?: string[];
  maxLength?: number;
  default?: unknown;
}

export interface OpenApiTable {
  required?: string[];
  properties: Record<string, OpenApiColumn>;
}

interface Field {
  name: string;
  label: string;
  type: string;
  readOnly?: boolean;
  required?: boolean;
  maxLength?: number;
  options?: string[];
  reference?: { resource: string; labelField: string; valueField?: string };
}

const MANAGED = new Set(["created_at", "updated_at", "version"]);
const LONG_TEXT = /^(description|notes?|body|comment|details)$/;
const MONEY = /price|total|amount|cost|balance/;

/** `category_id` → "Category", `full_name` → "Full name". */
export function labelFor(column: string): string {
  const words = column.replace(/_id$/, "").replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const foreignKeyOf = (column: OpenApiColumn) => {
  const match = /<fk table='([^']+)' column='([^']+)'\/>/.exec(column.description ?? "");
  return match ? { table: match[1], column: match[2] } : undefined;
};

const isPrimaryKey = (column: OpenApiColumn) => (column.description ?? "").includes("<pk/>");

function fieldFor(name: string, column: OpenApiColumn, required: boolean): Field | undefined {
  const format = column.format ?? "";
  if (format === "tsvector") return undefined;
  const field: Field = { name, label: labelFor(name), type: "text" };
  const fk = foreignKeyOf(column);
  if (isPrimaryKey(column))
    Object.assign(field, { type: "id", readOnly: true, label: name === "id" ? "ID" : field.label });
  else if (fk) {
    field.type = "reference";
    field.reference = {
      resource: fk.table,
      labelField: "name",
      ...(fk.column !== "id" ? { valueField: fk.column } : {}),
    };
  } else if (column.enum) Object.assign(field, { type: "enum", options: column.enum });
  else if (format === "boolean") field.type = "boolean";
  else if (format === "date") field.type = "date";
  else if (format.startsWith("timestamp")) field.type = "datetime";
  else if (format.endsWith("[]")) field.type = "tags";
  else if (format === "json" || format === "jsonb") field.type = "json";
  else if (format.startsWith("numeric")) field.type = MONEY.test(name) ? "money" : "number";
  else if (/^(smallint|integer|bigint|real|double precision)$/.test(format)) field.type = "number";
  else if (name.endsWith("_path")) field.type = "image";
  else if (name === "email") field.type = "email";
  else if (LONG_TEXT.test(name)) field.type = "longText";
  if (column.maxLength) field.maxLength = column.maxLength;
  if (MANAGED.has(name) || String(column.default ?? "").includes("generated")) field.readOnly = true;
  if (required && !field.readOnly) field.required = true;
  return field;
}

const identifier = (table: string) => table.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function scaffoldDefinition(table: string, spec: OpenApiTable): string {
  const required = new Set(spec.required ?? []);
  const fields = Object.entries(spec.properties).flatMap(([name, column]) => {
    const field = fieldFor(name, column, required.has(name));
    return field ? [field] : [];
  });
  const search = Object.entries(spec.properties).find(([, c]) => c.format === "tsvector")?.[0];
  const pk = Object.entries(spec.properties).find(([, c]) => isPrimaryKey(c))?.[0] ?? "id";
  const titleField = fields.find((f) => /^(name|title|full_name|number|email)$/.test(f.name))?.name ?? pk;
  const columns = fields
    .filter((f) => !["id", "json", "longText", "tags"].includes(f.type))
    .map((f) => f.name)
    .slice(0, 6);
  const filters = fields.filter((f) => ["enum", "boolean", "reference"].includes(f.type)).map((f) => f.name);
  const singular = table.replace(/ies$/, "y").replace(/s$/, "").replaceAll("_", " ");
  const definition = {
    name: table,
    label: { singular, plural: table.replaceAll("_", " ") },
    ...(pk !== "id" ? { idColumn: pk } : {}),
    titleField,
    ...("version" in spec.properties ? { versioned: true } : {}),
    fields,
    list: {
      columns,
      defaultSort: { field: titleField, order: "asc" },
      ...(filters.length ? { filters } : {}),
      ...(search ? { search: { column: search, config: "english" } } : {}),
    },
  };
  const body = JSON.stringify(definition, null, 2).replace(/"([a-zA-Z_]+)":/g, "$1:");
  return `// Starter definition scaffolded from the stack's OpenAPI document: check labels, reference
// label fields and rules (patterns, lengths, plain-words messages) against the table's constraints.
// Typed by the table's row: run \`npm run types:gen\` after its migration so database.types.ts knows it.
import type { ResourceDefinition } from "./types";

export const ${identifier(table)}: ResourceDefinition<${JSON.stringify(table)}> = ${body};
`;
}
