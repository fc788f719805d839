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

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
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

/** What a request that fails says (GoTrue's wording: `badJson`). */
function notAnObject(_p: Params<TProperties>, value: unknown): Error {
  return AUTH_ERRORS.badJson(`expected a JSON object, got ${kindOf(value)}`);
}
function wrongField(_p: Params<TProperties>, field: string, value: unknown, issue: SchemaIssue): Error {
  return AUTH_ERRORS.badJson(
    `field "${field}${issue.instancePath}" ${issue.message ?? "is invalid"}, got ${kindOf(value)}`,
  );
}

/**
 * Reads the body as the params struct `p`. Unknown fields are ignored (auth-js sends
 * gotrue_meta_security and friends); `null` counts as absent, as Go leaves the zero
 * value; the first field of the wrong type, in the body's order, is the error.
 */
export function readBody<P extends TProperties>(req: FastifyRequest, p: Params<P>): Partial<Static<TObject<P>>> {
  const body = req.body ?? {};
  if (kindOf(body) !== "object") throw notAnObject(p as unknown as Params<TProperties>, body);
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    const schema = Object.hasOwn(p.fields, field) ? p.fields[field] : undefined;
    if (!schema || value === undefined || value === null) continue;
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
