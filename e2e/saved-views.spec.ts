// Saved views and columns follow the operator, not the browser: a view saved in one
// browser context is there (and, as the default, applied) in a fresh context of the same
// operator, and invisible to another operator. The operator is created for this test,
// so no other spec's lists open with its default view.
import { expect, type Page } from "@playwright/test";
import { createOperator } from "./backend";
import { emailOf, signIn, unique } from "./helpers";
import { test } from "./test";
import { newContext, signedInAs } from "./world";

const header = (page: Page, name: string) =>
  page.locator(".ant-table-thead th").filter({ hasText: new RegExp(`^${name}$`) });
const viewSelect = (page: Page) => page.getByRole("combobox", { name: "Saved view" });
/** The name the saved-view select shows (none for the standard view). */
const chosenView = (page: Page) =>
  page
    .locator(".ant-select")
    .filter({ has: viewSelect(page) })
    .locator(".ant-select-selection-item");

async function signedInPage(email: string) {
  const context = await newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await signIn(page, email);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  return page;
}

test("a saved default view follows its operator to a fresh browser and no one else sees it", async () => {
  const operator = await createOperator("editor", emailOf(unique("views").toLowerCase()));
  const name = unique("Archived by price");

  const first = await signedInPage(operator.email);
  await first.goto(
    "/products?filters[0][field]=status&filters[0][operator]=in&filters[0][value][0]=archived&sorters[0][field]=price&sorters[0][order]=desc",
  );
  await expect(header(first, "Stock")).toBeVisible();
  await first.getByRole("button", { name: "Columns" }).click();
  // The choice lives in the query cache, whose subscribers hear of it a tick later than
  // the click: uncheck() would judge the box at once; the operator sees it a moment after.
  const stockBox = first.locator(".ant-popover").getByRole("checkbox", { name: "Stock" });
  await stockBox.click();
  await expect(stockBox).not.toBeChecked();
  await first.locator(".ant-popover").getByRole("button", { name: "Move Price up" }).click();
  await expect(header(first, "Stock")).toHaveCount(0);

  await first.getByRole("button", { name: "Save view as…" }).click();
  const dialog = first.getByRole("dialog");
  await dialog.getByLabel("View name").fill(name);
  await dialog.getByRole("checkbox", { name: "Open this list with this view" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(chosenView(first).filter({ hasText: name })).toBeVisible();
  await first.context().close();

  // A fresh browser of the same operator: opening the list bare applies the default view.
  const second = await signedInPage(operator.email);
  await second.goto("/products");
  await expect(chosenView(second).filter({ hasText: name })).toBeVisible();
  await expect(second).toHaveURL(/filters\[0\]\[value\]\[0\]=archived/);
  await expect(second).toHaveURL(/sorters\[0\]\[field\]=price&sorters\[0\]\[order\]=desc/);
  await expect(header(second, "Stock")).toHaveCount(0);
  // Applied as saved: the view does not count as changed.
  await expect(second.getByRole("button", { name: /^View/ })).not.toContainText("changed");
  const titles = await second.locator(".ant-table-thead th").allInnerTexts();
  expect(titles.indexOf("Price")).toBeLessThan(titles.indexOf("Category"));
  for (const status of await second.locator(".ant-table-tbody tr.ant-table-row .ant-tag").allInnerTexts()) {
    expect(status).toBe("archived");
  }

  // Rename, then delete: the list returns to the standard view.
  await second.getByRole("button", { name: /^View/ }).click();
  await second.getByRole("menuitem", { name: "Rename…" }).click();
  await second.getByRole("dialog").getByLabel("View name").fill(`${name} renamed`);
  await second.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(chosenView(second).filter({ hasText: `${name} renamed` })).toBeVisible();

  // Another operator does not see it.
  const other = await signedInAs(emailOf("editor"));
  const otherContext = other.context();
  await other.goto("/products");
  await expect(header(other, "Stock")).toBeVisible();
  await viewSelect(other).click();
  await expect(other.locator(".ant-select-dropdown:visible").getByText(name)).toHaveCount(0);
  await otherContext.close();

  await second.getByRole("button", { name: /^View/ }).click();
  await second.getByRole("menuitem", { name: "Delete" }).click();
  await second.locator(".ant-modal-confirm").getByRole("button", { name: "Delete" }).click();
  await expect(chosenView(second)).toHaveCount(0);
  await expect(header(second, "Stock")).toBeVisible();
  await second.context().close();
});
