// Turns PostgREST / network errors into Refine HttpErrors carrying SPEC §8 messages,
// with field errors where the database names the column (antd forms show them on the field).
import type { HttpError } from "@refinedev/core";
import type { FieldDefinition, ResourceDefinition } from "../resources/types";
import { MESSAGES, stillUsedMessage, uniqueMessage } from "./messages";

/** What supabase-js hands back in `error` (PostgREST body, or a fetch failure with an empty code). */
export interface PostgrestLikeError {
  code?: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

export type Operation = "read" | "create" | "update" | "delete";

export type DescribeResource = (name: string) => ResourceDefinition | undefined;

const JWT_CODES = new Set(["PGRST301", "PGRST302", "PGRST303"]);

export function isNetworkError(error: PostgrestLikeError): boolean {
  return !error.code && /fetch|network|load failed|ECONNREFUSED/i.test(error.message);
}

/** Constraint names follow `<table>_<column>_key|_fkey|_check[_rule]`. */
export function parseConstraint(
  table: string,
  constraint: string,
): { column: string; kind: "key" | "fkey" | "check"; rule?: string } | undefined {
  if (!constraint.startsWith(`${table}_`)) return undefined;
  const rest = constraint.slice(table.length + 1);
  const match = /^(.+?)_(fkey|key|check)(?:_(.+))?$/.exec(rest);
  if (!match) return undefined;
  return { column: match[1], kind: match[2] as "key" | "fkey" | "check", rule: match[3] };
}

const quoted = (text: string, after: string) => new RegExp(`${after} "([^"]+)"`).exec(text)?.[1];

/** Lowercases ordinary labels ("E-mail" → "e-mail") but keeps acronyms ("SKU"). */
const inSentence = (label: string) => (label === label.toUpperCase() ? label : label.toLowerCase());

function fieldOf(def: ResourceDefinition | undefined, column: string): FieldDefinition | undefined {
  return def?.fields.find((f) => f.name === column);
}

function httpError(statusCode: number, message: string, errors?: Record<string, string[]>): HttpError {
  return errors ? { statusCode, message, errors } : { statusCode, message };
}

export function toHttpError(
  error: PostgrestLikeError,
  resource: string,
  operation: Operation,
  describe: DescribeResource,
): HttpError {
  const def = describe(resource);
  const singular = def?.label.singular ?? resource;
  const code = error.code ?? "";
  const text = error.message ?? "";

  if (isNetworkError(error)) return httpError(0, MESSAGES.network);
  if (JWT_CODES.has(code)) return httpError(401, MESSAGES.sessionEnded);
  if (code === "42501") return httpError(403, MESSAGES.forbidden);
  if (code === "PT409") return httpError(409, MESSAGES.stale);
  if (code === "PGRST116") return httpError(404, `This ${singular} does not exist or you can't see it.`);

  if (code === "23505") {
    const column =
      parseConstraint(resource, quoted(text, "constraint") ?? "")?.column ??
      /Key \((?:lower\()?([a-z_]+)/.exec(error.details ?? "")?.[1];
    const field = column ? fieldOf(def, column) : undefined;
    const message = uniqueMessage(singular, inSentence(field?.label ?? column ?? "value"));
    return httpError(409, message, column ? { [column]: [message] } : undefined);
  }

  if (code === "23503") {
    if (operation === "delete") {
      const otherTable =
        /referenced from table "([^"]+)"/.exec(error.details ?? "")?.[1] ??
        /on table "([^"]+)"\s*$/.exec(text)?.[1] ??
        "other records";
      const other = describe(otherTable)?.label.plural ?? otherTable.replaceAll("_", " ");
      return httpError(409, stillUsedMessage(singular, other));
    }
    const column = parseConstraint(resource, quoted(text, "constraint") ?? "")?.column;
    const field = column ? fieldOf(def, column) : undefined;
    const target = field?.reference ? (describe(field.reference.resource)?.label.singular ?? field.label) : "record";
    const message = `The chosen ${inSentence(target)} does not exist any more.`;
    return httpError(409, message, column ? { [column]: [message] } : undefined);
  }

  if (code === "23514") {
    const constraint = quoted(text, "constraint") ?? "";
    const parsed = parseConstraint(resource, constraint);
    const field = parsed ? fieldOf(def, parsed.column) : undefined;
    if (!parsed || !field) return httpError(400, `The ${singular} breaks the rule "${constraint}".`);
    const message =
      (parsed.rule ? field.checks?.[parsed.rule] : undefined) ?? field.rule ?? `${field.label} is not valid.`;
    return httpError(400, message, { [parsed.column]: [message] });
  }

  if (code === "23502") {
    const column = quoted(text, "column");
    const field = column ? fieldOf(def, column) : undefined;
    const message = `${field?.label ?? column ?? "A value"} is required.`;
    return httpError(400, message, column ? { [column]: [message] } : undefined);
  }

  // Raised by triggers with a sentence meant for the operator (e.g. illegal status change).
  if (code === "P0001") return httpError(400, text);
  if (code === "22001") return httpError(400, "A value is too long.");
  if (code === "22003") return httpError(400, "A number is out of range.");
  if (code === "22P02" || code === "22007" || code === "22008") return httpError(400, "A value has the wrong format.");

  return httpError(500, text || "Something went wrong.");
}
