// The errors of the opsdesk-admin function (docs/any-project.md, "Error codes"): each a code the
// console maps to its own words and the HTTP status it is answered with. Errors the database
// raised keep the code opsdesk.fail put in their hint.
export const ERROR_STATUS = {
  OPSDESK_BAD_REQUEST: 400,
  OPSDESK_NOT_SIGNED_IN: 401,
  OPSDESK_NOT_OPERATOR: 403,
  OPSDESK_NOT_ADMIN: 403,
  OPSDESK_FORBIDDEN: 403,
  OPSDESK_NO_SUCH_ROLE: 400,
  OPSDESK_NO_SUCH_USER: 404,
  OPSDESK_METHOD: 405,
  OPSDESK_ALREADY_OPERATOR: 409,
  OPSDESK_ACCOUNT_EXISTS: 409,
  OPSDESK_INVITATION_FOLLOWED: 409,
  OPSDESK_MAIL_LIMIT: 429,
  OPSDESK_SERVER: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An error whose message is shown to the admin as is. */
export class OpsdeskError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /**
   * A PostgREST error: Opsdesk's own code from its hint, a permission error, a value the
   * database refused (SQLSTATE classes 22 and 23, the project's own rules: its message), else a
   * server error.
   */
  static fromDatabase(error: { code?: string; hint?: string | null; message: string }): Error {
    const hinted = error.hint && Object.hasOwn(ERROR_STATUS, error.hint) ? (error.hint as ErrorCode) : undefined;
    if (hinted) return new OpsdeskError(hinted, error.message);
    if (error.code === "42501") return new OpsdeskError("OPSDESK_FORBIDDEN", "You don't have permission to do that.");
    if (error.code?.startsWith("22") || error.code?.startsWith("23"))
      return new OpsdeskError("OPSDESK_BAD_REQUEST", error.message);
    return new Error(`database: ${error.code} ${error.message}`);
  }
}
