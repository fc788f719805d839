// Reads an import file in the browser: header row + data rows, within docs/product.md §9's limits.
import Papa from "papaparse";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "./limits";

export interface ParsedFile {
  headers: string[];
  records: Record<string, string>[];
}

export type FileProblem =
  | { kind: "tooLarge"; bytes: number }
  | { kind: "tooManyRows"; rows: number }
  | { kind: "empty" }
  | { kind: "unreadable"; detail: string };

export class ImportFileError extends Error {
  constructor(readonly problem: FileProblem) {
    super(problem.kind);
  }
}

/** Refuses a file over the size limit before reading it. */
export function checkFileSize(file: { size: number }): FileProblem | undefined {
  return file.size > MAX_IMPORT_BYTES ? { kind: "tooLarge", bytes: file.size } : undefined;
}

export function parseCsvText(text: string): ParsedFile {
  const result = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (header) => header.trim(),
  });
  // A short row just has empty cells, a one-column file no delimiter to detect; broken
  // quoting makes the rest of the file unreliable.
  const broken = result.errors.find((error) => error.type === "Quotes");
  if (broken) throw new ImportFileError({ kind: "unreadable", detail: `${broken.message} (row ${broken.row})` });
  const headers = (result.meta.fields ?? []).filter((header) => header !== "");
  if (headers.length === 0 || result.data.length === 0) throw new ImportFileError({ kind: "empty" });
  if (result.data.length > MAX_IMPORT_ROWS) {
    throw new ImportFileError({ kind: "tooManyRows", rows: result.data.length });
  }
  return { headers, records: result.data };
}

export async function parseCsvFile(file: File): Promise<ParsedFile> {
  const tooLarge = checkFileSize(file);
  if (tooLarge) throw new ImportFileError(tooLarge);
  // File.text() decodes UTF-8 and drops a byte order mark.
  return parseCsvText(await file.text());
}
