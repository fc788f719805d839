// Overrides the generated `order_items` (src/schema/merge.ts), listed and edited on their order's
// page (pages/orders/OrderItemsEditor.tsx). Generated from the live schema: every column, its
// type, required, the quantity's range (CHECK constraints), the order and product pickers.
// Added here: kept out of the menu (nested under orders), the products a line may take (active
// ones), the product's SKU and price on the picker's second line, money for the prices, the line
// total the database keeps, the rules in the demo's words and the columns its order shows.
import { createdAt, idField, updatedAt, versionField } from "./fields";
import type { ResourceOverride } from "./types";

export const orderItems: ResourceOverride<"order_items"> = {
  name: "order_items",
  // Under their order, as in the store's old console: no menu entry or `g` key of their own.
  nested: true,
  fields: [
    idField,
    {
      name: "product_id",
      reference: {
        resource: "products",
        labelField: "name",
        details: ["sku", "price"],
        // docs/product.md §4: only active products are ordered.
        choosable: [{ field: "status", value: "active" }],
      },
    },
    { name: "quantity", rule: "Quantity must be 1–999." },
    { name: "unit_price", type: "money", required: false, rule: "Unit price must be zero or more." },
    { name: "line_total", type: "money", readOnly: true },
    versionField,
    createdAt,
    updatedAt,
  ],
  list: {
    columns: ["product_id", "quantity", "unit_price", "line_total"],
    defaultSort: { field: "id", order: "asc" },
  },
};
