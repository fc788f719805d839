// Bulk actions (issue 5, issue 14 items 8-9): each action is one request to the database,
// where every selected row succeeds or fails on its own; the report names the refused
// ones and why; after an update only the refused rows stay selected. A whole ticked page
// offers every row matching the list's filter.
import { expect, type Page, type Request } from "@playwright/test";
import { insertRow, opsdeskClient, serviceClient } from "./backend";
import { unique } from "./helpers";
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

/**
 * Sets the status of the ticked rows: the confirmation says what will change (`says`), then
 * the change waits behind its Undo notice until it is sent (the notice's time runs out).
 */
async function setStatus(page: Page, value: string, says: string[]) {
  await page.getByRole("button", { name: "Set Status" }).click();
  await page.getByRole("menuitem", { name: value, exact: true }).click();
  const dialog = page.getByRole("dialog").filter({ hasText: `Set Status to “${value}”?` });
  for (const text of says) await expect(dialog).toContainText(text);
  await dialog.getByRole("button", { name: "Set Status" }).click();
  await expect(notices(page).filter({ hasText: /^Setting \d+/ })).toBeVisible();
}

const notices = (page: Page) => page.locator(".ant-notification-notice");

async function selectAll(page: Page, count: number) {
  await expect(rows(page)).toHaveCount(count);
  await page.locator(".ant-table-thead .ant-checkbox-input").check();
  await expect(page.getByText(`${count} selected`)).toBeVisible();
}

test.describe("as admin", () => {
  test.use({ signedInAs: "admin" });

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
  test.use({ signedInAs: "editor" });

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
    await setStatus(page, "active", ["2 products will be set to “active”."]);

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
    await setStatus(page, "active", ["30 products will be set to “active”."]);

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
  test("a status change asks first, naming what stays, and an undone one sends nothing", async ({ page }) => {
    const category = await insertRow<{ id: number }>("categories", { name: unique("Bulk undo status") });
    const rowsOf = async () =>
      (
        await serviceClient()
          .from("products")
          .select("name, status, version")
          .eq("category_id", category.id)
          .order("name")
      ).data;
    for (const [name, status] of [
      ["A draft", "draft"],
      ["B draft", "draft"],
      ["C active", "active"],
    ])
      await insertRow("products", { sku: unique("UNDO"), name, price: 4, status, category_id: category.id });
    const before = await rowsOf();

    await page.goto(`/products?filters[0][field]=category_id&filters[0][operator]=eq&filters[0][value]=${category.id}`);
    const writes = watchWrites(page, "products");
    await selectAll(page, 3);
    // Cancelled at the question: nothing waits, nothing is sent.
    await page.getByRole("button", { name: "Set Status" }).click();
    await page.getByRole("menuitem", { name: "active", exact: true }).click();
    const dialog = page.getByRole("dialog").filter({ hasText: "Set Status to “active”?" });
    await expect(dialog).toContainText("2 products will be set to “active”.");
    await expect(dialog).toContainText("1 already is “active” and stays as it is.");
    await expect(dialog).toContainText("You can undo the change for 5 seconds after confirming.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(notices(page)).toHaveCount(0);

    // Confirmed, then undone while it waits.
    await page.getByRole("button", { name: "Set Status" }).click();
    await page.getByRole("menuitem", { name: "active", exact: true }).click();
    await dialog.getByRole("button", { name: "Set Status" }).click();
    const waiting = notices(page).filter({ hasText: "Setting 2 products to “active”." });
    await waiting.getByRole("button", { name: /^Undo/ }).click();
    await expect(waiting).toHaveCount(0);
    await expect(page.getByText("3 selected")).toBeVisible();
    expect(writes.bulk).toHaveLength(0);
    expect(await rowsOf()).toEqual(before);
  });

  test("a status change leaves a row that already has it alone: no new version, no audit entry", async ({ page }) => {
    const category = await insertRow<{ id: number }>("categories", { name: unique("Bulk no-op") });
    const draft = await insertRow<{ id: number }>("products", {
      sku: unique("NOOP"),
      name: "Draft one",
      price: 4,
      category_id: category.id,
    });
    const active = await insertRow<{ id: number }>("products", {
      sku: unique("NOOP"),
      name: "Active one",
      price: 4,
      status: "active",
      category_id: category.id,
    });
    const entriesOf = async (id: number) =>
      (
        await opsdeskClient()
          .from("audit_log")
          .select("id", { count: "exact", head: true })
          .eq("schema_name", "public")
          .eq("table_name", "products")
          .eq("record_id", String(id))
      ).count;
    const entries = await entriesOf(active.id);

    await page.goto(`/products?filters[0][field]=category_id&filters[0][operator]=eq&filters[0][value]=${category.id}`);
    await selectAll(page, 2);
    await setStatus(page, "active", ["1 product will be set to “active”.", "1 already is “active”"]);
    await expect(page.getByRole("status").filter({ hasText: "1 updated, 1 already “active”" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole("toolbar", { name: "Selected rows" })).toHaveCount(0);
    const { data } = await serviceClient()
      .from("products")
      .select("id, status, version")
      .in("id", [draft.id, active.id]);
    expect(data?.find((p) => p.id === active.id)).toMatchObject({ status: "active", version: 1 });
    expect(data?.find((p) => p.id === draft.id)).toMatchObject({ status: "active", version: 2 });
    expect(await entriesOf(active.id)).toBe(entries);
  });

  test("orders take a bulk status along the state machine; the ones that cannot are named first", async ({ page }) => {
    const customer = await insertRow<{ id: string }>("customers", {
      full_name: unique("Bulk Buyer"),
      email: `${unique("bulk-buyer").toLowerCase()}@example.com`,
      country: "DE",
    });
    const category = await insertRow<{ id: number }>("categories", { name: unique("Bulk orders") });
    const product = await insertRow<{ id: number }>("products", {
      sku: unique("BULKORD"),
      name: "Bulk order lamp",
      price: 9,
      stock: 50,
      status: "active",
      category_id: category.id,
    });
    const orders: { id: number; number: string }[] = [];
    for (const paid of [true, true, false]) {
      const order = await insertRow<{ id: number; number: string }>("orders", { customer_id: customer.id });
      await insertRow("order_items", { order_id: order.id, product_id: product.id, quantity: 1 });
      if (paid) await serviceClient().from("orders").update({ status: "paid" }).eq("id", order.id);
      orders.push(order);
    }
    const [, , pending] = orders;

    await page.goto(`/orders?filters[0][field]=customer_id&filters[0][operator]=eq&filters[0][value]=${customer.id}`);
    await selectAll(page, 3);
    await page.getByRole("button", { name: "Set Status" }).click();
    // What some ticked order can become (paid → shipped, cancelled, refunded; pending → paid, cancelled).
    await expect(page.locator(".ant-dropdown:visible").getByRole("menuitem")).toHaveText([
      "paid",
      "shipped",
      "cancelled",
      "refunded",
    ]);
    await page.keyboard.press("Escape");
    await setStatus(page, "shipped", [
      "2 orders will be set to “shipped”.",
      "1 cannot change and stays selected:",
      `${pending.number}: An order that is pending cannot become shipped.`,
    ]);
    const report = page.getByRole("status").filter({ hasText: "2 updated, 1 failed:" });
    await expect(report).toContainText(`${pending.number}: An order that is pending cannot become shipped.`, {
      timeout: 20_000,
    });
    await expect(page.getByText("1 selected")).toBeVisible();
    const { data } = await serviceClient().from("orders").select("id, status").eq("customer_id", customer.id);
    expect(Object.fromEntries((data ?? []).map((o) => [o.id, o.status]))).toEqual({
      [orders[0].id]: "shipped",
      [orders[1].id]: "shipped",
      [pending.id]: "pending",
    });
  });
});
