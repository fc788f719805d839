// The OpenAPI 2.0 document PostgREST serves at `/`: definitions per table/view
// (columns, types, formats, PK/FK notes, enums) and paths incl. /rpc/*, limited to
// what the caller may use (openapi-mode follow-privileges).
import type { Column, FunctionDef, Relation, SchemaCache } from "./schema/types.js";

export interface Visible {
  relations: Set<string>;
  functions: Set<number>;
}

function swaggerType(c: Pick<Column, "typname" | "elemTypname" | "typtype">): { type: string; items?: object } {
  if (c.elemTypname)
    return { type: "array", items: swaggerType({ typname: c.elemTypname, elemTypname: null, typtype: "b" }) };
  if (["int2", "int4", "int8"].includes(c.typname)) return { type: "integer" };
  if (["float4", "float8", "numeric"].includes(c.typname)) return { type: "number" };
  if (c.typname === "bool") return { type: "boolean" };
  if (c.typname === "json" || c.typname === "jsonb") return { type: "any" } as { type: string };
  return { type: "string" };
}

function property(rel: Relation, c: Column) {
  const notes: string[] = [];
  if (rel.pk.includes(c.name)) notes.push("This is a Primary Key.<pk/>");
  for (const r of rel.relationships) {
    if (r.cardinality !== "m2o" && r.cardinality !== "o2o") continue;
    const pair = r.cols.find(([o]) => o === c.name);
    if (pair && r.origin === rel) {
      notes.push(
        `This is a Foreign Key to \`${r.target.name}.${pair[1]}\`.<fk table='${r.target.name}' column='${pair[1]}'/>`,
      );
    }
  }
  const description = [c.description, notes.length ? `Note:\n${notes.join("\n")}` : null].filter(Boolean).join("\n\n");
  const t = swaggerType(c);
  return {
    ...(c.default !== null && { default: c.default }),
    ...(description && { description }),
    format: c.type,
    ...t,
    ...(c.enumValues && { enum: c.enumValues }),
    ...(c.typname === "varchar" && /\((\d+)\)/.test(c.type) && { maxLength: Number(/\((\d+)\)/.exec(c.type)?.[1]) }),
  };
}

function rowFilters(rel: Relation) {
  return rel.columnList.map((c) => ({ $ref: `#/parameters/rowFilter.${rel.name}.${c.name}` }));
}

function tablePath(rel: Relation) {
  const tag = [rel.name];
  const ok = {
    "200": { description: "OK", schema: { type: "array", items: { $ref: `#/definitions/${rel.name}` } } },
    "206": { description: "Partial Content" },
  };
  const path: Record<string, unknown> = {
    get: {
      tags: tag,
      ...(rel.description && { summary: rel.description }),
      parameters: [
        ...rowFilters(rel),
        { $ref: "#/parameters/select" },
        { $ref: "#/parameters/order" },
        { $ref: "#/parameters/range" },
        { $ref: "#/parameters/rangeUnit" },
        { $ref: "#/parameters/offset" },
        { $ref: "#/parameters/limit" },
        { $ref: "#/parameters/preferCount" },
      ],
      responses: ok,
    },
  };
  if (rel.insertable) {
    path.post = {
      tags: tag,
      parameters: [
        { $ref: `#/parameters/body.${rel.name}` },
        { $ref: "#/parameters/select" },
        { $ref: "#/parameters/preferPost" },
      ],
      responses: { "201": { description: "Created" } },
    };
  }
  if (rel.updatable) {
    path.patch = {
      tags: tag,
      parameters: [
        ...rowFilters(rel),
        { $ref: `#/parameters/body.${rel.name}` },
        { $ref: "#/parameters/preferReturn" },
      ],
      responses: { "204": { description: "No Content" } },
    };
  }
  if (rel.deletable) {
    path.delete = {
      tags: tag,
      parameters: [...rowFilters(rel), { $ref: "#/parameters/preferReturn" }],
      responses: { "204": { description: "No Content" } },
    };
  }
  return path;
}

function rpcPath(fn: FunctionDef) {
  const args = {
    required: fn.params.filter((p) => !p.hasDefault && p.name).map((p) => p.name),
    type: "object",
    properties: Object.fromEntries(
      fn.params
        .filter((p) => p.name)
        .map((p) => [
          p.name,
          {
            format: p.type,
            ...swaggerType({
              typname: p.typname,
              elemTypname: p.type.endsWith("[]") ? p.typname.replace(/^_/, "") : null,
              typtype: "b",
            }),
          },
        ]),
    ),
  };
  const post = {
    tags: [`(rpc) ${fn.name}`],
    ...(fn.description && { summary: fn.description }),
    parameters: [{ required: true, schema: args, in: "body", name: "args" }, { $ref: "#/parameters/preferParams" }],
    produces: [
      "application/json",
      "application/vnd.pgrst.object+json;nulls=stripped",
      "application/vnd.pgrst.object+json",
    ],
    responses: { "200": { description: "OK" } },
  };
  const get = {
    tags: [`(rpc) ${fn.name}`],
    parameters: fn.params
      .filter((p) => p.name)
      .map((p) => ({
        format: p.type,
        in: "query",
        name: p.name,
        required: !p.hasDefault,
        ...swaggerType({ typname: p.typname, elemTypname: null, typtype: "b" }),
      })),
    responses: { "200": { description: "OK" } },
  };
  return fn.volatility === "volatile" ? { post } : { get, post };
}

export function openApiDocument(cache: SchemaCache, schema: string, visible: Visible, baseUrl: string) {
  const relations = [...cache.relations.values()]
    .filter((r) => r.schema === schema && visible.relations.has(r.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  const functions = [...cache.functions.values()]
    .flat()
    .filter((f) => f.schema === schema && visible.functions.has(f.oid));
  const url = new URL(baseUrl);
  const parameters: Record<string, unknown> = {
    preferParams: {
      name: "Prefer",
      description: "Preference",
      required: false,
      enum: ["params=single-object"],
      in: "header",
      type: "string",
    },
    preferReturn: {
      name: "Prefer",
      description: "Preference",
      required: false,
      enum: ["return=representation", "return=minimal", "return=none"],
      in: "header",
      type: "string",
    },
    preferCount: {
      name: "Prefer",
      description: "Preference",
      required: false,
      enum: ["count=none"],
      in: "header",
      type: "string",
    },
    preferPost: {
      name: "Prefer",
      description: "Preference",
      required: false,
      enum: [
        "return=representation",
        "return=minimal",
        "return=none",
        "resolution=ignore-duplicates",
        "resolution=merge-duplicates",
      ],
      in: "header",
      type: "string",
    },
    select: { name: "select", description: "Filtering Columns", required: false, in: "query", type: "string" },
    on_conflict: { name: "on_conflict", description: "On Conflict", required: false, in: "query", type: "string" },
    order: { name: "order", description: "Ordering", required: false, in: "query", type: "string" },
    range: { name: "Range", description: "Limiting and Pagination", required: false, in: "header", type: "string" },
    rangeUnit: {
      name: "Range-Unit",
      description: "Limiting and Pagination",
      required: false,
      default: "items",
      in: "header",
      type: "string",
    },
    offset: { name: "offset", description: "Limiting and Pagination", required: false, in: "query", type: "string" },
    limit: { name: "limit", description: "Limiting and Pagination", required: false, in: "query", type: "string" },
  };
  const definitions: Record<string, unknown> = {};
  const paths: Record<string, unknown> = {
    "/": {
      get: {
        tags: ["Introspection"],
        summary: "OpenAPI description (this document)",
        produces: ["application/openapi+json", "application/json"],
        responses: { "200": { description: "OK" } },
      },
    },
  };
  for (const rel of relations) {
    const required = rel.columnList
      .filter((c) => !c.nullable && c.default === null && !c.identity && !c.generated)
      .map((c) => c.name);
    definitions[rel.name] = {
      ...(rel.description && { description: rel.description }),
      ...(required.length && { required }),
      properties: Object.fromEntries(rel.columnList.map((c) => [c.name, property(rel, c)])),
      type: "object",
    };
    parameters[`body.${rel.name}`] = {
      name: rel.name,
      description: rel.name,
      required: false,
      in: "body",
      schema: { $ref: `#/definitions/${rel.name}` },
    };
    for (const c of rel.columnList) {
      parameters[`rowFilter.${rel.name}.${c.name}`] = {
        name: c.name,
        description: c.description ?? undefined,
        required: false,
        format: c.type,
        in: "query",
        type: "string",
      };
    }
    paths[`/${rel.name}`] = tablePath(rel);
  }
  for (const fn of functions) paths[`/rpc/${fn.name}`] = rpcPath(fn);
  return {
    swagger: "2.0",
    info: { description: "", title: "standard public schema", version: "14.12" },
    host: url.host,
    basePath: "/rest/v1",
    schemes: [url.protocol.replace(":", "")],
    consumes: [
      "application/json",
      "application/vnd.pgrst.object+json;nulls=stripped",
      "application/vnd.pgrst.object+json",
      "text/csv",
    ],
    produces: [
      "application/json",
      "application/vnd.pgrst.object+json;nulls=stripped",
      "application/vnd.pgrst.object+json",
      "text/csv",
    ],
    paths,
    definitions,
    parameters,
    externalDocs: { description: "PostgREST Documentation", url: "https://postgrest.org/en/v14/references/api.html" },
  };
}
