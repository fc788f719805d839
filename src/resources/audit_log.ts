// Opsdesk's audit log (`opsdesk.audit_log`, written by the trigger on every managed table; an
// entry is readable only by who may read its table, docs/any-project.md). describe() lists the
// project's tables, not Opsdesk's own, so this definition is not generated: the console adds it
// to the resources of every project with Opsdesk (providers/liveSchema.ts), and its menu entry
// and routes follow the matrix (`opsdesk.audit_log` list/show/export). Read-only: the install
// grants no writes.
import { optionsOf } from "./options";
import type { ResourceDefinition } from "./types";

export const auditLog: ResourceDefinition = {
  name: "opsdesk.audit_log",
  table: { schema: "opsdesk", name: "audit_log" },
  // As src/schema/names.ts routes a table of another schema.
  route: "opsdesk.audit_log",
  label: { singular: "audit entry", plural: "audit log" },
  titleField: "id",
  screens: { create: false, edit: false, delete: false },
  fields: [
    { name: "id", label: "ID", type: "id", readOnly: true },
    { name: "at", label: "At", type: "datetime", readOnly: true },
    { name: "actor_email", label: "Actor", type: "email", readOnly: true },
    { name: "actor_id", label: "Actor ID", type: "id", readOnly: true, authUser: true },
    { name: "schema_name", label: "Schema", type: "text", readOnly: true },
    { name: "table_name", label: "Table", type: "text", readOnly: true, audit: "table" },
    { name: "record_id", label: "Record", type: "text", readOnly: true, audit: "record" },
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
    { name: "changed", label: "Changed fields", type: "tags", readOnly: true, audit: "changes" },
    { name: "old", label: "Before", type: "json", readOnly: true },
    { name: "new", label: "After", type: "json", readOnly: true },
  ],
  list: {
    columns: ["at", "actor_email", "table_name", "record_id", "action", "changed"],
    defaultSort: { field: "at", order: "desc" },
    filters: ["table_name", "actor_email", "action", "at"],
  },
};
