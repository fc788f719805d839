// Storage's error catalogue, rendered as storage-api does: the real status travels as
// the string `statusCode` in the body, the HTTP status is 400 (500 for server faults).
// storage-js reads `statusCode`, `code` and `message`; `exists()` looks for NoSuchKey.
import { ServiceError } from "../shared/errors.js";
import type { RequestFault } from "../shared/request-faults.js";

function storageError(
  status: number,
  code: string,
  message: string,
  options: { error?: string; httpStatus?: number; cause?: unknown } = {},
): ServiceError {
  const httpStatus = options.httpStatus ?? (status >= 500 ? 500 : 400);
  return new ServiceError(
    httpStatus,
    { statusCode: String(status), code, error: options.error ?? code, message },
    {},
    { cause: options.cause },
  );
}

export const ERRORS = {
  noSuchBucket: () => storageError(404, "NoSuchBucket", "Bucket not found", { error: "Bucket not found" }),
  noSuchKey: () => storageError(404, "NoSuchKey", "Object not found", { error: "not_found" }),
  invalidKey: (key: string) => storageError(400, "InvalidKey", `Invalid key: ${key}`),
  invalidBucketName: () => storageError(400, "InvalidBucketName", "Bucket name invalid", { error: "Invalid Input" }),
  keyExists: () => storageError(409, "KeyAlreadyExists", "The resource already exists", { error: "Duplicate" }),
  bucketExists: () => storageError(409, "BucketAlreadyExists", "The resource already exists", { error: "Duplicate" }),
  bucketNotEmpty: () => storageError(409, "ResourceNotEmpty", "The bucket you tried to delete is not empty"),
  accessDenied: (message: string, cause?: unknown) =>
    storageError(403, "AccessDenied", message || "Access denied", { error: "Unauthorized", cause }),
  invalidJwt: (message: string) =>
    storageError(403, "InvalidJWT", message || "Invalid JWT", { error: "Unauthorized", httpStatus: 400 }),
  tooLarge: () =>
    storageError(413, "EntityTooLarge", "The object exceeded the maximum allowed size", { error: "Payload too large" }),
  invalidMimeType: (mime: string) =>
    storageError(415, "InvalidMimeType", `mime type ${mime} is not supported`, { error: "invalid_mime_type" }),
  /** storage-api's answer to a Content-Type that does not parse (FST_ERR_CTP_INVALID_MEDIA_TYPE). */
  invalidContentType: () =>
    storageError(415, "InvalidMimeType", "Invalid Content-Type header", { error: "invalid_mime_type" }),
  invalidRequest: (message: string) => storageError(400, "InvalidRequest", message),
  invalidSignature: (message = "Invalid signature") => storageError(400, "InvalidSignature", message),
  /** A Range header storage-api cannot satisfy: 416, also as the HTTP status. */
  invalidRange: () =>
    storageError(416, "InvalidRange", "invalid range provided", { error: "invalid_range", httpStatus: 416 }),
  internal: (cause: unknown) => storageError(500, "InternalError", "Internal server error", { cause }),
};

/**
 * A request fault (shared/request-faults) as storage-api's error handler renders a
 * Fastify error: the fault's own status, storage's code for it.
 */
export function storageRequestFault(fault: RequestFault): ServiceError {
  switch (fault.kind) {
    case "body_too_large":
      return storageError(413, "EntityTooLarge", fault.message, { error: "Payload too large", httpStatus: 413 });
    case "unsupported_media_type":
      return ERRORS.invalidContentType();
    default:
      return ERRORS.invalidRequest(fault.message);
  }
}

/** Maps a Postgres error raised by a caller's query to the storage error it means. */
export function fromPgError(err: unknown, onDuplicate: () => ServiceError = ERRORS.keyExists): ServiceError {
  if (err instanceof ServiceError) return err;
  const pgErr = err as { code?: string; message?: string };
  switch (pgErr.code) {
    case "42501":
      return ERRORS.accessDenied(pgErr.message ?? "", err);
    case "23505":
      return onDuplicate();
    case "23503":
      return ERRORS.noSuchBucket();
    case "22023": // set role to a role that does not exist
    case "42704":
      return ERRORS.accessDenied(pgErr.message ?? "", err);
    default:
      return ERRORS.internal(err);
  }
}
