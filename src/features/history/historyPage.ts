// One page of a record's History: its own entries (opsdesk.history) and, for a record with
// `historyIncludes` (an order), the entries of the rows that belong to it, merged newest first
// and cut to one page. Each source is asked for the entries older than the page's cursor (the
// last id shown), so a page never repeats or skips an entry.
import type { AuditEntry } from "../../resources/describe.types";

export const HISTORY_PAGE_SIZE = 10;

/** Entries of every source, newest first (by id: ids grow with time), at most one page. */
export function mergeHistory(sources: AuditEntry[][], pageSize = HISTORY_PAGE_SIZE): AuditEntry[] {
  const seen = new Set<number>();
  return sources
    .flat()
    .filter((entry) => !seen.has(entry.id) && seen.add(entry.id))
    .sort((a, b) => b.id - a.id)
    .slice(0, pageSize);
}

/** The cursor of the next page: the last id shown, or none when a full page was not filled. */
export const nextCursor = (page: AuditEntry[], pageSize = HISTORY_PAGE_SIZE): number | undefined =>
  page.length < pageSize ? undefined : Number(page.at(-1)?.id);
