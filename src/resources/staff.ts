import { createdAt } from "./fields";
import { enumOptions } from "./options";
import type { ResourceDefinition } from "./types";

/**
 * Read-only here: invitations, role changes and deactivation go through the staff-admin
 * function (the /staff screen); a staff row is deactivated, not deleted.
 */
export const staff: ResourceDefinition<"staff"> = {
  name: "staff",
  label: { singular: "staff member", plural: "staff" },
  idColumn: "user_id",
  titleField: "full_name",
  screens: { create: false, edit: false, delete: false },
  fields: [
    { name: "user_id", label: "User ID", type: "id", readOnly: true },
    { name: "full_name", label: "Full name", type: "text", readOnly: true },
    { name: "email", label: "E-mail", type: "email", readOnly: true },
    {
      name: "role",
      label: "Role",
      type: "enum",
      ...enumOptions("staff_role", {
        admin: { label: "admin", color: "magenta" },
        editor: { label: "editor", color: "blue" },
        viewer: { label: "viewer", color: "default" },
      }),
      readOnly: true,
    },
    { name: "active", label: "Active", type: "boolean", readOnly: true },
    createdAt,
  ],
  list: {
    columns: ["full_name", "email", "role", "active", "created_at"],
    defaultSort: { field: "full_name", order: "asc" },
    search: { rpc: "search_staff" },
    filters: ["role", "active", "created_at"],
  },
};
