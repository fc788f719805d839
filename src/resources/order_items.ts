import { idField } from "./fields";
import type { ResourceDefinition } from "./types";

/** Listed on the order page; not a menu entry of its own. */
export const orderItems: ResourceDefinition<"order_items"> = {
  name: "order_items",
  label: { singular: "order item", plural: "order items" },
  titleField: "id",
  fields: [
    idField(),
    {
      name: "order_id",
      label: "Order",
      type: "reference",
      required: true,
      reference: { resource: "orders", labelField: "number" },
    },
    {
      name: "product_id",
      label: "Product",
      type: "reference",
      required: true,
      reference: {
        resource: "products",
        labelField: "name",
        details: ["sku", "price"],
        // docs/product.md §4: only active products are ordered.
        choosable: [{ field: "status", value: "active" }],
      },
    },
    {
      name: "quantity",
      label: "Quantity",
      type: "number",
      required: true,
      min: 1,
      max: 999,
      rule: "Quantity must be 1–999.",
    },
    { name: "unit_price", label: "Unit price", type: "money", min: 0, rule: "Unit price must be zero or more." },
    { name: "line_total", label: "Line total", type: "money", readOnly: true },
  ],
  list: {
    columns: ["product_id", "quantity", "unit_price", "line_total"],
    defaultSort: { field: "id", order: "asc" },
  },
};
