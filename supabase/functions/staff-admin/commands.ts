// The requests staff-admin accepts, checked field by field before anything is
// changed; each problem is an OPSDESK_BAD_REQUEST naming the field it refuses (the console
// words the e-mail and name rules itself; the rest are the console's own mistakes).
import { HttpError } from "../_shared/http.ts";
import { ROLES, type Role } from "./roles.ts";

export type Command =
  | { action: "invite"; email: string; fullName: string; role: Role; redirectTo?: string }
  | { action: "set_role"; userId: string; role: Role }
  | { action: "deactivate"; userId: string }
  | { action: "reactivate"; userId: string }
  | { action: "resend_invite"; userId: string; redirectTo?: string }
  | { action: "revoke_invite"; userId: string };

const FIELDS: Record<Command["action"], string[]> = {
  invite: ["email", "full_name", "role", "redirect_to"],
  set_role: ["user_id", "role"],
  deactivate: ["user_id"],
  reactivate: ["user_id"],
  resend_invite: ["user_id", "redirect_to"],
  revoke_invite: ["user_id"],
};

/** The staff table's rules in plain words (its constraints say the same). */
export const RULES = {
  email: "Enter a valid e-mail address.",
  fullName: "Full name must be 1–120 characters.",
};

// The same rule as the staff_email_check constraint.
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Characters as Postgres's char_length counts them (code points, not UTF-16 units). */
function charLength(text: string): number {
  return [...text].length;
}

function invalid(message: string, field?: string): HttpError {
  return new HttpError("OPSDESK_BAD_REQUEST", message, field ? { field } : {});
}

function email(value: unknown): string {
  const text = typeof value === "string" ? value.trim().toLowerCase() : "";
  if (charLength(text) > 254 || !EMAIL.test(text)) throw invalid(RULES.email, "email");
  return text;
}

function fullName(value: unknown): string {
  const text = typeof value === "string" ? value.trim() : "";
  if (charLength(text) < 1 || charLength(text) > 120) throw invalid(RULES.fullName, "full_name");
  return text;
}

function role(value: unknown): Role {
  if (!ROLES.includes(value as Role)) throw invalid("Role must be admin, editor or viewer.", "role");
  return value as Role;
}

function userId(value: unknown): string {
  if (typeof value !== "string" || !UUID.test(value))
    throw invalid("user_id must be the id (a UUID) of a staff member.", "user_id");
  return value.toLowerCase();
}

function redirectTo(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(String(value));
    if (url.protocol === "http:" || url.protocol === "https:") return url.href;
  } catch {
    // falls through to the error
  }
  throw invalid("redirect_to must be an http(s) URL.", "redirect_to");
}

export function parseCommand(body: Record<string, unknown>): Command {
  const action = body.action;
  if (typeof action !== "string" || !Object.hasOwn(FIELDS, action)) {
    throw invalid("action must be one of invite, set_role, deactivate, reactivate, resend_invite, revoke_invite.");
  }
  const known = FIELDS[action as Command["action"]];
  const unknown = Object.keys(body).find((key) => key !== "action" && !known.includes(key));
  if (unknown) throw invalid(`Unknown field "${unknown}" for ${action}.`);
  switch (action) {
    case "invite":
      return {
        action,
        email: email(body.email),
        fullName: fullName(body.full_name),
        role: role(body.role),
        redirectTo: redirectTo(body.redirect_to),
      };
    case "set_role":
      return { action, userId: userId(body.user_id), role: role(body.role) };
    case "resend_invite":
      return { action, userId: userId(body.user_id), redirectTo: redirectTo(body.redirect_to) };
    default:
      return {
        action: action as "deactivate" | "reactivate" | "revoke_invite",
        userId: userId(body.user_id),
      };
  }
}
