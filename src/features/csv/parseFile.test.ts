import { describe, expect, it } from "vitest";
import { UTF8_BOM } from "./exportCsv";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "./limits";
import { checkFileSize, ImportFileError, parseCsvText } from "./parseFile";

const problemOf = (text: string) => {
  try {
    parseCsvText(text);
  } catch (error) {
    if (error instanceof ImportFileError) return error.problem;
    throw error;
  }
  throw new Error("parsed");
};

describe("import files", () => {
  it("reads the header and the rows, quotes, commas and line breaks in cells, skipping blank lines", () => {
    const parsed = parseCsvText(`${UTF8_BOM}Name , Description\r\nTea,"Green, ""fine""\nleaves"\r\n\r\nCoffee\r\n`);
    expect(parsed.headers).toEqual(["Name", "Description"]);
    expect(parsed.records).toEqual([{ Name: "Tea", Description: 'Green, "fine"\nleaves' }, { Name: "Coffee" }]);
  });

  it("refuses files over the limits of docs/product.md §9 and files without rows", () => {
    expect(checkFileSize({ size: MAX_IMPORT_BYTES + 1 })).toEqual({ kind: "tooLarge", bytes: MAX_IMPORT_BYTES + 1 });
    expect(checkFileSize({ size: MAX_IMPORT_BYTES })).toBeUndefined();
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `c${i}`).join("\n");
    expect(problemOf(`Name\n${rows}`)).toEqual({ kind: "tooManyRows", rows: MAX_IMPORT_ROWS + 1 });
    expect(parseCsvText(`Name\n${rows.split("\n").slice(1).join("\n")}`).records).toHaveLength(MAX_IMPORT_ROWS);
    expect(problemOf("Name\n")).toEqual({ kind: "empty" });
    expect(problemOf('Name\n"unclosed')).toMatchObject({ kind: "unreadable" });
  });
});
