// Type-level test, checked by `npm run typecheck` (tsc), not run by vitest: a definition
// naming a column its table lacks must not compile. Each `@ts-expect-error` fails the
// typecheck as soon as the line under it compiles.
import type { FieldDefinition, ResourceDefinition } from "./types";

type ProductField = ResourceDefinition<"products">["fields"][number];

export const unknownField: ProductField = {
  // @ts-expect-error products has no column "no_such_column"
  name: "no_such_column",
  label: "Missing",
  type: "text",
};

export const unknownListColumn: ResourceDefinition<"products">["list"]["columns"] = [
  "sku",
  // @ts-expect-error products has no column "no_such_column"
  "no_such_column",
];

export const unknownReferencedColumn: ProductField = {
  name: "category_id",
  label: "Category",
  type: "reference",
  // @ts-expect-error categories has no column "title"
  reference: { resource: "categories", labelField: "title" },
};

export const unknownRelatedColumn: ResourceDefinition<"orders">["related"] = [
  // @ts-expect-error order_items has no column "price"
  { resource: "order_items", foreignKey: "order_id", title: "Items", columns: ["quantity", "price"] },
];

/** The generic views read any definition: a typed one is one of them. */
export const generic: ResourceDefinition = {} as ResourceDefinition<"products">;
export const genericField: FieldDefinition = {} as ProductField;
