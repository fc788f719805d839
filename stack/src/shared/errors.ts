// One error type for every service. A handler throws a ServiceError carrying the
// exact body its client expects; the gateway's error handler sends it, logs the
// cause and never leaks internals. Each service keeps its own body shape:
//   REST    {code, message, details, hint}          (PostgREST)
//   Auth    {code, error_code, msg, message}        (GoTrue, see auth/errors)
//   Storage {statusCode, error, message}            (storage-api)
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
    options?: { cause?: unknown },
  ) {
    super(
      typeof body === "object" && body && "message" in body
        ? String((body as { message: unknown }).message)
        : `HTTP ${status}`,
      options,
    );
  }
}

/** A PostgREST-shaped error. */
export function restError(
  status: number,
  code: string,
  message: string,
  details: unknown = null,
  hint: string | null = null,
  headers: Record<string, string> = {},
): ServiceError {
  return new ServiceError(
    status,
    { code, message, details, hint },
    { "proxy-status": `PostgREST; error=${code}`, ...headers },
  );
}
