// Overrides the generated `customers` (src/schema/merge.ts). Generated from the live schema:
// every column, its type, required, lengths and the e-mail and phone patterns (CHECK
// constraints), the related orders. Added here: the demo's labels and rules in its own words, the
// country as a typed ISO code (the constraint's list would be a select of 249 codes), the list's
// columns, filters and ranked search (search_customers), the form, CSV import and the related
// list's columns.
import { createdAt, idField, notesField, updatedAt } from "./fields";
import type { ResourceOverride } from "./types";

export const customers: ResourceOverride<"customers"> = {
  name: "customers",
  // The full-text vector is searched, never read.
  hide: ["search"],
  fields: [
    idField,
    { name: "full_name", rule: "Full name must be 1–120 characters." },
    { name: "email", label: "E-mail", rule: "Enter a valid e-mail address." },
    {
      name: "phone",
      rule: "Phone may contain digits, spaces, ( ) and -, optionally starting with +, 6–20 characters.",
    },
    {
      name: "country",
      type: "text",
      options: undefined,
      pattern: /^[A-Z]{2}$/,
      rule: "Country must be an ISO 3166 two-letter code, e.g. DE.",
      placeholder: "DE",
    },
    { name: "is_blocked", label: "Blocked" },
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
