// An order walks pending → paid → shipped → delivered, offered only the legal next states.
import { expect, type Page } from "@playwright/test";
import { chooseOption } from "./helpers";
import { test } from "./test";

test.use({ signedInAs: "editor" });

const statusButtons = (page: Page) => page.getByLabel("Change status").getByRole("button");

async function moveTo(page: Page, action: string, status: string) {
  await page.getByRole("button", { name: action }).click();
  await page.locator(".ant-popover:visible").getByRole("button", { name: "Yes" }).click();
  await expect(page.locator(".ant-descriptions").getByText(status, { exact: true })).toBeVisible();
}

test("a new order is edited while pending and then walks to delivered", async ({ page }) => {
  await page.goto("/orders/create");
  await chooseOption(page, "Customer", "a", /.+/);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.locator(".ant-descriptions").getByText("pending", { exact: true })).toBeVisible();
  await expect(statusButtons(page)).toHaveText(["Mark as paid", "Cancel order"]);

  // Items can be added while pending; the total follows.
  const addItem = page.getByLabel("Add an item");
  await chooseOption(page, "Product", "Classic", /Classic/, addItem);
  await addItem.getByLabel("Quantity").fill("2");
  await addItem.getByRole("button", { name: "Add item" }).click();
  await expect(page.locator(".ant-card").filter({ hasText: "Order items" }).locator("tr.ant-table-row")).toHaveCount(1);
  await expect(page.getByText(/^Total \$[1-9]/)).toBeVisible();

  await moveTo(page, "Mark as paid", "paid");
  await expect(statusButtons(page)).toHaveText(["Mark as shipped", "Cancel order", "Refund"]);
  await expect(page.getByLabel("Add an item")).toHaveCount(0);
  await expect(page.getByText("Items can be changed only while pending.")).toBeVisible();

  await moveTo(page, "Mark as shipped", "shipped");
  await expect(statusButtons(page)).toHaveText(["Mark as delivered", "Refund"]);

  await moveTo(page, "Mark as delivered", "delivered");
  await expect(statusButtons(page)).toHaveText(["Refund"]);
});
