// The loose reading of a JSON body the object routes share: a body that is not an
// object reads as empty, fields are checked where they are used.
import type { FastifyRequest } from "fastify";
import { ERRORS } from "../errors.js";

export type Body = Record<string, unknown>;

export function bodyOf(req: FastifyRequest): Body {
  return req.body && typeof req.body === "object" ? (req.body as Body) : {};
}

export function stringField(body: Body, name: string): string {
  const value = body[name];
  if (typeof value !== "string" || !value) throw ERRORS.invalidRequest(`body must have required property '${name}'`);
  return value;
}

export function positiveInt(value: unknown, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw ERRORS.invalidRequest(`${name} must be a positive integer`);
  return n;
}
