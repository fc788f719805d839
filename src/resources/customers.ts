import { createdAt, idField, notesField, updatedAt } from "./fields";
import type { ResourceDefinition } from "./types";

export const customers: ResourceDefinition<"customers"> = {
  name: "customers",
  label: { singular: "customer", plural: "customers" },
  titleField: "full_name",
  fields: [
    idField(),
    {
      name: "full_name",
      label: "Full name",
      type: "text",
      required: true,
      minLength: 1,
      maxLength: 120,
      rule: "Full name must be 1–120 characters.",
    },
    {
      name: "email",
      label: "E-mail",
      type: "email",
      required: true,
      maxLength: 254,
      pattern: /^[^@\s]+@[^@\s]+\.[^@\s]+$/,
      rule: "Enter a valid e-mail address.",
    },
    {
      name: "phone",
      label: "Phone",
      type: "text",
      pattern: /^\+?[0-9 ()-]{6,20}$/,
      rule: "Phone may contain digits, spaces, ( ) and -, optionally starting with +, 6–20 characters.",
    },
    {
      name: "country",
      label: "Country",
      type: "text",
      required: true,
      pattern: /^[A-Z]{2}$/,
      rule: "Country must be an ISO 3166 two-letter code, e.g. DE.",
      placeholder: "DE",
    },
    { name: "is_blocked", label: "Blocked", type: "boolean" },
    notesField(2000),
    createdAt,
    updatedAt,
  ],
  list: {
    columns: ["full_name", "email", "phone", "country", "is_blocked", "created_at"],
    defaultSort: { field: "full_name", order: "asc" },
    filters: ["country", "is_blocked", "created_at", "updated_at"],
    search: { rpc: "search_customers" },
  },
  csvImport: true,
  form: { fields: ["full_name", "email", "phone", "country", "is_blocked", "notes"] },
  related: [
    {
      resource: "orders",
      foreignKey: "customer_id",
      title: "Orders",
      columns: ["number", "status", "total", "placed_at"],
    },
  ],
};
