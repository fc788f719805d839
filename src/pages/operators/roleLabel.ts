// A role's name as the operator reads it: Opsdesk's built-in roles (admin, editor, viewer) in
// their language, a role an admin added by its own name (roles are rows of opsdesk.roles).
import { type BuiltinRole, ROLE_LABELS } from "../../resources/roles";

type Translate = (key: string, defaultMessage: string) => string;

export function roleLabel(t: Translate, role: string): string {
  const builtin = ROLE_LABELS[role as BuiltinRole];
  return builtin ? t(`staff.role.${role}`, builtin) : role;
}
