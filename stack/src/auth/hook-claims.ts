// The custom access token hook (docs/architecture.md "Auth"): GoTrue hands the hook the
// claims it would sign, with the user's id and how they authenticated, and signs what the
// hook returns — once it has checked the returned claims against its minimum viable token
// schema (required claims, their types). A refused output is a 500 whose message lists
// each problem as GoTrue's JSON schema library words it.
import { Type } from "@sinclair/typebox";
import type pg from "pg";
import { type SchemaIssue, STRICT_TYPES, validatorOf } from "../shared/validation.js";
import { AUTH_ERRORS } from "./errors.js";
import { type HookOrigin, hookEnabled, runHook } from "./hooks.js";
import type { AuthContext } from "./state.js";

/**
 * GoTrue's MinimumViableTokenSchema (internal/tokens), property for property: `aud` may be
 * a string or a list (a union type, as GoTrue writes it, so a failure names both), and
 * `is_anonymous` is required without being described, as there.
 */
const TOKEN_SCHEMA = Type.Object(
  {
    aud: Type.Optional(Type.Unsafe<string | unknown[]>({ type: ["string", "array"] })),
    exp: Type.Optional(Type.Integer()),
    jti: Type.Optional(Type.String()),
    iat: Type.Optional(Type.Integer()),
    iss: Type.Optional(Type.String()),
    nbf: Type.Optional(Type.Integer()),
    sub: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    phone: Type.Optional(Type.String()),
    app_metadata: Type.Optional(Type.Object({})),
    user_metadata: Type.Optional(Type.Object({})),
    role: Type.Optional(Type.String()),
    aal: Type.Optional(Type.String()),
    amr: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Object({})]))),
    session_id: Type.Optional(Type.String()),
    client_id: Type.Optional(Type.String()),
  },
  { required: ["aud", "exp", "iat", "sub", "email", "phone", "role", "aal", "session_id", "is_anonymous"] },
);

/** Every problem at once, as GoTrue lists them; no coercion (a string `exp` is a wrong type). */
const validate = validatorOf(TOKEN_SCHEMA, { ...STRICT_TYPES, useDefaults: false, allowUnionTypes: true });

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
function describe(claims: unknown, errors: SchemaIssue[]): string[] {
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
  const checked = validate(claims);
  if (!checked.ok) throw AUTH_ERRORS.claimsInvalid(describe(claims, checked.issues));
  return checked.value as Record<string, unknown>;
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
