// Overrides the generated `products` (src/schema/merge.ts). Generated from the live schema: every
// column, its type, required, lengths, the SKU pattern, ranges and the tag limit (CHECK
// constraints), the category picker, the status values. Added here: the demo's labels and rules
// in its own words, money for the price, the image in its bucket, the status colours and the
// rule of an active product, the list's columns, filters and ranked search
// (search_products), sections, the form, CSV import, bulk status and the version check.
import { createdAt, idField, updatedAt, versionField } from "./fields";
import { enumOptions } from "./options";
import type { ResourceOverride } from "./types";

export const products: ResourceOverride<"products"> = {
  name: "products",
  versioned: true,
  // The full-text vector is searched, never read; the category label is the sort's (category_id).
  hide: ["search", "category_name"],
  // A product's order lines are the orders' business: no related list here.
  related: [],
  fields: [
    idField,
    {
      name: "sku",
      label: "SKU",
      rule: "SKU must be 3–32 characters: capital letters, digits and dashes.",
      placeholder: "ABC-123",
    },
    { name: "name", rule: "Name must be 1–120 characters." },
    // Sorted by the label the database keeps beside the key (an index walk).
    { name: "category_id", reference: { resource: "categories", labelField: "name", sortField: "category_name" } },
    { name: "price", type: "money", rule: "Price must be zero or more." },
    { name: "stock", rule: "Stock must be zero or more." },
    {
      name: "status",
      ...enumOptions("product_status", {
        draft: { label: "draft", color: "default" },
        active: { label: "active", color: "green" },
        archived: { label: "archived", color: "default" },
      }),
      checks: { active: "A product can be active only with a price above zero and a category." },
    },
    { name: "tags", rule: "A product can have at most 10 tags." },
    { name: "image_path", label: "Image", type: "image", bucket: "product-images", readOnly: true },
    { name: "description", rule: "Description must be at most 5000 characters." },
    versionField,
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
