// Typed reading of JSON bodies and query parameters. Each body is one of GoTrue's
// params structs (params.ts), a TypeBox schema from which the handler's type comes,
// checked with the stack's one validator (shared/validation.ts). It is read inside
// the handler, where GoTrue's retrieveRequestParams reads it (after rate limits and
// the caller's checks that come first there), so a field of the wrong type is refused
// before anything is written: 400 bad_json, as when Go cannot unmarshal the body.
import { type Static, type TObject, type TProperties, type TSchema, Type } from "@sinclair/typebox";
import type { FastifyRequest } from "fastify";
import { type SchemaIssue, STRICT_TYPES, type Validator, validatorOf } from "../shared/validation.js";
import { AUTH_ERRORS } from "./errors.js";

/** A GoTrue params struct: its Go type name (`api.SignupParams`) and its fields. */
export interface Params<P extends TProperties> {
  go: string;
  fields: P;
  schema: TObject<P>;
}

/** Every field optional: an absent field is Go's zero value. */
export function params<P extends TProperties>(go: string, fields: P): Params<P> {
  return { go, fields, schema: Type.Partial(Type.Object(fields)) as unknown as TObject<P> };
}

/** One validator per field, made on first use; a field is checked alone, in the body's own order. */
const fieldValidators = new WeakMap<TSchema, Validator<TSchema>>();
function fieldValidator(schema: TSchema): Validator<TSchema> {
  let validate = fieldValidators.get(schema);
  if (!validate) {
    validate = validatorOf(schema, { ...STRICT_TYPES, allErrors: false });
    fieldValidators.set(schema, validate);
  }
  return validate;
}

/** The JSON kind Go's decoder names in an UnmarshalTypeError (encoding/json's `Value`). */
function goKindOf(value: unknown): string {
  if (Array.isArray(value)) return "array";
  if (typeof value === "boolean") return "bool";
  return typeof value;
}

/** The Go type a field's schema stands for (params.ts: string, bool, map, []string). */
function goTypeOf(schema: TSchema): string {
  switch (schema.type) {
    case "boolean":
      return "bool";
    case "object":
      return "map[string]interface {}";
    case "array":
      return `[]${goTypeOf(schema.items as TSchema)}`;
    default:
      return String(schema.type);
  }
}

/** A body that is no JSON object: Go's "cannot unmarshal array into Go value of type api.SignupParams". */
function notAnObject(p: Params<TProperties>, value: unknown): Error {
  return AUTH_ERRORS.badJson(`json: cannot unmarshal ${goKindOf(value)} into Go value of type ${p.go}`);
}

/** A field of the wrong type: Go's "cannot unmarshal number into Go struct field SignupParams.email of type string". */
function wrongField(p: Params<TProperties>, field: string, value: unknown, issue: SchemaIssue): Error {
  // An item of a list fails inside it ("/2"): Go names the list's field and the item's type.
  const schema = p.fields[field] as TSchema;
  const inItem = issue.instancePath !== "" && schema.type === "array";
  const bad = inItem ? (value as unknown[])[Number(issue.instancePath.slice(1))] : value;
  const type = goTypeOf(inItem ? (schema.items as TSchema) : schema);
  const struct = p.go.slice(p.go.indexOf(".") + 1);
  return AUTH_ERRORS.badJson(
    `json: cannot unmarshal ${goKindOf(bad)} into Go struct field ${struct}.${field} of type ${type}`,
  );
}

/**
 * A name folded as encoding/json folds a key to find its field: case-insensitively, by
 * Unicode simple folding (the Kelvin sign is a `k`, `ſ` an `s`), never one letter into
 * two (`ß` is not `ss`).
 */
function foldName(name: string): string {
  let out = "";
  for (const char of name) {
    const upper = char.toUpperCase();
    out += ([...upper].length === 1 ? upper : char).toLowerCase();
  }
  return out;
}

/** Each struct's fields by folded name, made on first use. */
const foldedFields = new WeakMap<Params<TProperties>, Map<string, string>>();

/** The field a body key decodes into: its exact name first, else a case-insensitive match (encoding/json). */
function fieldFor(p: Params<TProperties>, key: string): string | undefined {
  if (Object.hasOwn(p.fields, key)) return key;
  let folded = foldedFields.get(p);
  if (!folded) {
    folded = new Map(Object.keys(p.fields).map((name) => [foldName(name), name]));
    foldedFields.set(p, folded);
  }
  return folded.get(foldName(key));
}

/**
 * Reads the body as the params struct `p`. A key names its field as encoding/json finds
 * it, case-insensitively (`"Email"` is `email`; of two spellings the later wins). Unknown
 * fields are ignored (auth-js sends gotrue_meta_security and friends); `null` leaves the
 * field as it was, as Go does; the first field of the wrong type, in the body's order, is
 * the error.
 */
export function readBody<P extends TProperties>(req: FastifyRequest, p: Params<P>): Partial<Static<TObject<P>>> {
  const body = req.body ?? {};
  if (typeof body !== "object" || Array.isArray(body)) throw notAnObject(p as unknown as Params<TProperties>, body);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const field = fieldFor(p as unknown as Params<TProperties>, key);
    if (field === undefined || value === undefined || value === null) continue;
    const schema = p.fields[field];
    const checked = fieldValidator(schema)(value);
    if (!checked.ok) {
      throw wrongField(p as unknown as Params<TProperties>, field, value, checked.issues[0] as SchemaIssue);
    }
    out[field] = value;
  }
  return out as Partial<Static<TObject<P>>>;
}

export function queryParam(req: FastifyRequest, name: string): string | undefined {
  const value = (req.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
}

/** badoux/checkmail's ValidateFormat, which GoTrue's validateEmail applies. */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Lower-cases and checks an address as GoTrue's validateEmail does. */
export function normalizeEmail(email: string): string {
  const trimmed = email.trim();
  if (!trimmed) throw AUTH_ERRORS.validationFailed("An email address is required");
  if (trimmed.length > 255) throw AUTH_ERRORS.validationFailed("An email address is too long");
  if (!EMAIL.test(trimmed)) throw AUTH_ERRORS.validationFailed("Unable to validate email address: invalid format");
  return trimmed.toLowerCase();
}
