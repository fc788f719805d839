// "Select all N matching": every row matching the list's filters and search, as the list
// reads them (a selected row is exported as shown, updated at its version). The
// count comes first, so a set beyond the bulk limit costs one request and no rows; the
// rest come in PostgREST's largest pages (max_rows), side by side.
import type { BaseRecord, CrudFilter, DataProvider } from "@refinedev/core";
import { idColumnOf, metaFor } from "../../lib/select";
import { EXACT_COUNT_UP_TO } from "../../providers/dataProvider";
import type { ResourceDefinition } from "../../resources/types";

export type Matching = { rows: BaseRecord[]; total: number } | { tooMany: true; total: number };

export async function matchingRows(
  dataProvider: Pick<DataProvider, "getList">,
  def: ResourceDefinition,
  filters: CrudFilter[],
  max: number,
): Promise<Matching> {
  const idColumn = idColumnOf(def);
  const pageSize = EXACT_COUNT_UP_TO;
  const page = (currentPage: number) =>
    dataProvider.getList({
      resource: def.name,
      // An exact count: the limit is checked against it (the list may show an estimate).
      meta: { ...metaFor(def), count: "exact" },
      filters,
      // By key alone, so the pages neither overlap nor leave rows out.
      sorters: [{ field: idColumn, order: "asc" }],
      pagination: { currentPage, pageSize, mode: "server" },
    });
  const first = await page(1);
  if (first.total > max) return { tooMany: true, total: first.total };
  const pages = Math.ceil(first.total / pageSize);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => page(i + 2)));
  const rows = [first, ...rest].flatMap((result) => result.data);
  // A search counts exactly only up to max_rows and estimates beyond: read on while pages come full.
  if ((first as { approximate?: boolean }).approximate)
    for (let next = pages + 1; rows.length === (next - 1) * pageSize && rows.length <= max; next++)
      rows.push(...(await page(next)).data);
  if (rows.length > max) return { tooMany: true, total: rows.length };
  return { rows, total: rows.length };
}
