// Bulk actions (issue 5, issue 14 items 8-9): each action is one request to the database,
// where every selected row succeeds or fails on its own; the report names the refused
// ones and why; after an update only the refused rows stay selected. A whole ticked page
// offers every row matching the list's filter.
import { expect, type Page, type Request } from "@playwright/test";
import { insertRow, serviceClient } from "./backend";
import { sessionFile, unique } from "./helpers";
import { test } from "./test";

const rows = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row");

/** The bulk writes the page sends (bulk_write) and the per-row writes it must not send. */
function watchWrites(page: Page, table: string) {
  const bulk: Request[] = [];
  const perRow: Request[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith("/rpc/bulk_write")) bulk.push(request);
    else if (url.pathname.endsWith(`/rest/v1/${table}`) && ["PATCH", "DELETE"].includes(request.method()))
      perRow.push(request);
  });
  return { bulk, perRow };
}

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
    const writes = watchWrites(page, "categories");
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
    expect(writes.bulk).toHaveLength(1);
    expect(writes.perRow).toHaveLength(0);
  });

  test("a bulk delete of all matching rows undone deletes nothing", async ({ page }) => {
    const prefix = unique("Bulk undo");
    const { error } = await serviceClient()
      .from("categories")
      .insert(Array.from({ length: 30 }, (_, i) => ({ name: `${prefix} ${String(i).padStart(2, "0")}` })));
    expect(error).toBeNull();

    await page.goto(`/categories?filters[0][field]=name&filters[0][operator]=contains&filters[0][value]=${prefix}`);
    const writes = watchWrites(page, "categories");
    await selectAll(page, 25);
    await page.getByRole("button", { name: "Select all 30 matching this filter" }).click();
    await expect(page.getByText("All 30 matching rows are selected.")).toBeVisible();
    await page.getByRole("button", { name: "Delete selected" }).click();
    await page.locator(".ant-popover:visible").getByRole("button", { name: "Delete", exact: true }).click();

    const notice = page.locator(".ant-notification-notice").filter({ hasText: "Deleted 30 categories." });
    await expect(rows(page)).toHaveCount(0);
    await notice.getByRole("button", { name: /^Undo/ }).click();
    await expect(notice).toHaveCount(0);
    await expect(rows(page)).toHaveCount(25);
    const { count } = await serviceClient()
      .from("categories")
      .select("id", { count: "exact", head: true })
      .like("name", `${prefix}%`);
    expect(count).toBe(30);
    expect(writes.bulk).toHaveLength(0);
    expect(writes.perRow).toHaveLength(0);
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

  test("select all matching sets the status of every product the filter finds, in one request", async ({ page }) => {
    const category = await insertRow<{ id: number }>("categories", { name: unique("Bulk all matching") });
    const sku = unique("ALL");
    const { error } = await serviceClient()
      .from("products")
      .insert([
        ...Array.from({ length: 29 }, (_, i) => ({
          sku: `${sku}-${i}`,
          name: `Priced ${i}`,
          price: 3,
          category_id: category.id,
        })),
        { sku: `${sku}-FREE`, name: "Free sample", price: 0, category_id: category.id },
      ]);
    expect(error).toBeNull();

    await page.goto(`/products?filters[0][field]=category_id&filters[0][operator]=eq&filters[0][value]=${category.id}`);
    const writes = watchWrites(page, "products");
    await selectAll(page, 25);
    const banner = page.getByRole("status").filter({ hasText: "All 25 rows on this page are selected." });
    await banner.getByRole("button", { name: "Select all 30 matching this filter" }).click();
    await expect(page.getByText("All 30 matching rows are selected.")).toBeVisible();
    await expect(page.getByText("30 selected")).toBeVisible();
    await page.getByRole("button", { name: "Set Status" }).click();
    await page.getByRole("menuitem", { name: "active" }).click();

    const report = page.getByRole("status").filter({ hasText: "29 updated, 1 failed:" });
    await expect(report).toContainText(
      "Free sample: A product can be active only with a price above zero and a category.",
    );
    await expect(page.getByText("1 selected")).toBeVisible();
    const { data } = await serviceClient().from("products").select("status").eq("category_id", category.id);
    expect(data?.filter((p) => p.status === "active")).toHaveLength(29);
    expect(writes.bulk).toHaveLength(1);
    expect(writes.perRow).toHaveLength(0);

    // Another page of the list gives up the selection of all matching rows.
    await page.getByRole("toolbar", { name: "Selected rows" }).getByRole("button", { name: "Clear selection" }).click();
    await selectAll(page, 25);
    await page.getByRole("button", { name: "Select all 30 matching this filter" }).click();
    await expect(page.getByText("All 30 matching rows are selected.")).toBeVisible();
    await page.locator(".ant-pagination-item-2").click();
    await expect(page.getByText("All 30 matching rows are selected.")).toHaveCount(0);
    await expect(page.getByRole("toolbar", { name: "Selected rows" })).toHaveCount(0);
  });
});
