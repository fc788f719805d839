// /rpc/f: choose the overload by argument names (PostgREST's rule), collect the
// arguments, and describe the result rows so the read passes can shape them.
import { pgrst } from "../errors.js";
import { parseFilterValue } from "../parse/filter.js";
import type { ApiQuery } from "../parse/types.js";
import { type Column, type FunctionDef, qualifiedKey, type Relation, type SchemaCache } from "../schema/types.js";
import { parseJsonBody } from "./body.js";
import type { RpcCall } from "./types.js";

export const RPC_CTE = "pgrst_call";
export const SCALAR_COLUMN = "pgrst_scalar";

const JSON_TYPES = new Set(["json", "jsonb"]);

function takesWholeBody(fn: FunctionDef): boolean {
  return fn.params.length === 1 && fn.params[0].name === "" && JSON_TYPES.has(fn.params[0].typname);
}

export function functionsNamed(cache: SchemaCache, schema: string, name: string): FunctionDef[] {
  return cache.functions.get(qualifiedKey(schema, name)) ?? [];
}

/** Picks the overload whose parameters fit the given argument names. */
export function chooseFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  argNames: string[],
  bodyIsObject: boolean,
): FunctionDef {
  const overloads = functionsNamed(cache, schema, name);
  const fits = overloads.filter(
    (fn) =>
      (bodyIsObject && takesWholeBody(fn)) ||
      (argNames.every((a) => fn.params.some((p) => p.name === a)) &&
        fn.params.every((p) => p.hasDefault || argNames.includes(p.name))),
  );
  // An exact name match beats the whole-body JSON fallback.
  const named = fits.filter((fn) => !takesWholeBody(fn) || argNames.length === 0);
  const chosen = named.length ? named : fits;
  if (chosen.length === 1) return chosen[0];
  const qualified = `${schema}.${name}`;
  if (chosen.length === 0) {
    const withArgs = argNames.length ? `(${argNames.join(", ")})` : " without parameters";
    const withParams = argNames.length ? ` with parameters ${argNames.join(", ")}` : " without parameters";
    const similar = overloads[0];
    throw pgrst(
      404,
      "PGRST202",
      `Could not find the function ${qualified}${withArgs} in the schema cache`,
      `Searched for the function ${qualified}${withParams} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      similar
        ? `Perhaps you meant to call the function ${qualified}(${similar.params.map((p) => p.name).join(", ")})`
        : null,
    );
  }
  const signature = (fn: FunctionDef) => `${qualified}(${fn.params.map((p) => `${p.name} => ${p.type}`).join(", ")})`;
  throw pgrst(
    300,
    "PGRST203",
    `Could not choose the best candidate function between: ${chosen.map(signature).join(", ")}`,
    null,
    "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
  );
}

/** POST: the JSON body holds the arguments (or is the single JSON argument). */
export function rpcFromBody(cache: SchemaCache, schema: string, name: string, raw: string): RpcCall {
  const body = raw.trim() === "" ? {} : parseJsonBody(raw);
  const isObject = typeof body === "object" && body !== null && !Array.isArray(body);
  const names = isObject ? Object.keys(body as object) : [];
  const fn = chooseFunction(cache, schema, name, names, isObject || Array.isArray(body));
  if (takesWholeBody(fn) && !(names.length === 1 && names[0] === fn.params[0].name)) {
    return { fn, args: { kind: "body", json: raw.trim() === "" ? "{}" : raw } };
  }
  if (!isObject) throw pgrst(400, "PGRST102", "Empty or invalid json");
  return namedCall(fn, names, raw.trim() === "" ? "{}" : raw);
}

/**
 * POST with `Prefer: params=single-object`: the whole body is the one argument of
 * a function taking a single json/jsonb parameter, whatever its name.
 */
export function rpcSingleObject(cache: SchemaCache, schema: string, name: string, raw: string): RpcCall {
  const json = raw.trim() === "" ? "{}" : raw;
  parseJsonBody(json);
  const fits = functionsNamed(cache, schema, name).filter(
    (fn) => fn.params.length === 1 && JSON_TYPES.has(fn.params[0].typname),
  );
  if (fits.length === 1) return { fn: fits[0], args: { kind: "body", json } };
  // No (or no single) candidate: the usual lookup names what was searched for.
  return { fn: chooseFunction(cache, schema, name, [], true), args: { kind: "body", json } };
}

/** GET/HEAD: query parameters named like parameters are arguments; the rest filter the result. */
export function rpcFromQuery(
  cache: SchemaCache,
  schema: string,
  name: string,
  q: ApiQuery,
): { call: RpcCall; query: ApiQuery } {
  const paramNames = new Set(functionsNamed(cache, schema, name).flatMap((fn) => fn.params.map((p) => p.name)));
  const args = new Map<string, string[]>();
  for (const [key, value] of q.params) {
    if (paramNames.has(key)) args.set(key, [...(args.get(key) ?? []), value]);
  }
  const fn = chooseFunction(cache, schema, name, [...args.keys()], false);
  const values: Record<string, unknown> = {};
  for (const [key, list] of args) {
    const variadic = fn.params.find((p) => p.name === key)?.variadic;
    values[key] = variadic ? list : list[list.length - 1];
  }
  const filters = q.filters.filter((f) => f.path.length > 0 || !args.has(f.value.field.name));
  // What is neither an argument nor a filter is a malformed filter: let the parser say why.
  for (const [key, value] of q.params) if (!args.has(key)) parseFilterValue(value);
  return { call: namedCall(fn, [...args.keys()], JSON.stringify(values)), query: { ...q, filters } };
}

function namedCall(fn: FunctionDef, names: string[], json: string): RpcCall {
  if (fn.params.length === 0) return { fn, args: { kind: "none" } };
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
      : [
          {
            name: SCALAR_COLUMN,
            type: fn.returnType,
            typname: fn.returnTypname,
            typschema: "pg_catalog",
            typtype: "b",
            elemTypname: null,
            nullable: true,
            default: null,
            identity: false,
            generated: false,
            description: null,
          },
        ];
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
