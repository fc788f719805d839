// The one way the stack validates what it is given (docs/architecture.md, "Validation"):
// a TypeBox schema per route (body, query, params) or per file (config.toml), from
// which the TypeScript type comes (`Static`). Routes hand their schemas to Fastify,
// which validates with the Ajv compiled here with the service's options; a failure
// goes to the service's catalogue (`schemaErrorFormatter`), which words it as the
// service's upstream does (GoTrue, storage-api).
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { Static, TSchema } from "@sinclair/typebox";
import { Ajv, type ErrorObject, type KeywordDefinition, type Options } from "ajv";
import type { FastifyInstance, FastifySchemaValidationError } from "fastify";

export type { ErrorObject as SchemaIssue } from "ajv";

/**
 * Safety options every validator keeps (Ajv's security notes): the first error only,
 * so a huge array cannot make it collect millions (Fastify's own default); no `$data`
 * references; schemas checked strictly when compiled, so a misspelt keyword fails at
 * start-up instead of validating nothing (`required` may name a property declared
 * beside it, as storage-api's `anyOf: [{required: [...]}]` does).
 */
const SAFE: Options = { allErrors: false, $data: false, strict: true, strictRequired: false, addUsedSchema: false };

/**
 * storage-api's `finite` keyword: coercion turns "Infinity" into a number that
 * `integer` lets through, so numbers that must be finite say so (`{ finite: true }`).
 */
const FINITE: KeywordDefinition = {
  keyword: "finite",
  schemaType: "boolean",
  validate: (enabled: boolean, value: unknown) =>
    !enabled || value === null || (typeof value === "number" && Number.isFinite(value)),
};

function newAjv(options: Options): Ajv {
  const ajv = new Ajv(options);
  ajv.addKeyword(FINITE);
  return ajv;
}

/**
 * What Fastify's own compiler does with a JSON body when nothing else is said, which
 * is also what storage-api runs: `"60"` for an integer is coerced, defaults filled in.
 */
export const FASTIFY_DEFAULTS: Options = { coerceTypes: "array", useDefaults: true, removeAdditional: true };

/** No coercion and no NaN/Infinity: a value of the wrong type is refused, as Go's JSON decoding refuses it. */
export const STRICT_TYPES: Options = { coerceTypes: false, useDefaults: true, strictNumbers: true };

interface ValidationOptions {
  /** Ajv options of this service (FASTIFY_DEFAULTS or STRICT_TYPES, plus its own). */
  ajv: Options;
  /** Schemas other schemas refer to by `$ref` (each with an `$id`). */
  shared?: TSchema[];
  /** The service's error for a request that fails its route's schema. */
  failure(issues: FastifySchemaValidationError[], part: string): Error;
}

/**
 * Makes `app` (a service's encapsulated scope) validate its routes' schemas with
 * `options`, and returns it typed so each handler's `req.body` / `req.query` is its
 * schema's static type.
 */
export function validatedRoutes(app: FastifyInstance, options: ValidationOptions) {
  let ajv: Ajv | undefined;
  app.setValidatorCompiler(({ schema }) => {
    // One Ajv per scope, made on the first route that has a schema.
    if (!ajv) {
      ajv = newAjv({ ...SAFE, ...options.ajv });
      for (const schema of options.shared ?? []) ajv.addSchema(schema);
    }
    return ajv.compile(schema);
  });
  app.setSchemaErrorFormatter((errors, part) => options.failure(errors, part));
  return app.withTypeProvider<TypeBoxTypeProvider>();
}

/** A route app validated by `validatedRoutes`. */
export type RouteApp = ReturnType<typeof validatedRoutes>;

/** Fastify's own wording of a failure: `body/topK must be <= 100, …` (defaultSchemaErrorFormatter). */
export function fastifyMessage(issues: FastifySchemaValidationError[], part: string): string {
  return issues.map((issue) => `${part}${issue.instancePath ?? ""} ${issue.message ?? "is invalid"}`).join(", ");
}

/** The value typed by its schema, or the issues that make it invalid. */
export type Validator<S extends TSchema> = (
  value: unknown,
) => { ok: true; value: Static<S> } | { ok: false; issues: ErrorObject[] };

/** One Ajv per set of options for the validators below (schemas without `$id`, compiled once each). */
const standalone = new Map<string, Ajv>();

/**
 * A validator for a value outside a route's schema (a configuration file, a body read
 * in its handler). A file's issues are all shown at once (`allErrors`, the file being
 * the developer's own); a request's validator passes `allErrors: false`.
 */
export function validatorOf<S extends TSchema>(schema: S, options: Options = STRICT_TYPES): Validator<S> {
  const all = { ...SAFE, allErrors: true, ...options };
  const key = JSON.stringify(all);
  let ajv = standalone.get(key);
  if (!ajv) {
    ajv = newAjv(all);
    standalone.set(key, ajv);
  }
  const validate = ajv.compile(schema);
  return (value) =>
    validate(value) ? { ok: true, value: value as Static<S> } : { ok: false, issues: validate.errors ?? [] };
}
