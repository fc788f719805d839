// A record's History pages its own entries and those of its rows (an order's items) together:
// fails on the old code, where an order's History on Opsdesk showed only the order's own entries.
import { describe, expect, it } from "vitest";
import type { AuditEntry } from "../../resources/describe.types";
import { mergeHistory, nextCursor } from "./historyPage";

const entry = (id: number, table_name: string): AuditEntry => ({
  id,
  at: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
  actor_id: null,
  actor_email: null,
  schema_name: "public",
  table_name,
  record_id: String(id),
  record_key: null,
  action: "UPDATE",
  old: null,
  new: null,
  changed: null,
});

describe("a History page", () => {
  it("merges the record's entries and its rows' newest first, one page at most", () => {
    const own = [entry(9, "orders"), entry(4, "orders"), entry(1, "orders")];
    const items = [entry(8, "order_items"), entry(7, "order_items"), entry(2, "order_items")];
    const page = mergeHistory([own, items], 4);
    expect(page.map((e) => [e.id, e.table_name])).toEqual([
      [9, "orders"],
      [8, "order_items"],
      [7, "order_items"],
      [4, "orders"],
    ]);
    // The next page starts below the last entry shown: 2 and 1 come next, nothing repeats.
    expect(nextCursor(page, 4)).toBe(4);
    const next = mergeHistory([own.filter((e) => e.id < 4), items.filter((e) => e.id < 4)], 4);
    expect(next.map((e) => e.id)).toEqual([2, 1]);
    expect(nextCursor(next, 4)).toBeUndefined();
  });
});
