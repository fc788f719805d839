// Order statuses (the order_status enum) and how they look. The legal next states come from
// the database (rpc order_next_statuses), the same function its trigger enforces.
import { enumOptions } from "./options";

export const ORDER_STATUS_OPTIONS = enumOptions("order_status", {
  pending: { label: "pending", color: "gold" },
  paid: { label: "paid", color: "blue" },
  shipped: { label: "shipped", color: "cyan" },
  delivered: { label: "delivered", color: "green" },
  cancelled: { label: "cancelled", color: "red" },
  refunded: { label: "refunded", color: "purple" },
});

/** Items can be added, changed or removed only while the order is pending. */
export function itemsEditable(status: unknown): boolean {
  return status === "pending";
}
