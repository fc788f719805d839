// REST's error catalogue: every PostgREST error this stack gives, with its code,
// HTTP status and message written once, as PostgREST's Error.hs keeps them (group 1:
// the request, group 2: the schema cache, group 3: the JWT). The body is PostgREST's
// {code, message, details, hint}. Postgres errors are mapped in postgres-errors.ts.
import { ServiceError } from "../shared/errors.js";
import type { RequestFault } from "../shared/request-faults.js";

/** A PostgREST-shaped error; only this catalogue and errors raised from SQL choose the code. */
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

/** A JWT refused: 401 with the WWW-Authenticate PostgREST sends. */
function jwtError(code: string, message: string): ServiceError {
  return restError(401, code, message, null, null, {
    "www-authenticate": `Bearer error="invalid_token", error_description="${message}"`,
  });
}

const INVALID_JSON = "Empty or invalid json";

export const REST_ERRORS = {
  // Group 1: the request.
  queryParse: (message: string, details: unknown = null) => restError(400, "PGRST100", message, details),
  rpcMethod: (method: string) => restError(405, "PGRST101", `Cannot use the ${method} method on RPC`),
  invalidBody: (details: unknown = null) => restError(400, "PGRST102", INVALID_JSON, details),
  objectKeysDiffer: () => restError(400, "PGRST102", "All object keys must match"),
  rangeNotSatisfiable: (details: string | null = null) =>
    restError(416, "PGRST103", "Requested range not satisfiable", details),
  putNeedsPrimaryKey: () =>
    restError(405, "PGRST105", "Filters must include all and only primary key columns with 'eq' operators"),
  schemaNotExposed: (schema: string, exposed: string[]) =>
    restError(
      406,
      "PGRST106",
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${exposed.join(", ")}`,
    ),
  mediaTypeUnavailable: (types: string[]) =>
    restError(406, "PGRST107", `None of these media types are available: ${types.join(", ")}`),
  notEmbedded: (name: string) =>
    restError(
      400,
      "PGRST108",
      `'${name}' is not an embedded resource in this request`,
      null,
      `Verify that '${name}' is included in the 'select' query parameter.`,
    ),
  responseHeadersGuc: () =>
    restError(
      500,
      "PGRST111",
      "response.headers guc must be a JSON array composed of objects with a single key and a string value",
    ),
  responseStatusGuc: () => restError(500, "PGRST112", "response.status guc must be a valid status code"),
  putLimitOffset: () => restError(400, "PGRST114", "limit/offset querystring parameters are not allowed for PUT"),
  putKeyMismatch: () => restError(400, "PGRST115", "Payload values do not match URL in primary key column(s)"),
  notSingular: (rows: number) =>
    restError(406, "PGRST116", "Cannot coerce the result to a single JSON object", `The result contains ${rows} rows`),
  unsupportedMethod: (method: string) => restError(405, "PGRST117", `Unsupported HTTP method: ${method}`),
  relatedOrderNotToOne: (origin: string, target: string) =>
    restError(
      400,
      "PGRST118",
      `A related order on '${target}' is not possible`,
      `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
    ),
  embedFilterOperator: (embed: string) =>
    restError(
      400,
      "PGRST120",
      `Bad operator on the '${embed}' embedded resource`,
      "Only is null or not is null filters are allowed on embedded resources",
    ),
  raisedUnreadable: (details: string, hint: string) =>
    restError(500, "PGRST121", "Could not parse JSON in the RAISE SQLSTATE 'PGRST' error", details, hint),
  strictPreferences: (invalid: string[]) =>
    restError(
      400,
      "PGRST122",
      "Invalid preferences given with handling=strict",
      `Invalid preferences: ${invalid.join(", ")}`,
    ),
  aggregatesDisabled: () => restError(400, "PGRST123", "Use of aggregate functions is not allowed"),
  maxAffectedExceeded: (affected: number) =>
    restError(
      400,
      "PGRST124",
      "Query result exceeds max-affected preference constraint",
      `The query affects ${affected} rows`,
    ),
  invalidPath: () => restError(404, "PGRST125", "Invalid path specified in request URL"),
  openApiDisabled: () => restError(404, "PGRST126", "Root endpoint metadata is disabled"),
  notImplemented: (details: string) => restError(400, "PGRST127", "Feature not implemented", details),
  maxAffectedNeedsSet: () =>
    restError(
      400,
      "PGRST128",
      "Function must return SETOF or TABLE when max-affected preference is used with handling=strict",
    ),
  // Group 2: the schema cache.
  noRelationship: (origin: string, target: string, schema: string, hint: string | undefined) =>
    restError(
      400,
      "PGRST200",
      `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin}' and '${target}'${hint === undefined ? "" : ` using the hint '${hint}'`} in the schema '${schema}', but no matches were found.`,
    ),
  ambiguousRelationship: (origin: string, target: string, found: unknown[], hints: string[]) =>
    restError(
      300,
      "PGRST201",
      `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
      found,
      `Try changing '${target}' to one of the following: ${hints.join(", ")}. Find the desired relationship in the 'details' key.`,
    ),
  noFunction: (signature: string, searched: string, hint: string | null) =>
    restError(
      404,
      "PGRST202",
      `Could not find the function ${signature} in the schema cache`,
      `Searched for the function ${searched}, but no matches were found in the schema cache.`,
      hint,
    ),
  ambiguousFunction: (candidates: string[]) =>
    restError(
      300,
      "PGRST203",
      `Could not choose the best candidate function between: ${candidates.join(", ")}`,
      null,
      "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
    ),
  noColumn: (relation: string, column: string) =>
    restError(400, "PGRST204", `Could not find the '${column}' column of '${relation}' in the schema cache`),
  noTable: (qualified: string, similar: string | undefined, schema: string) =>
    restError(
      404,
      "PGRST205",
      `Could not find the table '${qualified}' in the schema cache`,
      null,
      similar ? `Perhaps you meant the table '${schema}.${similar}'` : null,
    ),
  // Group 3: the JWT.
  jwtInvalid: (message: string) => jwtError("PGRST301", message),
  jwtClaimsInvalid: (message: string) => jwtError("PGRST303", message),
  // Postgres' own errors, which PostgREST passes on, where the stack finds them before Postgres would.
  noConflictConstraint: () =>
    restError(400, "42P10", "there is no unique or exclusion constraint matching the ON CONFLICT specification"),
  writeWithoutFilter: (verb: string) => restError(400, "21000", `${verb} requires a WHERE clause`),
  viewNotWritable: (verb: string, view: string) => restError(405, "55000", `cannot ${verb} into view "${view}"`),
  duplicateTableName: (name: string) => restError(400, "42712", `table name "${name}" specified more than once`),
  // PostgREST has no body limit; its one way to answer 413 is the PT413 convention.
  payloadTooLarge: (details: string) => restError(413, "PT413", "Payload Too Large", details),
};

/** The hook for request faults (shared/request-faults) found before a handler runs. */
export function restRequestFault(fault: RequestFault): ServiceError {
  switch (fault.kind) {
    case "body_too_large":
      return REST_ERRORS.payloadTooLarge(fault.message);
    case "invalid_json":
    case "json_too_deep":
      return REST_ERRORS.invalidBody(fault.message);
    default:
      return REST_ERRORS.queryParse(fault.message);
  }
}
