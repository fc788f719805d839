import { createdAt, idField, notesField, updatedAt } from "./fields";
import { ORDER_STATUS_OPTIONS } from "./orderStatus";
import type { ResourceDefinition } from "./types";

export const orders: ResourceDefinition<"orders"> = {
  name: "orders",
  label: { singular: "order", plural: "orders" },
  titleField: "number",
  titleSaysKind: true,
  versioned: true,
  documents: { bucket: "order-documents" },
  historyIncludes: [{ table: "order_items", foreignKey: "order_id" }],
  fields: [
    idField(),
    { name: "number", label: "Number", type: "text", readOnly: true },
    {
      name: "customer_id",
      label: "Customer",
      type: "reference",
      required: true,
      reference: {
        resource: "customers",
        labelField: "full_name",
        details: ["email"],
        // docs/product.md §4: no order is placed for a blocked customer.
        choosable: [{ field: "is_blocked", value: false }],
      },
    },
    { name: "status", label: "Status", type: "enum", ...ORDER_STATUS_OPTIONS, readOnly: true },
    { name: "total", label: "Total", type: "money", readOnly: true },
    { name: "placed_at", label: "Placed", type: "datetime", readOnly: true },
    { name: "paid_at", label: "Paid", type: "datetime", readOnly: true },
    { name: "shipped_at", label: "Shipped", type: "datetime", readOnly: true },
    { name: "delivered_at", label: "Delivered", type: "datetime", readOnly: true },
    notesField(2000),
    { name: "version", label: "Version", type: "number", readOnly: true },
    createdAt,
    updatedAt,
  ],
  list: {
    columns: ["number", "customer_id", "status", "total", "placed_at"],
    defaultSort: { field: "placed_at", order: "desc" },
    search: { rpc: "search_orders" },
    filters: [
      "status",
      "customer_id",
      "total",
      "placed_at",
      "paid_at",
      "shipped_at",
      "delivered_at",
      "created_at",
      "updated_at",
    ],
  },
  show: {
    sections: [
      { title: "Order", fields: ["number", "customer_id", "status", "total", "notes"] },
      { title: "Timeline", fields: ["placed_at", "paid_at", "shipped_at", "delivered_at"] },
      { title: "Record", fields: ["id", "version", "created_at", "updated_at"] },
    ],
  },
  form: { fields: ["customer_id", "notes"] },
  // Set on the ticked rows along the state machine (docs/product.md §4), per order.
  bulkSet: ["status"],
  stateMachine: { field: "status", rpc: "order_transitions", refusal: "order_status_change" },
};
