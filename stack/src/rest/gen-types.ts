// `gen-types`: TypeScript `Database` types from the schema cache, in the shape
// `supabase gen types typescript` prints.
import type { Column, FunctionDef, FunctionParam, Relation, SchemaCache } from "./schema/types.js";

const NUMBER = new Set(["int2", "int4", "int8", "float4", "float8", "numeric", "oid"]);
const STRING = new Set([
  "text",
  "varchar",
  "bpchar",
  "char",
  "name",
  "uuid",
  "date",
  "time",
  "timetz",
  "timestamp",
  "timestamptz",
  "interval",
  "bytea",
  "inet",
  "cidr",
  "macaddr",
  "money",
  "tsvector",
  "tsquery",
  "citext",
  "xml",
  "bit",
  "varbit",
  "int4range",
  "int8range",
  "numrange",
  "tsrange",
  "tstzrange",
  "daterange",
  "regclass",
  "regtype",
]);

interface TypeRef {
  typname: string;
  typschema: string;
  typtype: string;
  elemTypname?: string | null;
}

function tsType(t: TypeRef, cache: SchemaCache): string {
  if (t.elemTypname) {
    const elem = cache.enums.has(`${t.typschema}\u0000${t.elemTypname}`)
      ? { ...t, typname: t.elemTypname, typtype: "e", elemTypname: null }
      : { ...t, typname: t.elemTypname, typtype: "b", elemTypname: null };
    return `${tsType(elem, cache)}[]`;
  }
  if (t.typtype === "e") return `Database[${JSON.stringify(t.typschema)}]["Enums"][${JSON.stringify(t.typname)}]`;
  if (t.typtype === "c")
    return `Database[${JSON.stringify(t.typschema)}]["CompositeTypes"][${JSON.stringify(t.typname)}]`;
  if (t.typname === "bool") return "boolean";
  if (NUMBER.has(t.typname)) return "number";
  if (t.typname === "json" || t.typname === "jsonb") return "Json";
  if (STRING.has(t.typname)) return "string";
  if (t.typname === "void") return "undefined";
  if (t.typname === "record") return "Record<string, unknown>";
  return "unknown";
}

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

function indent(lines: string[], depth: number): string {
  return lines.map((l) => `${"  ".repeat(depth)}${l}`).join("\n");
}

function field(c: Column, cache: SchemaCache, mode: "Row" | "Insert" | "Update"): string {
  const t = `${tsType(c, cache)}${c.nullable ? " | null" : ""}`;
  if (mode === "Row") return `${key(c.name)}: ${t}`;
  if (c.generated && !c.identity) return `${key(c.name)}?: never`;
  const optional = mode === "Update" || c.nullable || c.default !== null || c.identity;
  return `${key(c.name)}${optional ? "?" : ""}: ${t}`;
}

function relationships(rel: Relation): string[] {
  const out = rel.relationships.filter((r) => r.cardinality === "m2o" || r.cardinality === "o2o");
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const r of out) {
    // o2o appears on both sides; only the side holding the FK columns lists it.
    if (
      r.cardinality === "o2o" &&
      !r.target.relationships.some((t) => t.constraint === r.constraint && t.target === rel && t !== r)
    )
      continue;
    if (seen.has(r.constraint)) continue;
    seen.add(r.constraint);
    lines.push(
      "{",
      `  foreignKeyName: ${JSON.stringify(r.constraint)}`,
      `  columns: ${JSON.stringify(r.cols.map(([o]) => o))}`,
      `  isOneToOne: ${r.cardinality === "o2o"}`,
      `  referencedRelation: ${JSON.stringify(r.target.name)}`,
      `  referencedColumns: ${JSON.stringify(r.cols.map(([, t]) => t))}`,
      "},",
    );
  }
  return lines;
}

function relationBlock(rel: Relation, cache: SchemaCache, writable: boolean): string[] {
  const modes: ("Row" | "Insert" | "Update")[] = writable ? ["Row", "Insert", "Update"] : ["Row"];
  const lines = [`${key(rel.name)}: {`];
  for (const mode of modes) {
    lines.push(`  ${mode}: {`, ...rel.columnList.map((c) => `    ${field(c, cache, mode)}`), "  }");
  }
  const rels = relationships(rel);
  lines.push(rels.length ? "  Relationships: [" : "  Relationships: []", ...rels.map((l) => `    ${l}`));
  if (rels.length) lines.push("  ]");
  lines.push("}");
  return lines;
}

function returnsType(fn: FunctionDef, cache: SchemaCache): string {
  let t: string;
  if (fn.returnRelation)
    t = `Database[${JSON.stringify(fn.returnRelation.schema)}][${fn.returnRelation.kind === "table" ? '"Tables"' : '"Views"'}][${JSON.stringify(fn.returnRelation.name)}]["Row"]`;
  else if (fn.returnKind === "composite" && fn.returnColumns.length && fn.returnTypname === "record") {
    t = `{\n${fn.returnColumns.map((c) => `  ${key(c.name)}: ${tsType(c, cache)}`).join("\n")}\n}`;
  } else
    t = tsType(
      {
        typname: fn.returnTypname,
        typschema: fn.schema,
        typtype: fn.returnKind === "composite" ? "c" : "b",
        elemTypname: fn.returnType.endsWith("[]") ? fn.returnTypname.replace(/^_/, "") : null,
      },
      cache,
    );
  return fn.returnsSet ? `${t}[]` : t;
}

/**
 * An argument's type: an enum's union (its `Enums` entry) as `supabase gen types` writes it, so a
 * value the enum lacks fails typecheck; any other type as a base type of its name.
 */
const argType = (p: FunctionParam, cache: SchemaCache) =>
  tsType({ ...p, typtype: p.typtype === "e" ? "e" : "b" }, cache);

function functionBlock(name: string, overloads: FunctionDef[], cache: SchemaCache): string[] {
  const variants = overloads.map((fn) => {
    const args = fn.params.filter((p) => p.name);
    const argLines = args.length
      ? ["Args: {", ...args.map((p) => `  ${key(p.name)}${p.hasDefault ? "?" : ""}: ${argType(p, cache)}`), "}"]
      : fn.params.length
        ? [`Args: { "": ${argType(fn.params[0], cache)} }`]
        : ["Args: never"];
    return [
      "{",
      ...argLines.map((l) => `  ${l}`),
      ...`Returns: ${returnsType(fn, cache)}`.split("\n").map((l) => `  ${l}`),
      "}",
    ];
  });
  if (variants.length === 1) return [`${key(name)}: {`, ...variants[0].slice(1)];
  return [`${key(name)}:`, ...variants.flatMap((v) => v.map((l, j) => (j === 0 ? `  | ${l}` : `    ${l}`)))];
}

function schemaBlock(cache: SchemaCache, schema: string): string[] {
  const rels = [...cache.relations.values()]
    .filter((r) => r.schema === schema)
    .sort((a, b) => a.name.localeCompare(b.name));
  const tables = rels.filter((r) => r.kind === "table" || r.kind === "partitioned_table" || r.kind === "foreign_table");
  const views = rels.filter((r) => r.kind === "view" || r.kind === "materialized_view");
  const fns = [...cache.functions.entries()]
    .filter(([, f]) => f[0].schema === schema)
    .sort(([a], [b]) => a.localeCompare(b));
  const enums = [...cache.enums.values()]
    .filter((e) => e.schema === schema)
    .sort((a, b) => a.name.localeCompare(b.name));
  const comps = [...cache.composites.values()]
    .filter((c) => c.schema === schema)
    .sort((a, b) => a.name.localeCompare(b.name));
  const section = (title: string, body: string[]) =>
    body.length ? [`${title}: {`, ...body.map((l) => `  ${l}`), "}"] : [`${title}: {`, "  [_ in never]: never", "}"];
  return [
    `${key(schema)}: {`,
    ...indentAll([
      ...section(
        "Tables",
        tables.flatMap((r) => relationBlock(r, cache, true)),
      ),
      ...section(
        "Views",
        views.flatMap((r) => relationBlock(r, cache, r.insertable || r.updatable)),
      ),
      ...section(
        "Functions",
        fns.flatMap(([, f]) => functionBlock(f[0].name, f, cache)),
      ),
      ...section(
        "Enums",
        enums.map((e) => `${key(e.name)}: ${e.values.map((v) => JSON.stringify(v)).join(" | ")}`),
      ),
      ...section(
        "CompositeTypes",
        comps.flatMap((c) => [
          `${key(c.name)}: {`,
          ...c.attributes.map((a) => `  ${key(a.name)}: ${tsType(a, cache)} | null`),
          "}",
        ]),
      ),
    ]),
    "}",
  ];
}

function indentAll(lines: string[]): string[] {
  return lines.map((l) => `  ${l}`);
}

const HELPERS = `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never
`;

export function generateTypes(cache: SchemaCache, schemas: string[]): string {
  const constants = schemas.map((s) => {
    const enums = [...cache.enums.values()].filter((e) => e.schema === s);
    return `  ${key(s)}: {\n    Enums: {${enums.length ? `\n${enums.map((e) => `      ${key(e.name)}: ${JSON.stringify(e.values)},`).join("\n")}\n    ` : ""}},\n  },`;
  });
  return [
    "export type Json =",
    "  | string",
    "  | number",
    "  | boolean",
    "  | null",
    "  | { [key: string]: Json | undefined }",
    "  | Json[]",
    "",
    "export type Database = {",
    indent(
      schemas.flatMap((s) => schemaBlock(cache, s)),
      1,
    ),
    "}",
    "",
    HELPERS,
    "export const Constants = {",
    ...constants,
    "} as const",
    "",
  ].join("\n");
}
