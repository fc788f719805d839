// The custom access token hook (docs/architecture.md "Auth"): GoTrue hands the hook the
// claims it would sign, with the user's id and how they authenticated, and signs what the
// hook returns — once it has checked the returned claims against its minimum viable token
// schema (required claims, their types). A refused output is a 500 whose message lists
// each problem as GoTrue's JSON schema library words it.
import { Ajv, type ErrorObject } from "ajv";
import type pg from "pg";
import { AUTH_ERRORS } from "./errors.js";
import { type HookOrigin, hookEnabled, runHook } from "./hooks.js";
import type { AuthContext } from "./state.js";

/** GoTrue's MinimumViableTokenSchema (internal/tokens), property for property. */
const TOKEN_SCHEMA = {
  type: "object",
  properties: {
    aud: { type: ["string", "array"] },
    exp: { type: "integer" },
    jti: { type: "string" },
    iat: { type: "integer" },
    iss: { type: "string" },
    nbf: { type: "integer" },
    sub: { type: "string" },
    email: { type: "string" },
    phone: { type: "string" },
    app_metadata: { type: "object", additionalProperties: true },
    user_metadata: { type: "object", additionalProperties: true },
    role: { type: "string" },
    aal: { type: "string" },
    amr: { type: "array", items: { anyOf: [{ type: "string" }, { type: "object" }] } },
    session_id: { type: "string" },
    client_id: { type: "string" },
  },
  required: ["aud", "exp", "iat", "sub", "email", "phone", "role", "aal", "session_id", "is_anonymous"],
} as const;

const validate = new Ajv({ allErrors: true, strict: false }).compile(TOKEN_SCHEMA);

/** A JSON value's type as the schema library names it (a whole number is an integer). */
function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function at(path: string): string {
  return path === "" ? "(root)" : path.slice(1).replaceAll("/", ".");
}

function valueAt(root: unknown, path: string): unknown {
  let value = root;
  for (const key of path.split("/").slice(1)) value = (value as Record<string, unknown> | undefined)?.[key];
  return value;
}

/** One line per problem: `(root): aal is required`, `exp: Invalid type. Expected: integer, given: string`. */
function describe(claims: unknown, errors: ErrorObject[]): string[] {
  const problems: string[] = [];
  for (const e of errors) {
    if (e.keyword === "required") problems.push(`(root): ${e.params.missingProperty} is required`);
  }
  for (const e of errors) {
    if (e.keyword === "type") {
      const expected = Array.isArray(e.params.type) ? `[${e.params.type.join(",")}]` : e.params.type;
      // A failed alternative of anyOf is reported by the anyOf line.
      if (e.schemaPath.includes("/anyOf/")) continue;
      problems.push(
        `${at(e.instancePath)}: Invalid type. Expected: ${expected}, given: ${typeName(valueAt(claims, e.instancePath))}`,
      );
    } else if (e.keyword === "anyOf") {
      problems.push(`${at(e.instancePath)}: Must validate at least one schema (anyOf)`);
    }
  }
  return problems;
}

/** GoTrue's CustomAccessTokenOutput decoding, then validateTokenClaims. */
function claimsOf(output: unknown): Record<string, unknown> {
  if (output !== null) {
    if (typeof output !== "object" || Array.isArray(output)) throw AUTH_ERRORS.hookOutputUnreadable();
    if (!("claims" in output)) throw AUTH_ERRORS.claimsMissing();
  }
  const claims = (output as { claims?: unknown } | null)?.claims ?? null;
  if (claims !== null && (typeof claims !== "object" || Array.isArray(claims))) {
    throw AUTH_ERRORS.hookOutputUnreadable();
  }
  if (claims === null) throw AUTH_ERRORS.claimsInvalid(["(root): Invalid type. Expected: object, given: null"]);
  if (!validate(claims)) throw AUTH_ERRORS.claimsInvalid(describe(claims, validate.errors ?? []));
  return claims as unknown as Record<string, unknown>;
}

/**
 * The claims to sign: GoTrue's own, or, with [auth.hook.custom_access_token], what the hook
 * made of them (run in the flow's transaction, as GoTrue's GenerateAccessToken does).
 */
export async function customizeClaims(
  ctx: AuthContext,
  db: pg.ClientBase,
  claims: Record<string, unknown>,
  authenticationMethod: string,
  origin: HookOrigin,
): Promise<Record<string, unknown>> {
  if (!hookEnabled(ctx, "custom_access_token")) return claims;
  const output = await runHook(
    ctx,
    "custom_access_token",
    origin,
    { user_id: claims.sub, claims, authentication_method: authenticationMethod },
    db,
  );
  return claimsOf(output);
}
