// Writes every row of a list as CSV, a chunk of rows per request, so a large export
// neither loads one huge response nor stalls the tab; cancellable between chunks.
import type { BaseRecord } from "@refinedev/core";
import Papa from "papaparse";
import type { FieldDefinition } from "../../resources/types";
import { toCell } from "./cells";

export interface ExportPage {
  rows: BaseRecord[];
  /** Rows the whole export will have (the list's total), from the first page. */
  total: number;
}

export interface ExportOptions {
  fields: FieldDefinition[];
  /** Column titles, one per field. */
  header: string[];
  /** Rows of 1-based page `page` of `size` rows, in the list's order and filters. */
  fetchPage: (page: number, size: number) => Promise<ExportPage>;
  chunkRows: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** Excel reads a CSV file as UTF-8 only when it starts with a byte order mark. */
export const UTF8_BOM = "\uFEFF";

export class ExportCancelled extends Error {
  constructor() {
    super("Export cancelled");
  }
}

/** The CSV text in parts (BOM, header, then one part per chunk), ready for a Blob. */
export async function exportCsv(options: ExportOptions): Promise<{ parts: string[]; rows: number }> {
  const { fields, header, fetchPage, chunkRows, signal, onProgress } = options;
  const parts = [UTF8_BOM, Papa.unparse([header])];
  let rows = 0;
  for (let page = 1; ; page++) {
    if (signal?.aborted) throw new ExportCancelled();
    const { rows: chunk, total } = await fetchPage(page, chunkRows);
    if (signal?.aborted) throw new ExportCancelled();
    if (chunk.length > 0) {
      parts.push("\r\n", Papa.unparse(chunk.map((record) => fields.map((field) => toCell(field, record)))));
    }
    rows += chunk.length;
    onProgress?.(rows, Math.max(total, rows));
    // A short page is the last one; the total can be an estimate, so it does not decide.
    if (chunk.length < chunkRows) return { parts, rows };
  }
}

/** `products-2025-06-11.csv` */
export const exportFileName = (resource: string, date = new Date()) =>
  `${resource}-${date.toISOString().slice(0, 10)}.csv`;
