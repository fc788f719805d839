// A list's page sizes: the generated lists and the audit log offer the same choice, and a
// generated list starts with DEFAULT_PAGE_SIZE rows (useResourceListData.ts).
export const PAGE_SIZES = [10, 25, 50, 100];
export const DEFAULT_PAGE_SIZE = 25;
