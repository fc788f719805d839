// One error type for every service. A handler throws a ServiceError carrying the
// exact body its client expects; the gateway's error handler sends it, logs the
// cause and never leaks internals. Each service keeps its own body shape, built by
// its error catalogue (docs/architecture.md, "Errors"):
//   REST    {code, message, details, hint}          (PostgREST, rest/errors)
//   Auth    {code, error_code, msg, message}        (GoTrue, auth/errors)
//   Storage {statusCode, error, message}            (storage-api, storage/errors)
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
