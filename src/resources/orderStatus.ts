// Order statuses of SPEC §4. The legal next states come from the database
// (rpc order_next_statuses), the same function its trigger enforces.
export const ORDER_STATUSES = ["pending", "paid", "shipped", "delivered", "cancelled", "refunded"] as const;

/** Items can be added, changed or removed only while the order is pending. */
export function itemsEditable(status: unknown): boolean {
  return status === "pending";
}
