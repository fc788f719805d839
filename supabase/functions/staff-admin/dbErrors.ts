// PostgREST errors from staff writes, turned into coded answers (_shared/errors.ts) the console
// words (docs/product.md §8): a guard trigger's refusal keeps its rule code (app.refuse), a
// broken check names its field, a lost race on the same person is a conflict, RLS is a
// permission error. Nothing here reads the database's English.
import type { PostgrestError } from "npm:@supabase/supabase-js@2";
import { databaseRefusal, HttpError } from "../_shared/errors.ts";
import { RULES } from "./commands.ts";

export const STAFF_EXISTS = "A staff member with this e-mail already exists.";

/** The staff table's checks: the request field each is about and its rule in plain words. */
const CHECKS: Record<string, { field: string; rule: string }> = {
  staff_full_name_check: { field: "full_name", rule: RULES.fullName },
  staff_email_check: { field: "email", rule: RULES.email },
};

/**
 * The constraint a 23514 names: PostgREST carries it only in the message, always as the last
 * double-quoted identifier (the console reads it the same way, src/providers/errors.ts).
 */
const constraintOf = (message: string) =>
  message
    .split('"')
    .filter((_, i) => i % 2 === 1)
    .at(-1) ?? "";

/** The error to throw: an HttpError for the operator, or a plain Error (500) for anything unforeseen. */
export function staffWriteError(error: PostgrestError): Error {
  const refused = databaseRefusal(error);
  if (refused) return refused;
  if (error.code === "23505") return new HttpError("OPSDESK_ALREADY_OPERATOR", STAFF_EXISTS);
  if (error.code === "23514") {
    const check = CHECKS[constraintOf(error.message)];
    return check
      ? new HttpError("OPSDESK_BAD_REQUEST", check.rule, { field: check.field })
      : new HttpError("OPSDESK_BAD_REQUEST", error.message);
  }
  return new Error(`staff write failed: ${error.code} ${error.message}`);
}
