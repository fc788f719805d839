import { createdAt, idField, updatedAt } from "./fields";
import type { ResourceDefinition } from "./types";

export const categories: ResourceDefinition<"categories"> = {
  name: "categories",
  label: { singular: "category", plural: "categories" },
  titleField: "name",
  fields: [
    idField(),
    {
      name: "name",
      label: "Name",
      type: "text",
      required: true,
      minLength: 1,
      maxLength: 60,
      rule: "Name must be 1–60 characters.",
    },
    {
      name: "slug",
      label: "Slug",
      type: "text",
      pattern: /^[a-z0-9]+(-[a-z0-9]+)*$/,
      rule: "Slug may contain only lowercase letters, digits and single dashes between them.",
      help: "Leave empty to derive it from the name.",
    },
    {
      name: "description",
      label: "Description",
      type: "longText",
      maxLength: 500,
      rule: "Description must be at most 500 characters.",
    },
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
