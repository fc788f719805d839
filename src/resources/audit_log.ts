import { optionsOf } from "./options";
import type { ResourceDefinition } from "./types";

/** Append-only: written by triggers, never edited. */
export const auditLog: ResourceDefinition<"audit_log"> = {
  name: "audit_log",
  route: "audit",
  label: { singular: "audit entry", plural: "audit log" },
  titleField: "id",
  screens: { create: false, edit: false },
  fields: [
    { name: "id", label: "ID", type: "id", readOnly: true },
    { name: "at", label: "At", type: "datetime", readOnly: true },
    { name: "actor_email", label: "Actor", type: "email", readOnly: true },
    { name: "actor_id", label: "Actor ID", type: "id", readOnly: true },
    { name: "table_name", label: "Table", type: "text", readOnly: true },
    { name: "record_id", label: "Record", type: "text", readOnly: true },
    {
      name: "action",
      label: "Action",
      type: "enum",
      // The trigger's TG_OP (a text column).
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
    search: { rpc: "search_audit_log" },
    filters: ["table_name", "record_id", "actor_email", "action", "at"],
  },
};
