// Typed reading of JSON bodies and query parameters. A field of the wrong type
// is refused before anything is written (GoTrue answers 400 bad_json when Go
// cannot unmarshal the body into its params struct).
import type { FastifyRequest } from "fastify";
import { AUTH_ERRORS } from "./errors.js";

type Kind = "string" | "boolean" | "number" | "object" | "array";
type Spec = Record<string, Kind>;
type Out<S extends Spec> = {
  [K in keyof S]?: S[K] extends "string"
    ? string
    : S[K] extends "boolean"
      ? boolean
      : S[K] extends "number"
        ? number
        : S[K] extends "array"
          ? unknown[]
          : Record<string, unknown>;
};

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/**
 * Reads the fields named in `spec` from the JSON body. Unknown fields are ignored
 * (auth-js sends gotrue_meta_security and friends); `null` counts as absent.
 */
export function readBody<S extends Spec>(req: FastifyRequest, spec: S): Out<S> {
  const body = req.body ?? {};
  if (kindOf(body) !== "object") {
    throw AUTH_ERRORS.badJson("expected a JSON object");
  }
  const out: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(spec)) {
    const value = (body as Record<string, unknown>)[field];
    if (value === undefined || value === null) continue;
    if (kindOf(value) !== kind) {
      throw AUTH_ERRORS.badJson(`field "${field}" must be a ${kind}, got ${kindOf(value)}`);
    }
    out[field] = value;
  }
  return out as Out<S>;
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
