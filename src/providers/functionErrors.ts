// Errors of the console's edge functions (staff-admin, similar, duplicates, merge-customers,
// a project's opsdesk-admin): each answers `{ error, code }` (supabase/functions/_shared/errors.ts,
// docs/architecture.md "Errors by code"). The console words the code in the operator's language
// and never reads the English `error`, except to show a function's refusal it has no words for
// (a project's own function, or a request the console itself got wrong). A 401 means the
// caller's own session has ended, and a network failure is docs/product.md §8's.
import { FunctionsFetchError, FunctionsHttpError } from "@supabase/supabase-js";
import { MESSAGES, templated } from "../i18n/messages";
import { ruleMessage } from "./ruleErrors";
import type { ConsoleClient } from "./supabaseClient";

/** An operator-facing error: `status` 401 means the caller's own session has ended. */
export class FunctionCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The function's own code (`{ error, code }`: OPSDESK_*), to act on instead of the text. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The body of a function's refusal (supabase/functions/_shared/errors.ts). */
export interface FunctionRefusal {
  error?: unknown;
  code?: unknown;
  /** OPSDESK_BAD_REQUEST: the request field refused. */
  field?: unknown;
  /** OPSDESK_RULE: the database rule's code (app.refuse) and the facts its sentence names. */
  rule?: unknown;
  facts?: unknown;
}

/** The words of each code that is the same whatever the function: the key and the English. */
export const FUNCTION_MESSAGES = {
  OPSDESK_NO_SUCH_USER: "No staff member has this id.",
  OPSDESK_NOT_FOUND: "This record no longer exists.",
  OPSDESK_METHOD: "The request was refused as malformed.",
  OPSDESK_ALREADY_OPERATOR: "A staff member with this e-mail already exists.",
  OPSDESK_ACCOUNT_EXISTS: "An account with this e-mail already exists; it cannot be invited again.",
  OPSDESK_INVITATION_FOLLOWED: "This person has already accepted the invitation.",
  OPSDESK_MAIL_LIMIT: "Too many e-mails sent. Try again in a few minutes.",
  OPSDESK_SERVER: "Something went wrong on the server. Please try again.",
} as const;

type WordedCode = keyof typeof FUNCTION_MESSAGES;

export const functionMessageKey = (code: WordedCode) => `functions.error.${code}`;

/** The refused fields the console has words for (the staff form's rules). */
const FIELD_RULES: Record<string, [key: string, english: string]> = {
  email: ["staff.emailRule", "Enter a valid e-mail address."],
  full_name: ["staff.nameRule", "Full name must be 1–120 characters."],
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The operator's words for a refusal, by its code; the function's own text where there are none. */
export function functionMessage(body: FunctionRefusal | null, status: number): string {
  const sent = typeof body?.error === "string" ? body.error : `The request failed (${status}).`;
  const code = typeof body?.code === "string" ? body.code : undefined;
  if (status === 401 || code === "OPSDESK_NOT_SIGNED_IN") return MESSAGES.sessionEnded;
  switch (code) {
    case undefined:
      return sent;
    case "OPSDESK_FORBIDDEN":
      return MESSAGES.forbidden;
    case "OPSDESK_STALE":
      return MESSAGES.staleMerge;
    case "OPSDESK_RULE":
      return (typeof body?.rule === "string" && ruleMessage(body.rule, isObject(body.facts) ? body.facts : {})) || sent;
    case "OPSDESK_BAD_REQUEST": {
      const rule = typeof body?.field === "string" ? FIELD_RULES[body.field] : undefined;
      return rule ? templated(rule[1], rule[0]) : sent;
    }
  }
  return Object.hasOwn(FUNCTION_MESSAGES, code)
    ? templated(FUNCTION_MESSAGES[code as WordedCode], functionMessageKey(code as WordedCode))
    : sent;
}

/** The message of a failed call, worded by its code (functionMessage), else docs/product.md §8's wording. */
export async function functionError(error: unknown): Promise<FunctionCallError> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body = (await response.json().catch(() => null)) as FunctionRefusal | null;
    const code = typeof body?.code === "string" ? body.code : undefined;
    return new FunctionCallError(functionMessage(body, response.status), response.status, code);
  }
  if (error instanceof FunctionsFetchError) return new FunctionCallError(MESSAGES.network, 0);
  return new FunctionCallError(error instanceof Error ? error.message : String(error), 500);
}

/** Calls an edge function with a JSON body: its answer, or a FunctionCallError to show. */
export async function invokeFunction<T>(client: ConsoleClient, name: string, body: object): Promise<T> {
  const { data, error } = await client.functions.invoke<T>(name, { body });
  if (error || !data) throw await functionError(error);
  return data;
}
