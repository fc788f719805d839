// GoTrue's error shape. A handler throws an AuthError; the auth scope's error
// handler renders it for the caller: `code` is the error code string when the
// request announced an API version (auth-js always does), else the HTTP status
// as a number, exactly as GoTrue's HandleResponseError does.
import type { FastifyReply, FastifyRequest } from "fastify";

export const API_VERSION = "2024-01-01";
export const API_VERSION_HEADER = "x-supabase-api-version";

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** Extra body fields, e.g. `weak_password: {reasons}`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, msg: string) => new AuthError(400, code, msg);
export const unprocessable = (code: string, msg: string, extra?: Record<string, unknown>) =>
  new AuthError(422, code, msg, extra);
export const forbidden = (code: string, msg: string) => new AuthError(403, code, msg);
export const notFound = (code: string, msg: string) => new AuthError(404, code, msg);
export const tooManyRequests = (code: string, msg: string) => new AuthError(429, code, msg);
export const validationFailed = (msg: string, status = 400) => new AuthError(status, "validation_failed", msg);

export const invalidCredentials = () => badRequest("invalid_credentials", "Invalid login credentials");
export const userNotFound = () => notFound("user_not_found", "User not found");

export function sendAuthError(req: FastifyRequest, reply: FastifyReply, err: AuthError): void {
  const versioned = typeof req.headers[API_VERSION_HEADER] === "string";
  reply
    .code(err.status)
    .header("x-sb-error-code", err.errorCode)
    .header(API_VERSION_HEADER, API_VERSION)
    .send({
      code: versioned ? err.errorCode : err.status,
      error_code: err.errorCode,
      msg: err.message,
      message: err.message,
      ...err.extra,
    });
}

/** Fastify's own client errors (bad JSON, body too large, wrong content type) in GoTrue's shape. */
export function fromFrameworkError(err: { statusCode?: number; code?: string; message: string }): AuthError | null {
  const status = err.statusCode;
  if (!status || status >= 500) return null;
  if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE")
    return new AuthError(413, "request_too_large", "Request body too large");
  if (err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
    return new AuthError(415, "bad_json", "Unsupported Content-Type: use application/json");
  }
  if (err.code?.startsWith("FST_ERR_CTP") || err instanceof SyntaxError) {
    return badRequest("bad_json", `Could not parse request body as JSON: ${err.message}`);
  }
  return new AuthError(status, "validation_failed", err.message);
}
