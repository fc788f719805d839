// An audit entry for the history tests: an update of product 7 unless told otherwise.
import type { AuditEntry } from "./diff";

export const testEntry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: "2025-06-10T10:00:00Z",
  actor_id: null,
  actor_email: null,
  table_name: "products",
  record_id: "7",
  action: "UPDATE",
  old: null,
  new: null,
  changed: null,
  ...over,
});
