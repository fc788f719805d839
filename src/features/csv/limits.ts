// docs/product.md §9's import limits, checked in the browser before anything is sent (the database
// refuses more than MAX_IMPORT_ROWS as well, in import_rows).
export const MAX_IMPORT_ROWS = 5000;
/** Large enough for 5000 rows of long descriptions, small enough to parse in a tab. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** Rows fetched per request while exporting. */
export const EXPORT_CHUNK_ROWS = 1000;
/** How a tags cell joins its items (commas are common inside tags). */
export const TAG_SEPARATOR = "; ";
