// A viewer reads everything the matrix lets them list, and can change nothing.
import { expect } from "@playwright/test";
import { test } from "./test";

test.use({ signedInAs: "viewer" });

const WRITE_BUTTONS = /^(Create|Edit|Delete)$/;

for (const resource of ["products", "categories", "customers", "orders"]) {
  test(`viewer lists and opens ${resource} without write buttons`, async ({ page }) => {
    await page.goto(`/${resource}`);
    const firstRow = page.locator(".ant-table-tbody tr.ant-table-row").first();
    await expect(firstRow).toBeVisible();
    await expect(page.getByRole("button", { name: WRITE_BUTTONS })).toHaveCount(0);
    // Row actions: show only.
    await expect(firstRow.getByRole("button")).toHaveCount(0);
    await expect(firstRow.getByRole("link", { name: WRITE_BUTTONS })).toHaveCount(0);
    await firstRow.getByRole("link", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${resource}/[^/]+$`));
    await expect(page.locator(".ant-descriptions").first()).toBeVisible();
    await expect(page.getByRole("button", { name: WRITE_BUTTONS })).toHaveCount(0);
  });
}

test("viewer's menu has no audit log and none of Opsdesk's admin screens", async ({ page }) => {
  await page.goto("/");
  const menu = page.locator(".ant-menu");
  await expect(menu.getByText("Products")).toBeVisible();
  for (const screen of ["Operators", "Permissions", "Tables", "Audit log"])
    await expect(menu.getByText(screen, { exact: true })).toHaveCount(0);
});

test("a direct URL to an edit page shows 403", async ({ page }) => {
  await page.goto("/products/1/edit");
  await expect(page.getByText("403")).toBeVisible();
  await expect(page.getByText("You don't have permission to open this page.")).toBeVisible();
  await page.goto("/products/create");
  await expect(page.getByText("403")).toBeVisible();
});

test("an unknown address shows 404", async ({ page }) => {
  await page.goto("/no-such-screen");
  await expect(page.getByText("There is no page at this address.")).toBeVisible();
});
