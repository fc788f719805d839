// Turns PostgREST / network errors into Refine HttpErrors carrying docs/product.md §8 messages,
// with field errors where the database names the column (antd forms show them on the field).
import type { HttpError } from "@refinedev/core";
import { englishList, type Label, MESSAGES, stillUsedMessage, templated, uniqueMessage } from "../i18n/messages";
import { resourceKey } from "../i18n/resourceKeys";
import type { FieldDefinition, ResourceDefinition } from "../resources/types";
import { isUnreachable } from "./connection";
import { opsdeskRefusal, ruleRefusal } from "./ruleErrors";

/** What supabase-js hands back in `error` (PostgREST body, or a fetch failure with an empty code). */
export interface PostgrestLikeError {
  code?: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

export type Operation = "read" | "create" | "update" | "delete";

/**
 * What the console finds itself, with no error from the database: a read that found no row, or
 * a write that reached none (the row is gone, or RLS hides it from this operator). Not a
 * SQLSTATE: the database said nothing wrong, the answer was empty.
 */
export interface NoRow {
  noRow: "read" | "write";
}

export const noRow = (what: NoRow["noRow"]): NoRow => ({ noRow: what });

export type DescribeResource = (name: string) => ResourceDefinition | undefined;

const JWT_CODES = new Set(["PGRST301", "PGRST302", "PGRST303"]);

/** The request got no answer (connection.ts marks every such failure). */
export function isNetworkError(error: PostgrestLikeError): boolean {
  return isUnreachable(error);
}

/** A failure's message for the operator where no resource's words apply: "no answer" in docs/product.md §8's. */
export function plainMessage(error: PostgrestLikeError): string {
  return isUnreachable(error) ? MESSAGES.network : error.message;
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

/**
 * The identifiers Postgres names in a constraint error, in order (the relation, the constraint,
 * the referencing table, the column): PostgREST carries a violated constraint's name only in
 * `message`, hosted and local alike, always double-quoted. The console reads these names, never
 * the words around them (docs/architecture.md, "Errors by code").
 */
const namesIn = (message: string): string[] => message.split('"').filter((_, i) => i % 2 === 1);

/** The constraint a 23505/23503/23514 names: 23503 after the table written, the others last. */
export function violatedConstraint(error: PostgrestLikeError): string | undefined {
  const names = namesIn(error.message ?? "");
  if (error.code === "23503") return names[1];
  return error.code === "23505" || error.code === "23514" ? names.at(-1) : undefined;
}

/** Lowercases ordinary labels ("E-mail" → "e-mail") but keeps acronyms ("SKU"). */
const inSentence = (label: string) => (label === label.toUpperCase() ? label : label.toLowerCase());

function fieldOf(def: ResourceDefinition | undefined, column: string): FieldDefinition | undefined {
  return def?.fields.find((f) => f.name === column);
}

// Labels inside messages, with the keys their translations have (src/i18n/resourceKeys.ts).
const singularOf = (resource: string, text: string): Label => ({ key: resourceKey.singular(resource), text });
const pluralOf = (resource: string, text: string): Label => ({ key: resourceKey.plural(resource), text });
const labelOf = (resource: string, field: FieldDefinition, text = field.label): Label => ({
  key: resourceKey.field(resource, field.name),
  text,
});
const inEnglish = (label: Label | Label[] | string): string =>
  typeof label === "string" ? label : Array.isArray(label) ? englishList(label.map((l) => l.text)) : label.text;

/** The columns a unique violation is about: the constraint's field(s) as the definition knows
 * them, its name read as `<table>_<column>_key`, or the primary key's (`<table>_pkey`). */
function uniqueColumns(def: ResourceDefinition | undefined, resource: string, constraint: string): string[] {
  const known = def?.constraints?.[constraint];
  if (known?.fields) return known.fields;
  if (known?.field) return [known.field];
  const parsed = parseConstraint(resource, constraint)?.column;
  if (parsed) return [parsed];
  if (constraint === `${def?.table?.name ?? resource}_pkey`) {
    return def?.keyColumns ?? [def?.idColumn ?? "id"];
  }
  return [];
}

/** The `reason` of a save refused because the record changed since it was loaded (the form offers a reload). */
const STALE = "stale";

/** Whether a save was refused as stale (toHttpError's `reason`), whatever the message's words. */
export const isStaleError = (error: HttpError | undefined): boolean => error?.reason === STALE;

function httpError(statusCode: number, message: string, errors?: Record<string, string[]>): HttpError {
  return errors ? { statusCode, message, errors } : { statusCode, message };
}

export function toHttpError(
  error: PostgrestLikeError | NoRow,
  resource: string,
  operation: Operation,
  describe: DescribeResource,
): HttpError {
  const def = describe(resource);
  const singular = singularOf(resource, def?.label.singular ?? resource);
  const the = { resource: singular };
  const notFound = () => {
    const message = `This ${singular.text} does not exist or you can't see it.`;
    return httpError(404, templated(message, "errors.notFound", the, resource));
  };
  // A write RLS let through to no row reads as a refusal, as PostgREST's own 42501 does.
  if ("noRow" in error) return error.noRow === "read" ? notFound() : httpError(403, MESSAGES.forbidden);
  const code = error.code ?? "";
  const text = error.message ?? "";

  if (isNetworkError(error)) return httpError(0, MESSAGES.network);
  if (JWT_CODES.has(code)) return httpError(401, MESSAGES.sessionEnded);
  if (code === "42501") return httpError(403, MESSAGES.forbidden);
  // A version that moved on: the demo's trigger (PT409), or opsdesk.bulk_write's refused row.
  if (code === "PT409" || error.hint === "OPSDESK_STALE") return { ...httpError(409, MESSAGES.stale), reason: STALE };
  // PostgREST's own: `.single()` found no row.
  if (code === "PGRST116") return notFound();
  // The table's schema is not one the project's Data API serves (docs/any-project.md, "Which
  // schemas are exposed"): say where that list is kept, not PostgREST's "Invalid schema".
  if (code === "PGRST106" && def?.table?.schema) {
    const schema = def.table.schema;
    const plural = pluralOf(resource, def.label.plural);
    const message = `The ${plural.text} are in the schema "${schema}", which this project's Data API does not expose: add "${schema}" to its exposed schemas (config.toml [api] schemas; on hosted Supabase, Project Settings → Data API → Exposed schemas).`;
    return httpError(406, templated(message, "errors.schemaNotExposed", { resource: plural, schema }, resource));
  }

  // A generated resource knows its constraints by name (src/schema): the field each is about.
  const constrained = (name: string) => def?.constraints?.[name]?.field;

  const names = namesIn(text);
  const constraint = violatedConstraint(error) ?? "";

  if (code === "23505") {
    const columns = uniqueColumns(def, resource, constraint);
    const fields = columns.map((column) => fieldOf(def, column));
    // Each field by its label where the definition has them all, else the columns as named.
    const labels: Label[] | string[] = fields.every((field) => field !== undefined)
      ? fields.map((field) => labelOf(resource, field, inSentence(field.label)))
      : columns;
    const label: Label | Label[] | string =
      labels.length === 0
        ? "value"
        : labels.length === 1
          ? labels[0]
          : typeof labels[0] === "string"
            ? englishList(labels as string[])
            : (labels as Label[]);
    const message = templated(
      uniqueMessage(singular.text, inEnglish(label)),
      "messages.unique",
      { resource: singular, field: label },
      resource,
    );
    return httpError(
      409,
      message,
      columns.length > 0 ? Object.fromEntries(columns.map((c) => [c, [message]])) : undefined,
    );
  }

  if (code === "23503") {
    if (operation === "delete") {
      // "update or delete on table <t> violates foreign key constraint <c> on table <other>".
      const otherTable = names[2] ?? "other records";
      const otherDef = describe(otherTable);
      const other = otherDef ? pluralOf(otherTable, otherDef.label.plural) : otherTable.replaceAll("_", " ");
      const message = stillUsedMessage(singular.text, inEnglish(other));
      return httpError(409, templated(message, "messages.stillUsed", { resource: singular, other }, resource));
    }
    const column = parseConstraint(resource, constraint)?.column;
    const field = column ? fieldOf(def, column) : undefined;
    const targetDef = field?.reference ? describe(field.reference.resource) : undefined;
    const target: Label | string = targetDef
      ? singularOf(targetDef.name, inSentence(targetDef.label.singular))
      : field
        ? labelOf(resource, field, inSentence(field.label))
        : "record";
    const message = templated(
      `The chosen ${inEnglish(target)} does not exist any more.`,
      "errors.referenceGone",
      { resource: target },
      targetDef?.name,
    );
    return httpError(409, message, column ? { [column]: [message] } : undefined);
  }

  if (code === "23514") {
    const known = constrained(constraint);
    const parsed = known
      ? { column: known, kind: "check" as const, rule: undefined }
      : parseConstraint(resource, constraint);
    const field = parsed ? fieldOf(def, parsed.column) : undefined;
    if (!parsed || !field) {
      const message = `The ${singular.text} breaks the rule "${constraint}".`;
      return httpError(400, templated(message, "errors.brokenRule", { ...the, constraint }, resource));
    }
    const check = parsed.rule ? field.checks?.[parsed.rule] : undefined;
    const message = check
      ? templated(check, resourceKey.check(resource, field.name, parsed.rule ?? ""))
      : field.rule
        ? templated(field.rule, resourceKey.rule(resource, field.name))
        : templated(`${field.label} is not valid.`, "fields.invalid", { label: labelOf(resource, field) });
    return httpError(400, message, { [parsed.column]: [message] });
  }

  if (code === "23502") {
    // "null value in column <c> of relation <t> violates not-null constraint".
    const column = names[0];
    const field = column ? fieldOf(def, column) : undefined;
    const label = field ? labelOf(resource, field) : (column ?? "A value");
    const message = templated(`${inEnglish(label)} is required.`, "fields.required", { label });
    return httpError(400, message, column ? { [column]: [message] } : undefined);
  }

  // The database's rules, by the code they carry (providers/ruleErrors.ts).
  const rule = ruleRefusal(error, resource);
  if (rule) return httpError(400, rule.message, rule.field ? { [rule.field]: [rule.message] } : undefined);
  // Opsdesk's install, by the OPSDESK_* code in its hint (providers/ruleErrors.ts).
  const installed = opsdeskRefusal(error);
  if (installed) return httpError(400, installed);
  // A raise without a code of ours (a caller's mistake, or a project's own trigger): as written.
  if (code === "P0001") return httpError(400, text);
  if (code === "22001") return httpError(400, templated("A value is too long.", "errors.tooLong"));
  if (code === "22003") return httpError(400, templated("A number is out of range.", "errors.outOfRange"));
  if (code === "22P02" || code === "22007" || code === "22008") {
    return httpError(400, templated("A value has the wrong format.", "errors.wrongFormat"));
  }

  return httpError(500, text || templated("Something went wrong.", "errors.unknown"));
}
