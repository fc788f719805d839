// Only admins delete, and the database's restrict rule explains itself; the admin's own screens
// are Opsdesk's (operators, permissions, tables) beside the audit log.
import { expect } from "@playwright/test";
import { serviceClient } from "./backend";
import { AUDIT_LOG_MISSING, AUDIT_PATH, chooseOption, formField, openPath, unique } from "./helpers";
import { test } from "./test";

test.use({ signedInAs: "admin" });

test("admin deletes a category, and one still in use is refused", async ({ page }) => {
  const name = unique("E2E Category");
  await page.goto("/categories/create");
  await formField(page, "Name").fill(name);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/categories\/\d+$/);
  await expect(page.getByText(name).first()).toBeVisible();

  // A product in it: the category is now in use.
  const sku = unique("DEL");
  await page.goto("/products/create");
  await formField(page, "SKU").fill(sku);
  await formField(page, "Name").fill("E2E product to delete");
  await chooseOption(page, "Category", name, name);
  await formField(page, "Price").fill("3");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  const productUrl = page.url();

  const categories = "/categories?filters[0][field]=name&filters[0][operator]=contains&filters[0][value]=E2E";
  await page.goto(categories);
  const categoryRow = page.locator("tr.ant-table-row").filter({ hasText: name });
  await categoryRow.getByRole("button", { name: "Delete" }).click();
  await page.locator(".ant-popover:visible").getByRole("button", { name: "Delete" }).click();
  // Sent when the undo time has run out; refused, the row comes back with the reason.
  const refusal = page.locator(".ant-notification-notice").filter({ hasText: `Could not delete category ${name}` });
  await expect(refusal).toContainText("This category is still used by products.", { timeout: 30_000 });
  await expect(categoryRow).toBeVisible();

  // Delete the product from its page, then the category goes too.
  await page.goto(productUrl);
  await page.getByRole("button", { name: "Delete" }).click();
  await page.locator(".ant-popover:visible").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/products(\?|$)/);
  // Leaving the list sends the product's delete at once.
  await openPath(page, categories);
  await categoryRow.getByRole("button", { name: "Delete" }).click();
  await page.locator(".ant-popover:visible").getByRole("button", { name: "Delete" }).click();
  await expect(categoryRow).toHaveCount(0);
  await expect
    .poll(async () => (await serviceClient().from("categories").select("id").eq("name", name)).data, {
      timeout: 30_000,
    })
    .toEqual([]);
});

test("admin opens Opsdesk's operators, permissions and tables screens", async ({ page }) => {
  await page.goto("/~operators");
  await expect(page.locator("tr.ant-table-row").filter({ hasText: "admin@example.com" })).toBeVisible();
  await openPath(page, "/~permissions");
  await expect(page.getByRole("checkbox", { name: "Editor may edit Orders" })).toBeChecked();
  // The store's tables are managed by Opsdesk (docs/any-project.md "The demo store").
  await openPath(page, "/~tables");
  const products = page.locator("tr.ant-table-row").filter({ has: page.getByText("public.products", { exact: true }) });
  await expect(products).toContainText("managed");
  await expect(products).not.toContainText("not managed");
});

test("admin reads the audit log, which offers no writes", async ({ page }) => {
  test.fixme(AUDIT_LOG_MISSING !== undefined, AUDIT_LOG_MISSING);
  await page.goto(AUDIT_PATH);
  await expect(page.locator("tr.ant-table-row").first()).toBeVisible();
  await expect(page.getByRole("button", { name: /^(Create|Edit|Delete)$/ })).toHaveCount(0);
});
