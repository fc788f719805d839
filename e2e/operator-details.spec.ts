// The smaller things an operator meets all day (issue 27 C8): one product is "1 product" (and
// "1 Produkt"); a used reset link says so before any password is typed; a saved view keeps
// its name over a reload; Escape closes the Columns popover; at 1 280 px no column hides
// under the row actions and the audit log's changes are not cut off, its records named by
// title; a record that is not there is one 404 page, also for an address that is no key.
import { expect, type Page } from "@playwright/test";
import { createOperator, insertRow, serviceClient } from "./backend";
import { AUDIT_PATH, errorPage, mailLink, unique } from "./helpers";
import { newOperatorPage } from "./operatorPage";
import { test } from "./test";
import { newContext } from "./world";

const oneProductList = async () => {
  const category = await insertRow<{ id: number; name: string }>("categories", { name: unique("Single") });
  const product = await insertRow<{ id: number; name: string }>("products", {
    sku: unique("ONE"),
    name: unique("Only one"),
    price: 3,
    category_id: category.id,
  });
  return {
    category,
    product,
    path: `/products?filters[0][field]=category_id&filters[0][operator]=eq&filters[0][value]=${category.id}`,
  };
};

/** Whether any data cell of the first row lies under the sticky actions column. */
async function cellsUnderActions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const row = document.querySelector(".ant-table-tbody tr.ant-table-row");
    const actions = row?.querySelector("td.list-sticky-end")?.getBoundingClientRect();
    if (!row || !actions) return ["no row"];
    return [...row.querySelectorAll("td:not(.list-sticky-end)")]
      .filter((cell) => cell.getBoundingClientRect().right > actions.left + 1)
      .map((cell) => cell.textContent ?? "");
  });
}

test.describe("at 1 280 px, in English", () => {
  test.use({ signedInAs: "admin", viewport: { width: 1280, height: 900 } });

  test("one product is counted as one, and every column shows beside the row actions", async ({ page }) => {
    const { path } = await oneProductList();
    await page.goto(path);
    await expect(page.locator(".ant-pagination-total-text")).toHaveText("1 product");
    expect(await cellsUnderActions(page)).toEqual([]);
    await expect(page.getByRole("columnheader", { name: "Updated" })).toBeInViewport({ ratio: 1 });
  });

  test("the audit log names records by title and shows their changes whole", async ({ page }) => {
    const customer = await insertRow<{ id: string; full_name: string }>("customers", {
      full_name: unique("Audit Title"),
      // Long enough to reach past the right edge of the Changes column as it was at 1 280 px.
      email: `${unique("a-rather-long-address-that-reaches-the-edge-of-the-audit-log").toLowerCase()}@example.com`,
      country: "DE",
    });
    await page.goto(
      `${AUDIT_PATH}?filters[0][field]=record_id&filters[0][operator]=eq&filters[0][value]=${customer.id}`,
    );
    const row = page.locator(".ant-table-tbody tr.ant-table-row").first();
    await expect(row.getByRole("link", { name: customer.full_name })).toHaveAttribute(
      "href",
      `/customers/${customer.id}`,
    );
    await expect(row).not.toContainText(customer.id);
    const fits = await page.evaluate(() => {
      const content = document.querySelector(".ant-table-content") as HTMLElement;
      return content.scrollWidth <= content.clientWidth;
    });
    expect(fits).toBe(true);
    await expect(row.locator("[data-field=email]")).toBeInViewport({ ratio: 1 });
  });

  test("a record that is not there is one 404 page without record buttons, also for an address that is no key", async ({
    page,
  }) => {
    for (const path of ["/products/999999", "/products/abc", "/products/999999/edit", "/customers/not-a-uuid"]) {
      await page.goto(path);
      await expect(errorPage(page, "404")).toBeVisible();
      const sentence = path.startsWith("/customers")
        ? "This customer does not exist or you can't see it."
        : "This product does not exist or you can't see it.";
      await expect(page.getByText(sentence)).toHaveCount(1);
      await expect(page.locator(".ant-notification-notice")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: /^Back to / })).toHaveAttribute("href", /^\/(products|customers)$/);
    }
  });

  test("Escape closes the Columns popover and gives the keyboard back to its button", async ({ page }) => {
    await page.goto("/categories");
    const columns = page.getByRole("button", { name: "Columns" });
    await columns.click();
    const popover = page.locator(".ant-popover:visible");
    await expect(popover).toBeVisible();
    await popover.getByRole("checkbox").first().focus();
    await page.keyboard.press("Escape");
    await expect(popover).toBeHidden();
    await expect(columns).toBeFocused();
  });
});

test("a saved view keeps its name over a reload, and shows when the list differs from it", async () => {
  const page = await newOperatorPage("editor");
  const name = unique("Drafts");
  await page.goto("/products?filters[0][field]=status&filters[0][operator]=in&filters[0][value][0]=draft");
  await expect(page.locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible();
  await page.getByRole("button", { name: "Save view as…" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("View name").fill(name);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const chosen = page.locator(".ant-select").filter({ has: page.getByRole("combobox", { name: "Saved view" }) });
  await expect(chosen).toContainText(name);
  await expect(page).toHaveURL(/[?&]view=[0-9a-f-]{36}/);

  await page.reload();
  await expect(chosen).toContainText(name);
  await expect(page.getByRole("button", { name: /^View/ })).toHaveText("View");
  // Another page of the list is still the view; another filter makes it "changed".
  await page.locator(".ant-pagination-item-2").click();
  await expect(page).toHaveURL(/currentPage=2/);
  await expect(page).toHaveURL(/[?&]view=/);
  await page.getByRole("button", { name: "Remove the filter on Status" }).click();
  await expect(page.getByRole("button", { name: /^View/ })).toHaveText("View (changed)");
  await page.reload();
  await expect(chosen).toContainText(name);
  await expect(page.getByRole("button", { name: /^View/ })).toHaveText("View (changed)");
});

test('in German, one product is "1 Produkt"', async () => {
  const { path } = await oneProductList();
  const page = await newOperatorPage("viewer");
  await page.context().addInitScript(() => localStorage.setItem("opsdesk.locale", "de"));
  await page.goto(path);
  await expect(page.locator(".ant-pagination-total-text")).toHaveText("1 Produkt");
});

test("a reset link already used says so at once and offers a new one, before any password is typed", async () => {
  const { email } = await createOperator("viewer", `${unique("reset-twice").toLowerCase()}@example.com`);
  const { error } = await serviceClient().auth.resetPasswordForEmail(email, {
    redirectTo: `${test.info().project.use.baseURL}/update-password`,
  });
  expect(error).toBeNull();
  const link = await mailLink(email, "recovery");

  const first = await (await newContext()).newPage();
  await first.goto(link);
  await expect(first.getByLabel("New password", { exact: true })).toBeVisible();
  await first.getByLabel("New password", { exact: true }).fill("reset-twice-password");
  await first.getByLabel("Repeat the password").fill("reset-twice-password");
  await first.getByRole("button", { name: "Set password" }).click();
  await expect(first.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  const again = await (await newContext()).newPage();
  await again.goto(link);
  await expect(again.getByRole("alert")).toHaveText("This link has expired or was already used. Request a new one.");
  await expect(again.getByLabel("New password", { exact: true })).toHaveCount(0);
  await expect(again.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/forgot-password");
});
