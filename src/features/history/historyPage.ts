// A record's History is read a page at a time, newest first; the next page starts below the
// last entry shown (its id), so a page never repeats or skips an entry.
import type { AuditEntry } from "../../resources/describe.types";

export const HISTORY_PAGE_SIZE = 10;

/** The cursor of the next page: the last id shown, or none when a full page was not filled. */
export const nextCursor = (page: AuditEntry[], pageSize = HISTORY_PAGE_SIZE): number | undefined =>
  page.length < pageSize ? undefined : Number(page.at(-1)?.id);
