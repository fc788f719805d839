// PostgREST errors from staff writes, turned into what the operator reads
// (docs/product.md §8): guard triggers and constraints carry their rule, a lost race on the
// same person is a conflict, RLS is a permission error.
import type { PostgrestError } from "npm:@supabase/supabase-js@2";
import { FORBIDDEN } from "../_shared/access.ts";
import { HttpError } from "../_shared/http.ts";
import { RULES } from "./commands.ts";

export const STAFF_EXISTS = "A staff member with this e-mail already exists.";

const CHECKS: Record<string, string> = {
  staff_full_name_check: RULES.fullName,
  staff_email_check: RULES.email,
};

/** The error to throw: an HttpError for the operator, or a plain Error (500) for anything unforeseen. */
export function staffWriteError(error: PostgrestError): Error {
  switch (error.code) {
    case "P0001": // guards: last active admin, own account
      return new HttpError(409, error.message);
    case "23505":
      return new HttpError(409, STAFF_EXISTS);
    case "23514": {
      const rule = Object.entries(CHECKS).find(([name]) => error.message.includes(`"${name}"`));
      return new HttpError(400, rule ? rule[1] : error.message);
    }
    case "42501":
      return new HttpError(403, FORBIDDEN);
    default:
      return new Error(`staff write failed: ${error.code} ${error.message}`);
  }
}
