// Overrides the generated `opsdesk.audit_log` (Opsdesk's audit trail, written by the triggers on
// the managed tables, read per the matrix of each entry's table; docs/any-project.md). Generated:
// its columns, types, the read-only list (no key to write through, the install grants no writes)
// and its filters. Added here: the demo's labels, the action's tag colours, the columns and
// order the log shows and the menu's name for it.
import { optionsOf } from "./options";
import type { ResourceDefinition } from "./types";

export const auditLog: ResourceDefinition<"opsdesk.audit_log"> = {
  name: "opsdesk.audit_log",
  label: { singular: "audit entry", plural: "audit log" },
  titleField: "id",
  screens: { create: false, edit: false, delete: false },
  fields: [
    { name: "id", label: "ID", type: "id", readOnly: true },
    { name: "at", label: "At", type: "datetime", readOnly: true },
    { name: "actor_email", label: "Actor", type: "email", readOnly: true },
    { name: "actor_id", label: "Actor ID", type: "id", readOnly: true },
    { name: "schema_name", label: "Schema", type: "text", readOnly: true },
    { name: "table_name", label: "Table", type: "text", readOnly: true },
    { name: "record_id", label: "Record", type: "text", readOnly: true },
    {
      name: "action",
      label: "Action",
      type: "enum",
      // The trigger's TG_OP (a text column with a CHECK of these three).
      ...optionsOf(["INSERT", "UPDATE", "DELETE"], {
        INSERT: { label: "INSERT", color: "green" },
        UPDATE: { label: "UPDATE", color: "blue" },
        DELETE: { label: "DELETE", color: "red" },
      }),
      readOnly: true,
    },
    { name: "changed", label: "Changed fields", type: "tags", readOnly: true },
    { name: "old", label: "Before", type: "json", readOnly: true },
    { name: "new", label: "After", type: "json", readOnly: true },
  ],
  list: {
    columns: ["at", "actor_email", "table_name", "record_id", "action", "changed"],
    defaultSort: { field: "at", order: "desc" },
    filters: ["table_name", "actor_email", "action", "at"],
  },
};
