// The errors the demo's console-facing functions answer (docs/product.md §8; the table in
// docs/architecture.md "Errors by code"): `{error, code}` where `code` is one of these, the
// same OPSDESK_* scheme as Opsdesk's own opsdesk-admin function (which administers operators
// since the demo moved onto Opsdesk), with the HTTP status it is answered with. The console
// words each code itself (src/providers/functionErrors.ts); `error` is the English for other
// clients. A rule the database refused keeps the code app.refuse put
// in its hint (`rule`) and its facts (`facts`); a refused field is named in `field`.
export const ERROR_STATUS = {
  OPSDESK_BAD_REQUEST: 400,
  OPSDESK_NOT_SIGNED_IN: 401,
  OPSDESK_FORBIDDEN: 403,
  OPSDESK_NOT_FOUND: 404,
  OPSDESK_METHOD: 405,
  OPSDESK_STALE: 409,
  OPSDESK_RULE: 409,
  OPSDESK_SERVER: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** What an answer carries beside `error` and `code`. */
export interface ErrorExtras {
  /** The request field refused (OPSDESK_BAD_REQUEST). */
  field?: string;
  /** The database rule's code (OPSDESK_RULE): app.refuse's hint. */
  rule?: string;
  /** The facts the rule's sentence names (app.refuse's DETAIL). */
  facts?: Record<string, unknown>;
}

/** An error whose code the console words, with its English message for other clients. */
export class HttpError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extras: ErrorExtras = {},
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const FORBIDDEN = "You don't have permission to do that.";

/** A PostgREST error's parts the functions read: never its English message to decide anything. */
export interface DatabaseError {
  code?: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

function factsOf(details: string | null | undefined): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(details ?? "{}");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The answer for a database error every function words alike: a rule refused by app.refuse
 * (P0001 with its code in HINT), a version moved on (the demo's PT409), a permission error;
 * undefined for anything the caller decides itself.
 */
export function databaseRefusal(error: DatabaseError): HttpError | undefined {
  if (error.code === "P0001" && error.hint)
    return new HttpError("OPSDESK_RULE", error.message, { rule: error.hint, facts: factsOf(error.details) });
  if (error.code === "PT409") return new HttpError("OPSDESK_STALE", error.message);
  if (error.code === "42501") return new HttpError("OPSDESK_FORBIDDEN", FORBIDDEN);
  return undefined;
}
