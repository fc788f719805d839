// Opsdesk's built-in roles (install/sql 0001 seeds admin, editor, viewer into opsdesk.roles),
// with the English names the console shows (translated as `staff.role.<role>`). Roles an admin
// adds are rows of opsdesk.roles and are shown by their own name (pages/operators/roleLabel.ts).
export const BUILTIN_ROLES = ["admin", "editor", "viewer"] as const;

export type BuiltinRole = (typeof BUILTIN_ROLES)[number];

/** English names of the built-in roles; translated as `staff.role.<role>`. */
export const ROLE_LABELS: Record<BuiltinRole, string> = { admin: "Admin", editor: "Editor", viewer: "Viewer" };
