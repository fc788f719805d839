// An editor's day with products: create, duplicate SKU, edit, filter, sort, paginate, search.
import { expect, type Page } from "@playwright/test";
import { serviceClient } from "./backend";
import { chooseOption, columnTexts, formField, formItem, tableRows, tick, unique } from "./helpers";
import { test } from "./test";

test.use({ signedInAs: "editor" });

const rows = tableRows;

async function fillProduct(page: Page, sku: string, name: string) {
  await formField(page, "SKU").fill(sku);
  await formField(page, "Name").fill(name);
  await chooseOption(page, "Category", "Book", "Books");
  await formField(page, "Price").fill("12.50");
}

test("editor creates a product, meets the duplicate-SKU rule, then edits it", async ({ page }) => {
  const sku = unique("E2E");
  await page.goto("/products/create");
  await fillProduct(page, sku, "E2E Reading Lamp");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByText(sku)).toBeVisible();
  await expect(page.locator(".ant-descriptions").getByRole("link", { name: "Books" })).toBeVisible();
  const url = page.url();

  // The same SKU again: the database's unique rule shows on the SKU field.
  await page.goto("/products/create");
  await fillProduct(page, sku, "E2E Reading Lamp twin");
  await page.getByRole("button", { name: "Save" }).click();
  const skuItem = formItem(page, "SKU");
  await expect(skuItem.getByText("A product with this SKU already exists.")).toBeVisible();
  await expect(page).toHaveURL(/\/products\/create$/);

  // The form's own rule, before any request.
  await formField(page, "SKU").fill("bad sku");
  await expect(skuItem.getByText("SKU must be 3–32 characters: capital letters, digits and dashes.")).toBeVisible();

  // Leaving the changed form asks first (unsaved-changes warning).
  const warned = page.waitForEvent("dialog").then((dialog) => {
    expect(dialog.type()).toBe("beforeunload");
    return dialog.accept();
  });
  await page.goto(`${url}/edit`);
  await warned;
  await expect(formField(page, "Name")).toHaveValue("E2E Reading Lamp");
  await formField(page, "Name").fill("E2E Reading Lamp, brass");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByText("E2E Reading Lamp, brass").first()).toBeVisible();
});

test("editor filters, sorts by category name, paginates and searches", async ({ page }) => {
  await page.goto("/products");
  await expect(rows(page)).toHaveCount(25);
  await expect(page.getByText(/^\d+ products$/)).toBeVisible();

  // Sort by category name (a related column), descending then ascending.
  const categoryHeader = page.getByRole("columnheader", { name: "Category" });
  await categoryHeader.click();
  await expect(page).toHaveURL(/sorters\[0\]\[field\]=category_id/);
  await expect(page).toHaveURL(/sorters\[0\]\[order\]=asc/);
  // The URL changes before the sorted page arrives: poll until the table shows it.
  const sortedByCategory = async () => {
    const named = (await columnTexts(page, "Category")).filter((n) => n !== "");
    return named.length > 0 && named.every((n, i) => i === 0 || named[i - 1].localeCompare(n) <= 0);
  };
  await expect.poll(sortedByCategory).toBe(true);

  // Filter by status through the column filter.
  await page.getByRole("columnheader", { name: "Status" }).getByRole("button", { name: "filter" }).click();
  const dropdown = page.locator(".ant-table-filter-dropdown:visible");
  await tick(dropdown.getByRole("checkbox", { name: "archived" }));
  await dropdown.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/filters\[\d\]\[value\]\[0\]=archived/);
  await expect.poll(async () => [...new Set(await columnTexts(page, "Status"))]).toEqual(["archived"]);

  // Paginate: page 2 with 10 rows a page.
  await page.goto("/products");
  await page.locator(".ant-pagination-options .ant-select").click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "10 / page" }).click();
  await expect(rows(page)).toHaveCount(10);
  const firstPage = await rows(page).first().innerText();
  await page.locator(".ant-pagination-item-2").click();
  await expect(page).toHaveURL(/currentPage=2/);
  await expect(rows(page).first()).not.toHaveText(firstPage);

  // Full-text search.
  await page.getByPlaceholder("Search products").fill("aquarium");
  await page.getByPlaceholder("Search products").press("Enter");
  await expect(page).toHaveURL(/filters\[\d\]\[field\]=q/);
  await expect
    .poll(async () => {
      const found = await columnTexts(page, "Name");
      return found.length > 0 && found.every((name) => name.toLowerCase().includes("aquarium"));
    })
    .toBe(true);
});

test("the product form keeps what was typed and says why, instead of changing it (price −5, stock −1, 300 characters)", async ({
  page,
}) => {
  const sku = unique("KEEP");
  await page.goto("/products/create");
  await formField(page, "SKU").fill(sku);
  const longName = "N".repeat(300);
  await formField(page, "Name").fill(longName);
  await formField(page, "Price").fill("-5");
  await formField(page, "Stock").fill("-1");
  // Leaving a number input once clamped it (antd's min): price became 0.00, stock 0.
  await formField(page, "SKU").click();
  await expect(formField(page, "Price")).toHaveValue("-5.00");
  await expect(formField(page, "Stock")).toHaveValue("-1");
  await expect(formField(page, "Name")).toHaveValue(longName);
  await expect(formItem(page, "Price").getByText("Price must be zero or more.")).toBeVisible();
  await expect(formItem(page, "Stock").getByText("Stock must be zero or more.")).toBeVisible();
  await expect(formItem(page, "Name").getByText("Name must be 1–120 characters.")).toBeVisible();
  // The count says how far past the limit the text is.
  await expect(formItem(page, "Name").getByText("300 / 120")).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/products\/create$/);
  const { data } = await serviceClient().from("products").select("id").eq("sku", sku);
  expect(data).toEqual([]);
});
