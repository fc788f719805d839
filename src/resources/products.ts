import { createdAt, idField, updatedAt } from "./fields";
import { enumOptions } from "./options";
import type { ResourceDefinition } from "./types";

export const products: ResourceDefinition<"products"> = {
  name: "products",
  label: { singular: "product", plural: "products" },
  titleField: "name",
  versioned: true,
  fields: [
    idField(),
    {
      name: "sku",
      label: "SKU",
      type: "text",
      required: true,
      pattern: /^[A-Z0-9-]{3,32}$/,
      rule: "SKU must be 3–32 characters: capital letters, digits and dashes.",
      placeholder: "ABC-123",
    },
    {
      name: "name",
      label: "Name",
      type: "text",
      required: true,
      minLength: 1,
      maxLength: 120,
      rule: "Name must be 1–120 characters.",
    },
    {
      name: "category_id",
      label: "Category",
      type: "reference",
      reference: { resource: "categories", labelField: "name", sortField: "category_name" },
    },
    {
      name: "price",
      label: "Price",
      type: "money",
      required: true,
      min: 0,
      rule: "Price must be zero or more.",
    },
    { name: "stock", label: "Stock", type: "number", min: 0, rule: "Stock must be zero or more." },
    {
      name: "status",
      label: "Status",
      type: "enum",
      ...enumOptions("product_status", {
        draft: { label: "draft", color: "default" },
        active: { label: "active", color: "green" },
        archived: { label: "archived", color: "default" },
      }),
      checks: { active: "A product can be active only with a price above zero and a category." },
    },
    { name: "tags", label: "Tags", type: "tags", maxItems: 10, rule: "A product can have at most 10 tags." },
    { name: "image_path", label: "Image", type: "image", bucket: "product-images", readOnly: true },
    {
      name: "description",
      label: "Description",
      type: "longText",
      maxLength: 5000,
      rule: "Description must be at most 5000 characters.",
    },
    { name: "version", label: "Version", type: "number", readOnly: true },
    createdAt,
    updatedAt,
  ],
  list: {
    columns: ["sku", "name", "category_id", "price", "stock", "status", "updated_at"],
    defaultSort: { field: "name", order: "asc" },
    filters: ["status", "category_id", "price", "stock", "created_at", "updated_at"],
    search: { rpc: "search_products" },
  },
  show: {
    sections: [
      { title: "Product", fields: ["sku", "name", "category_id", "status", "tags", "image_path"] },
      { title: "Stock and price", fields: ["price", "stock"] },
      { title: "Description", fields: ["description"] },
      { title: "Record", fields: ["id", "version", "created_at", "updated_at"] },
    ],
  },
  csvImport: true,
  bulkSet: ["status"],
  form: { fields: ["sku", "name", "category_id", "price", "stock", "status", "tags", "description"] },
};
