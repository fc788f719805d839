// Overrides the generated `orders` (src/schema/merge.ts). Generated from the live schema: every
// column, its type, the customer picker (with the e-mail on its second line), the status values,
// the notes' length. Added here: the demo's labels, what the database keeps (number, status,
// total and the timeline are written by its rules, never by the form), the customers an order
// may be placed for, money for the total, the status colours and the state machine
// (order_transitions) for bulk changes, the documents bucket, the items in its History, the list's
// columns, filters and ranked search (search_orders), sections, the form and the version check.
import { createdAt, idField, notesField, updatedAt, versionField } from "./fields";
import { ORDER_STATUS_OPTIONS } from "./orderStatus";
import type { ResourceOverride } from "./types";

export const orders: ResourceOverride<"orders"> = {
  name: "orders",
  titleSaysKind: true,
  versioned: true,
  documents: { bucket: "order-documents" },
  historyIncludes: [{ table: "order_items", foreignKey: "order_id" }],
  // Documents live in their bucket under the order's id (documents below), not in this column.
  hide: ["document_path"],
  // Its items are edited on its own page (pages/orders/OrderItemsEditor.tsx), not as a related list.
  related: [],
  fields: [
    idField,
    { name: "number", readOnly: true },
    {
      name: "customer_id",
      // docs/product.md §4: no order is placed for a blocked customer.
      reference: { resource: "customers", labelField: "full_name", choosable: [{ field: "is_blocked", value: false }] },
    },
    { name: "status", ...ORDER_STATUS_OPTIONS, readOnly: true },
    { name: "total", type: "money", readOnly: true },
    { name: "placed_at", label: "Placed", readOnly: true },
    { name: "paid_at", label: "Paid", readOnly: true },
    { name: "shipped_at", label: "Shipped", readOnly: true },
    { name: "delivered_at", label: "Delivered", readOnly: true },
    notesField(2000),
    versionField,
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
