// Bulk actions (issue 5): every selected row succeeds or fails on its own, the report
// names the failed ones and why; after an update only the failed rows stay selected.
import { expect, type Page } from "@playwright/test";
import { insertRow, serviceClient } from "./backend";
import { sessionFile, unique } from "./helpers";
import { test } from "./test";

const rows = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row");

async function selectAll(page: Page, count: number) {
  await expect(rows(page)).toHaveCount(count);
  await page.locator(".ant-table-thead .ant-checkbox-input").check();
  await expect(page.getByText(`${count} selected`)).toBeVisible();
}

test.describe("as admin", () => {
  test.use({ storageState: sessionFile("admin") });

  test("bulk delete removes what it can and reports a category still used by products", async ({ page }) => {
    const prefix = unique("Bulk");
    const used = await insertRow<{ id: number }>("categories", { name: `${prefix} used` });
    await insertRow("categories", { name: `${prefix} free` });
    await insertRow("products", { sku: unique("BULK"), name: "Keeps its category", price: 1, category_id: used.id });

    await page.goto(`/categories?filters[0][field]=name&filters[0][operator]=contains&filters[0][value]=${prefix}`);
    await selectAll(page, 2);
    await page.getByRole("button", { name: "Delete selected" }).click();
    await page.locator(".ant-popover:visible").getByRole("button", { name: "Delete", exact: true }).click();

    // Both rows leave the list at once under the undo notice; when its time has run out, the
    // delete goes, and the refused row comes back, named with the reason.
    await expect(page.locator(".ant-notification-notice").filter({ hasText: "Deleted 2 categories." })).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
    const report = page
      .locator(".ant-notification-notice")
      .filter({ hasText: "1 of 2 categories could not be deleted" });
    await expect(report).toContainText(`${prefix} used: This category is still used by products.`, {
      timeout: 30_000,
    });
    await expect(rows(page)).toHaveCount(1);
    const { data } = await serviceClient().from("categories").select("name").like("name", `${prefix}%`);
    expect(data).toEqual([{ name: `${prefix} used` }]);
  });
});

test.describe("as editor", () => {
  test.use({ storageState: sessionFile("editor") });

  test("set status activates the products that may be active and reports the one without a price", async ({ page }) => {
    const category = await insertRow<{ id: number }>("categories", { name: unique("Bulk status") });
    const priced = await insertRow<{ sku: string }>("products", {
      sku: unique("PRICED"),
      name: "Priced",
      price: 5,
      category_id: category.id,
    });
    await insertRow("products", { sku: unique("FREE"), name: "Free sample", price: 0, category_id: category.id });

    await page.goto(`/products?filters[0][field]=category_id&filters[0][operator]=eq&filters[0][value]=${category.id}`);
    await selectAll(page, 2);
    // An editor may not delete products (SPEC §6): no delete action.
    await expect(page.getByRole("button", { name: "Delete selected" })).toHaveCount(0);
    await page.getByRole("button", { name: "Set Status" }).click();
    await page.getByRole("menuitem", { name: "active" }).click();

    const report = page.getByRole("status").filter({ hasText: "1 updated, 1 failed:" });
    await expect(report).toContainText(
      "Free sample: A product can be active only with a price above zero and a category.",
    );
    await expect(page.getByText("1 selected")).toBeVisible();
    const { data } = await serviceClient()
      .from("products")
      .select("sku, status")
      .eq("category_id", category.id)
      .order("sku");
    expect(data?.find((p) => p.sku === priced.sku)?.status).toBe("active");
    expect(data?.filter((p) => p.status === "draft")).toHaveLength(1);
  });
});
