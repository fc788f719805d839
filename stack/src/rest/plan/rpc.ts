// /rpc/f: choose the overload by argument names (PostgREST's findProc), collect the
// arguments, and describe the result rows so the read passes can shape them.
import { REST_ERRORS } from "../errors.js";
import { closestMatch, SUGGESTION_MIN_SCORE } from "../fuzzy.js";
import { parseFilterValue } from "../parse/filter.js";
import type { ApiQuery } from "../parse/types.js";
import {
  type Column,
  type FunctionDef,
  looseColumn,
  qualifiedKey,
  type Relation,
  type SchemaCache,
} from "../schema/types.js";
import { parseJsonBody } from "./body.js";
import type { RpcCall } from "./types.js";

export const RPC_CTE = "pgrst_call";
export const SCALAR_COLUMN = "pgrst_scalar";

/** How a POST body was sent: it decides which single unnamed parameter may take it whole. */
export type BodyMedia = "json" | "text" | "xml" | "octet";

const WHOLE_BODY_TYPES: Record<BodyMedia, string[]> = {
  json: ["json", "jsonb"],
  text: ["text"],
  xml: ["xml"],
  octet: ["bytea"],
};

/** A function of one unnamed parameter is called with that parameter positionally. */
function positional(fn: FunctionDef): boolean {
  return fn.params.length === 1 && fn.params[0].name === "";
}

function functionsNamed(cache: SchemaCache, schema: string, name: string): FunctionDef[] {
  return cache.functions.get(qualifiedKey(schema, name)) ?? [];
}

interface CallRequest {
  /** Argument names: the JSON body's keys (POST) or the non-filter query parameters (GET). */
  keys: string[];
  /** POST body media; undefined for GET/HEAD. */
  post?: BodyMedia;
}

/**
 * PostgREST's findProc: a function fits when the arguments name all its required
 * parameters and otherwise only optional ones. Failing that, a POST falls back to a
 * function whose one unnamed parameter has the body's type (json/jsonb for JSON).
 */
function chooseFunction(cache: SchemaCache, schema: string, name: string, call: CallRequest): FunctionDef {
  const overloads = functionsNamed(cache, schema, name);
  const keys = new Set(call.keys);
  const rawBody = call.post !== undefined && call.post !== "json";
  const fits = (fn: FunctionDef) => {
    if (fn.params.length === 0) return keys.size === 0 && !rawBody;
    const optional = new Set(fn.params.filter((p) => p.hasDefault).map((p) => p.name));
    const required = new Set(fn.params.filter((p) => !p.hasDefault).map((p) => p.name));
    const rest = [...keys].filter((k) => !optional.has(k));
    return rest.length === required.size && rest.every((k) => required.has(k));
  };
  const takesBody = (fn: FunctionDef) =>
    call.post !== undefined && positional(fn) && WHOLE_BODY_TYPES[call.post].includes(fn.params[0].typname);
  const named = overloads.filter(fits);
  const fallback = overloads.filter((fn) => !fits(fn) && takesBody(fn));
  const chosen = named.length ? named : fallback;
  if (chosen.length === 1) return chosen[0];
  const qualified = `${schema}.${name}`;
  if (chosen.length === 0) throw functionNotFound(cache, schema, name, overloads, call);
  const signature = (fn: FunctionDef) => `${qualified}(${fn.params.map((p) => `${p.name} => ${p.type}`).join(", ")})`;
  throw REST_ERRORS.ambiguousFunction(chosen.map(signature));
}

/** PGRST202, worded as PostgREST words it for the kind of call, with its fuzzy suggestion. */
function functionNotFound(
  cache: SchemaCache,
  schema: string,
  name: string,
  overloads: FunctionDef[],
  call: CallRequest,
) {
  const qualified = `${schema}.${name}`;
  const keys = [...new Set(call.keys)].sort();
  const rawBody = call.post !== undefined && call.post !== "json";
  const listed = keys.length ? `(${keys.join(", ")})` : " without parameters";
  const searched = keys.length
    ? ` with parameter${keys.length > 1 ? "s" : ""} ${keys.join(", ")}`
    : " without parameters";
  const how =
    call.post === undefined
      ? searched
      : rawBody
        ? ` with a single unnamed ${WHOLE_BODY_TYPES[call.post][0]} parameter`
        : `${searched} or with a single unnamed json/jsonb parameter`;
  let hint: string | null = null;
  if (!rawBody) {
    const paramList = (names: string[]) => `(${[...names].sort().join(", ")})`;
    const similar = overloads.length
      ? closestMatch(
          overloads.map((fn) => paramList(fn.params.map((p) => p.name))),
          paramList(keys),
        )
      : closestMatch(
          [...cache.functions.values()]
            .flat()
            .filter((fn) => fn.schema === schema)
            .map((fn) => fn.name),
          name,
          SUGGESTION_MIN_SCORE,
        );
    if (similar !== undefined) {
      hint = `Perhaps you meant to call the function ${schema}.${overloads.length ? name : ""}${similar}`;
    }
  }
  return REST_ERRORS.noFunction(`${qualified}${rawBody ? "" : listed}`, `${qualified}${how}`, hint);
}

/** POST: the body's keys name the arguments; a positional function gets the body whole. */
export function rpcFromBody(cache: SchemaCache, schema: string, name: string, raw: string, media: BodyMedia): RpcCall {
  const empty = raw.trim() === "";
  const body = media === "json" && !empty ? parseJsonBody(raw) : {};
  const isObject = typeof body === "object" && body !== null && !Array.isArray(body);
  const keys = isObject ? Object.keys(body as object) : [];
  const fn = chooseFunction(cache, schema, name, { keys, post: media });
  if (positional(fn)) return { fn, args: { kind: "body", value: empty && media === "json" ? "{}" : raw } };
  if (media === "json" && !isObject && !empty) throw REST_ERRORS.invalidBody();
  return namedCall(fn, keys, empty ? "{}" : raw);
}

/**
 * POST with `Prefer: params=single-object`: the whole body is the one argument of
 * a function taking a single json/jsonb parameter, whatever its name.
 */
export function rpcSingleObject(cache: SchemaCache, schema: string, name: string, raw: string): RpcCall {
  const json = raw.trim() === "" ? "{}" : raw;
  parseJsonBody(json);
  const fits = functionsNamed(cache, schema, name).filter(
    (fn) => fn.params.length === 1 && WHOLE_BODY_TYPES.json.includes(fn.params[0].typname),
  );
  if (fits.length === 1) return { fn: fits[0], args: { kind: "body", value: json } };
  // No (or no single) candidate: the usual lookup names what was searched for.
  return { fn: chooseFunction(cache, schema, name, { keys: [], post: "json" }), args: { kind: "body", value: json } };
}

/** GET/HEAD: query parameters whose value is not an operator are arguments; the rest filter the result. */
export function rpcFromQuery(
  cache: SchemaCache,
  schema: string,
  name: string,
  q: ApiQuery,
): { call: RpcCall; query: ApiQuery } {
  const args = new Map<string, string[]>();
  for (const [key, value] of q.params) {
    if (!isFilterValue(value)) args.set(key, [...(args.get(key) ?? []), value]);
  }
  const fn = chooseFunction(cache, schema, name, { keys: [...args.keys()] });
  const values: Record<string, unknown> = {};
  for (const [key, list] of args) {
    const variadic = fn.params.find((p) => p.name === key)?.variadic;
    values[key] = variadic ? list : list[list.length - 1];
  }
  if (positional(fn)) return { call: { fn, args: { kind: "body", value: JSON.stringify(values) } }, query: q };
  return { call: namedCall(fn, [...args.keys()], JSON.stringify(values)), query: q };
}

function isFilterValue(value: string): boolean {
  try {
    parseFilterValue(value);
    return true;
  } catch {
    return false;
  }
}

function namedCall(fn: FunctionDef, names: string[], json: string): RpcCall {
  const params = fn.params.filter((p) => names.includes(p.name));
  if (params.length === 0) return { fn, args: { kind: "none" } };
  return { fn, args: { kind: "named", params, json } };
}

/** The shape of the rows a function returns, as a relation the read passes understand. */
export function resultRelation(fn: FunctionDef): Relation {
  if (fn.returnRelation) return fn.returnRelation;
  const columns: Column[] =
    fn.returnKind === "composite"
      ? fn.returnColumns
      : [looseColumn(SCALAR_COLUMN, fn.returnType, fn.returnTypname, "b")];
  return {
    schema: fn.schema,
    name: fn.name,
    kind: "view",
    description: null,
    columns: new Map(columns.map((c) => [c.name, c])),
    columnList: columns,
    pk: [],
    uniques: [],
    insertable: false,
    updatable: false,
    deletable: false,
    relationships: [],
  };
}

export function isReadOnlyCall(fn: FunctionDef): boolean {
  return fn.volatility !== "volatile";
}
