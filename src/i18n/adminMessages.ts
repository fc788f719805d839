// What the operator reads when operator administration is refused (providers/operatorAdmin.ts),
// by code: Opsdesk's OPSDESK_* codes (docs/any-project.md "Error codes"), the constraints of its
// tables, and the console's own cases. English here, German in locales/de/operators.ts under
// `operators.error.<code>`; screens show them through localizeMessage.
import { templated } from "./messages";

const ADMIN_MESSAGES = {
  OPSDESK_NOT_ADMIN: "Only an Opsdesk admin may do that.",
  OPSDESK_NOT_OPERATOR: "This account has no access to Opsdesk.",
  OPSDESK_NOT_SIGNED_IN: "Your session has ended. Please sign in again.",
  OPSDESK_FORBIDDEN: "You don't have permission to do that.",
  OPSDESK_NO_SUCH_USER: "No account has this e-mail address.",
  OPSDESK_NO_SUCH_ROLE: "This role does not exist (any more).",
  OPSDESK_LAST_ADMIN: "At least one active admin must remain.",
  OPSDESK_SELF_DEACTIVATE: "You cannot deactivate your own account.",
  OPSDESK_SELF_ROLE: "You cannot change your own role.",
  OPSDESK_SELF_REMOVE: "You cannot remove yourself from the operators.",
  OPSDESK_BUILTIN_ROLE: "The admin role cannot be renamed or removed.",
  OPSDESK_ALREADY_OPERATOR: "This person is an operator already.",
  OPSDESK_MAIL_LIMIT: "Too many e-mails were sent just now. Try again in a few minutes.",
  OPSDESK_BAD_REQUEST: "The request was refused as malformed.",
  OPSDESK_INVITATION_FOLLOWED: "This person has joined already; there is no open invitation.",
  ROLE_EXISTS: "A role with this name already exists.",
  ROLE_NAME: "A role's name is 1–40 lower-case letters, digits or _, starting with a letter.",
  ROLE_DESCRIPTION: "A role's description is at most 200 characters.",
  ROLE_IN_USE: "Operators still have this role: give them another one first.",
  FULL_NAME: "Full name must be 1–120 characters.",
  NO_ACCOUNT_NO_FUNCTION:
    "No account has this e-mail address, and this project cannot invite new people yet: deploy its opsdesk-admin function (supabase functions deploy opsdesk-admin), or create the user first.",
  NETWORK: "Can't reach the server. Retrying…",
  SESSION: "Your session has ended. Please sign in again.",
  FAILED: "The change was refused: {{detail}}",
} as const;

export type AdminErrorCode = keyof typeof ADMIN_MESSAGES;

export const ADMIN_ERROR_CODES = Object.keys(ADMIN_MESSAGES) as AdminErrorCode[];

export const adminMessageKey = (code: AdminErrorCode) => `operators.error.${code}`;

/** The English message of `code`, remembered with its key so screens show it in the operator's language. */
export function adminMessage(code: AdminErrorCode, values: Record<string, string> = {}): string {
  const text = ADMIN_MESSAGES[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
  return templated(text, adminMessageKey(code), values);
}
