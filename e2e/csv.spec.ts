// CSV export and import (issue 5): the export holds every filtered row across pages in
// the list's order; an import with errors shows the report and writes nothing; a clean
// file commits all its rows.
import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import Papa from "papaparse";
import { serviceClient } from "./backend";
import { emailOf, unique } from "./helpers";
import { test } from "./test";
import { signedInAs } from "./world";

test.use({ signedInAs: "editor" });

async function exportCsv(page: Page) {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  const text = readFileSync((await file.path()) as string, "utf8");
  return { name: file.suggestedFilename(), text };
}

test("export writes every active product across pages, sorted as listed, as the list shows them", async ({ page }) => {
  await page.goto(
    "/products?filters[0][field]=status&filters[0][operator]=in&filters[0][value][0]=active&sorters[0][field]=price&sorters[0][order]=desc",
  );
  await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(25);
  const started = Date.now();
  const { name, text } = await exportCsv(page);
  const seconds = (Date.now() - started) / 1000;
  expect(name).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
  expect(rows[0]).toEqual(["SKU", "Name", "Category", "Price", "Stock", "Status", "Updated"]);

  const { data, error } = await serviceClient()
    .from("products")
    .select("sku, price, categories(name)")
    .eq("status", "active")
    .order("price", { ascending: false })
    .order("id");
  expect(error).toBeNull();
  const expected = (data ?? []) as unknown as { sku: string; price: number; categories: { name: string } | null }[];
  expect(expected.length).toBeGreaterThan(25);
  expect(rows.slice(1).map((r) => r[0])).toEqual(expected.map((p) => p.sku));
  expect(rows[1][2]).toBe(expected[0].categories?.name ?? "");
  expect(rows.slice(1).every((r) => r[5] === "active")).toBe(true);
  console.log(`export: ${expected.length} rows in ${seconds.toFixed(2)} s`);
});

async function importFile(page: Page, name: string, csv: string) {
  await page.goto("/categories");
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("up to 5000 rows and 10 MB")).toBeVisible();
  await dialog.locator("input[type=file]").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(dialog.getByText(`${name}: `)).toBeVisible();
  await dialog.getByRole("button", { name: /^Check \d+ rows?$/ }).click();
  return dialog;
}

async function categoriesNamed(names: string[]) {
  const { data } = await serviceClient().from("categories").select("name, slug, description").in("name", names);
  return data ?? [];
}

test("an import with errors reports every bad row in one round and writes nothing; a clean file commits every row", async ({
  page,
}) => {
  const names = [unique("Imp A"), unique("Imp B"), unique("Imp C")];
  const withErrors = [
    "Name,Slug,Description,Colour",
    `${names[0]},,First,red`,
    "Books,,Already exists,blue",
    `${names[1]},Bad Slug!,Second,green`,
    `${names[2]},,Third,`,
    `${names[0]},,First again,`,
  ].join("\n");
  const dialog = await importFile(page, "categories-bad.csv", withErrors);
  // One check names them all: the forms' rule (slug, found in the browser), a name another
  // category has (the database's dry run), and a name the file holds twice, with both rows.
  const report = dialog.getByRole("table", { name: "Import errors" });
  const rowOf = (text: string) => report.getByRole("row").filter({ hasText: text });
  await expect(rowOf("Slug may contain only lowercase letters")).toContainText("4");
  await expect(rowOf("A category with this name already exists.")).toContainText("3");
  await expect(rowOf(`Name “${names[0]}” appears twice in the file, rows 2 and 6.`)).toContainText("6");
  await expect(report.getByRole("row")).toHaveCount(4);
  await expect(dialog.getByText("3 rows cannot be imported. Nothing was written.")).toBeVisible();
  expect(await categoriesNamed(names)).toEqual([]);

  // A clean file: dry run, then the commit.
  await dialog.getByRole("button", { name: "Choose another file" }).click();
  const clean = ["Name,Description", ...names.map((n, i) => `"${n}","Row ${i + 1}, quoted"`)].join("\r\n");
  await dialog
    .locator("input[type=file]")
    .setInputFiles({ name: "categories.csv", mimeType: "text/csv", buffer: Buffer.from(clean) });
  await dialog.getByRole("button", { name: "Check 3 rows" }).click();
  await expect(dialog.getByText("All 3 rows are valid. Nothing has been written yet.")).toBeVisible();
  expect(await categoriesNamed(names)).toEqual([]);
  await dialog.getByRole("button", { name: "Import 3 categories" }).click();
  await expect(dialog.getByText("3 categories imported")).toBeVisible();
  const written = await categoriesNamed(names);
  expect(written.map((c) => c.description).sort()).toEqual(["Row 1, quoted", "Row 2, quoted", "Row 3, quoted"]);
});

test("a viewer sees export but not import", async () => {
  const page = await signedInAs(emailOf("viewer"));
  const context = page.context();
  await page.goto("/categories");
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Import CSV" })).toHaveCount(0);
  await context.close();
});
