// The vector API's errors as storage-api renders them on its /vector routes
// (respectStatusCode): the HTTP status is the error's own, and the body carries it
// again as a string with the code: {statusCode, code, error, message}.
import { ServiceError } from "../shared/errors.js";

function vectorError(status: number, code: string, message: string, error = code, cause?: unknown): ServiceError {
  return new ServiceError(status, { statusCode: String(status), code, error, message }, {}, { cause });
}

export const VECTOR_ERRORS = {
  invalidRequest: (message: string) => vectorError(400, "InvalidRequest", message),
  invalidParameter: (message: string) => vectorError(400, "InvalidParameter", message),
  notFound: (name: string) => vectorError(404, "NotFoundException", `resource "${name}" not found`),
  conflict: (resource: string, name: string) =>
    vectorError(409, "ConflictException", `${resource} "${name}" already exists`),
  bucketNotEmpty: (name: string) => vectorError(400, "VectorBucketNotEmpty", `Vector Bucket "${name}" not empty`),
  maxBuckets: (max: number) =>
    vectorError(
      400,
      "S3VectorMaxBucketsExceeded",
      `Maximum number of buckets exceeded. Max allowed is ${max}. Contact support to increase your limit.`,
    ),
  maxIndexes: (max: number) =>
    vectorError(
      400,
      "S3VectorMaxIndexesExceeded",
      `Maximum number of indexes exceeded. Max allowed is ${max}. Contact support to increase your limit.`,
    ),
  accessDenied: (message: string) => vectorError(403, "AccessDenied", message, "Unauthorized"),
  routeNotFound: (method: string, url: string) =>
    vectorError(404, "InvalidRequest", `Route ${method}:${url} not found`, "Not Found"),
  tooLarge: () => vectorError(413, "EntityTooLarge", "The request body is too large", "Payload too large"),
  internal: (cause: unknown) => vectorError(500, "InternalError", "Internal Server Error", "Internal", cause),
};
