// Overrides the generated `categories` (src/schema/merge.ts). Generated from the live schema:
// every column, its type, lengths, the slug pattern (CHECK constraints), the related products.
// Added here: the demo's rules in its own words, the slug as optional (a trigger derives it from
// the name), the list's columns, filters and ranked search (search_categories), the form, CSV
// import and the related list's columns.
import { createdAt, idField, updatedAt } from "./fields";
import type { ResourceOverride } from "./types";

export const categories: ResourceOverride<"categories"> = {
  name: "categories",
  fields: [
    idField,
    { name: "name", rule: "Name must be 1–60 characters." },
    {
      name: "slug",
      required: false,
      rule: "Slug may contain only lowercase letters, digits and single dashes between them.",
      help: "Leave empty to derive it from the name.",
    },
    { name: "description", rule: "Description must be at most 500 characters." },
    createdAt,
    updatedAt,
  ],
  list: {
    columns: ["name", "slug", "description", "updated_at"],
    defaultSort: { field: "name", order: "asc" },
    search: { rpc: "search_categories" },
    filters: ["name", "created_at", "updated_at"],
  },
  csvImport: true,
  form: { fields: ["name", "slug", "description"] },
  related: [
    { resource: "products", foreignKey: "category_id", title: "Products", columns: ["sku", "name", "price", "status"] },
  ],
};
