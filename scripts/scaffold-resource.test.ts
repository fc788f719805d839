import { describe, expect, it } from "vitest";
import { labelFor, scaffoldDefinition } from "./scaffold-resource-lib";

const products = {
  required: ["sku", "name"],
  properties: {
    id: { description: "Note:\nThis is a Primary Key.<pk/>", format: "bigint", type: "integer" },
    sku: { format: "text", type: "string" },
    name: { format: "text", type: "string" },
    description: { format: "text", type: "string" },
    category_id: {
      description: "Note:\nThis is a Foreign Key to `categories.id`.<fk table='categories' column='id'/>",
      format: "bigint",
      type: "integer",
    },
    price: { format: "numeric(12,2)", type: "number" },
    status: { format: "product_status", type: "string", enum: ["draft", "active"] },
    tags: { format: "text[]", type: "array" },
    image_path: { format: "text", type: "string" },
    search: { format: "tsvector", type: "string" },
    version: { format: "integer", type: "integer" },
    created_at: { format: "timestamp with time zone", type: "string" },
  },
};

describe("scaffoldDefinition", () => {
  const source = scaffoldDefinition("products", products);

  it("maps column types and formats to field types", () => {
    expect(source).toContain('name: "category_id",\n      label: "Category",\n      type: "reference"');
    expect(source).toContain('resource: "categories"');
    expect(source).toContain('type: "money"');
    expect(source).toMatch(/name: "status",[\s\S]*?type: "enum",[\s\S]*?options: \[\s*"draft",\s*"active"\s*\]/);
    expect(source).toMatch(/name: "tags",[\s\S]*?type: "tags"/);
    expect(source).toMatch(/name: "image_path",[\s\S]*?type: "image"/);
    expect(source).toMatch(/name: "description",[\s\S]*?type: "longText"/);
    expect(source).toMatch(/name: "created_at",[\s\S]*?type: "datetime",\s*readOnly: true/);
  });

  it("marks required columns, versioning, filters and full-text search", () => {
    expect(source).toMatch(/name: "sku",[\s\S]*?required: true/);
    expect(source).toContain("versioned: true");
    expect(source).toContain('search: {\n      column: "search",\n      config: "english"');
    expect(source).toContain('filters: [\n      "category_id",\n      "status"\n    ]');
    expect(source).not.toContain('name: "search"');
  });

  it("writes a module exporting a typed definition", () => {
    expect(source).toContain('import type { ResourceDefinition } from "./types";');
    expect(source).toContain('export const products: ResourceDefinition<"products"> = {');
    expect(scaffoldDefinition("order_items", products)).toContain(
      'export const orderItems: ResourceDefinition<"order_items">',
    );
  });

  it("labels columns for people", () => {
    expect(labelFor("full_name")).toBe("Full name");
    expect(labelFor("customer_id")).toBe("Customer");
  });
});
