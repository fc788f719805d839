// Lists as operators use them (issue 14): from–to and multi-select filters shown as
// removable chips, a URL holding only the active filters, page 1 after a new sort or
// filter, column choices that follow the operator to a reload and another browser, search
// boxes on every list, and pickers that tell same-named records apart. Each test signs in
// as an operator of its own, so its stored column choices touch no other spec.
import { expect, type Page } from "@playwright/test";
import { createOperator, insertRow, opsdeskClient, serviceClient } from "./backend";
import { AUDIT_PATH, columnTexts, tableRows, tick, unique } from "./helpers";
import { horizontalOverflow } from "./layoutChecks";
import { newOperatorPage, operatorPage } from "./operatorPage";
import { test } from "./test";

const header = (page: Page, name: string) =>
  page.locator(".ant-table-thead th").filter({ hasText: new RegExp(`^${name}$`) });
const chip = (page: Page, field: string) => page.locator(`[data-filter-chip="${field}"]`);
const money = (text: string) => Number(text.replace(/[^0-9.]/g, ""));

/** The URL's filters: each one's field, operator and whether it carries a value. */
function urlFilters(page: Page) {
  const params = new URL(page.url()).searchParams;
  const filters = new Map<string, { field?: string; operator?: string; valued: boolean }>();
  for (const [key, value] of params) {
    const match = /^filters\[(\d+)\]\[(field|operator|value)\]/.exec(key);
    if (!match) continue;
    const entry = filters.get(match[1]) ?? { valued: false };
    if (match[2] === "value") entry.valued = entry.valued || value !== "";
    else entry[match[2] as "field" | "operator"] = value;
    filters.set(match[1], entry);
  }
  return [...filters.values()];
}

/** The list has loaded and written its state into the URL. */
async function settled(page: Page) {
  await expect(page).toHaveURL(/sorters\[0\]\[field\]=/);
  await expect(tableRows(page).first()).toBeVisible();
}

async function openFilter(page: Page, column: string) {
  await header(page, column).locator(".ant-table-filter-trigger").click();
  const dropdown = page.locator(".ant-table-filter-dropdown:visible");
  await expect(dropdown).toBeVisible();
  return dropdown;
}

test("price ranges and statuses filter as chips; the URL holds only what is active; sorting and filtering start on page 1", async () => {
  const page = await newOperatorPage("editor");
  await page.goto("/products?currentPage=3&pageSize=10");
  await settled(page);
  expect(urlFilters(page)).toEqual([]);

  // A new sort starts on page 1.
  await header(page, "Price").click();
  await expect(page).toHaveURL(/currentPage=1(&|$)/);
  await expect(page).toHaveURL(/sorters\[0\]\[field\]=price/);

  await page.locator(".ant-pagination-item-3").click();
  await expect(page).toHaveURL(/currentPage=3(&|$)/);
  const price = await openFilter(page, "Price");
  await price.getByLabel("Price from").fill("10");
  await price.getByLabel("Price to").fill("50");
  await price.getByRole("button", { name: "Filter" }).click();
  await expect(chip(page, "price")).toHaveText(/^Price: \$10\.00 – \$50\.00$/);
  await expect(page).toHaveURL(/currentPage=1(&|$)/);
  expect(urlFilters(page)).toEqual([
    { field: "price", operator: "gte", valued: true },
    { field: "price", operator: "lte", valued: true },
  ]);
  await expect(async () => {
    const prices = (await columnTexts(page, "Price")).map(money);
    expect(prices.length).toBeGreaterThan(0);
    for (const p of prices) expect(p >= 10 && p <= 50, `price ${p}`).toBe(true);
  }).toPass();

  // An open-ended range: only "from"; Enter in either end applies it, as in a form.
  const again = await openFilter(page, "Price");
  await again.getByLabel("Price to").fill("");
  await again.getByLabel("Price to").press("Enter");
  await expect(again).toBeHidden();
  await expect(chip(page, "price")).toHaveText(/^Price: from \$10\.00$/);
  expect(urlFilters(page)).toEqual([{ field: "price", operator: "gte", valued: true }]);
  // The list reads again for the new filter; a filter opened meanwhile is drawn anew when its rows arrive.
  await expect(page.locator(".ant-table-wrapper .ant-spin-spinning")).toHaveCount(0);

  // The statuses are checkboxes: nothing covers the Filter button while they are chosen.
  const status = await openFilter(page, "Status");
  for (const option of ["active", "draft"]) await tick(status.getByRole("checkbox", { name: option }));
  await status.getByRole("button", { name: "Filter" }).click({ trial: true });
  await status.getByRole("button", { name: "Filter" }).click();
  // In the order the checkboxes list them (the status machine's order).
  await expect(chip(page, "status")).toHaveText(/^Status: draft, active$/);
  // The chip follows the URL at once; the rows follow when the read answers.
  await expect(async () => {
    for (const tag of await columnTexts(page, "Status")) expect(["active", "draft"]).toContain(tag);
  }).toPass();

  // Each chip removes its own filter; Clear all the rest, and the URL carries none.
  await page.getByRole("button", { name: "Remove the filter on Price" }).click();
  await expect(chip(page, "price")).toHaveCount(0);
  expect(urlFilters(page)).toEqual([{ field: "status", operator: "in", valued: true }]);
  await page.getByRole("button", { name: "Clear all" }).click();
  await expect(chip(page, "status")).toHaveCount(0);
  await expect(page).not.toHaveURL(/filters/);
});

test("column choices follow the operator to a reload and another browser, per list", async () => {
  const email = `${unique("cols-persist").toLowerCase()}@example.com`;
  const { id } = await createOperator("editor", email);
  const stored = async () => {
    const { data } = await opsdeskClient()
      .from("list_columns")
      .select("columns, widths")
      .eq("user_id", id)
      .eq("resource", "public.customers")
      .maybeSingle();
    return data as { columns: string[]; widths: Record<string, number> } | null;
  };

  const page = await operatorPage(email);
  await page.goto("/customers");
  await settled(page);
  await page.getByRole("button", { name: "Columns" }).click();
  // The choice lives in the query cache, whose subscribers hear of it a tick later than
  // the click: uncheck() would judge the box at once; the operator sees it a moment after.
  const phoneBox = page.locator(".ant-popover").getByRole("checkbox", { name: "Phone" });
  await phoneBox.click();
  await expect(phoneBox).not.toBeChecked();
  await expect(header(page, "Phone")).toHaveCount(0);
  await page.keyboard.press("Escape");

  const before = (await header(page, "E-mail").boundingBox())?.width ?? 0;
  const handle = page.getByRole("separator", { name: "Resize E-mail" });
  await handle.focus();
  for (let i = 0; i < 4; i++) await handle.press("ArrowRight");
  await expect.poll(async () => (await header(page, "E-mail").boundingBox())?.width ?? 0).toBeGreaterThan(before + 40);
  const wide = (await header(page, "E-mail").boundingBox())?.width ?? 0;
  await expect.poll(async () => (await stored())?.widths.email ?? 0).toBeGreaterThan(before + 40);
  expect((await stored())?.columns).not.toContain("phone");

  await page.reload();
  await settled(page);
  await expect(header(page, "Phone")).toHaveCount(0);
  await expect
    .poll(async () => Math.abs(((await header(page, "E-mail").boundingBox())?.width ?? 0) - wide))
    .toBeLessThan(3);

  // Another list keeps its own columns.
  await page.goto("/products");
  await settled(page);
  await expect(header(page, "Stock")).toBeVisible();
  await page.context().close();

  const elsewhere = await operatorPage(email);
  await elsewhere.goto("/customers");
  await settled(elsewhere);
  await expect(header(elsewhere, "E-mail")).toBeVisible();
  await expect(header(elsewhere, "Phone")).toHaveCount(0);
});

test("orders and categories each have a search box", async () => {
  const service = serviceClient();
  const { data: order } = await service.from("orders").select("number, customers(full_name)").limit(1).single();
  const customer = (order as unknown as { customers: { full_name: string } }).customers.full_name;
  const category = await insertRow<{ id: number; name: string }>("categories", { name: unique("Searchable") });

  const page = await newOperatorPage("editor");
  await page.goto("/orders");
  await settled(page);
  await page.getByPlaceholder("Search orders").fill(customer);
  await page.getByPlaceholder("Search orders").press("Enter");
  await expect(page).toHaveURL(/filters\[0\]\[field\]=q/);
  await expect(async () => {
    const names = await columnTexts(page, "Customer");
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.toLowerCase().startsWith(customer.toLowerCase())).toBe(true);
  }).toPass();

  await page.goto("/categories");
  await settled(page);
  await page.getByPlaceholder("Search categories").fill(category.name.slice(0, 12));
  await page.getByPlaceholder("Search categories").press("Enter");
  await expect(tableRows(page).filter({ hasText: category.name })).toHaveCount(1);
});

test("the audit log has a search box that finds a record's entries by its key", async () => {
  // FIXME(switch-e2e): not yet run green on the merged console (the audit log's search box).
  test.fixme();
  const category = await insertRow<{ id: number; name: string }>("categories", { name: unique("Searchable") });
  const page = await newOperatorPage("editor");
  await page.goto(AUDIT_PATH);
  await expect(tableRows(page).first()).toBeVisible();
  const search = page.getByPlaceholder(/^Search (the )?audit log$/);
  await search.fill(String(category.id));
  await search.press("Enter");
  // Found by its key; the Record column names it by its title (the key shows on hover).
  await expect(tableRows(page).filter({ hasText: "Categories" }).filter({ hasText: category.name })).not.toHaveCount(0);
});

test("the customer picker tells same-named customers apart by their e-mail", async () => {
  const { data: customer } = await serviceClient().from("customers").select("full_name, email").limit(1).single();
  const page = await newOperatorPage("editor");
  await page.goto("/orders/create");
  const select = page.getByRole("combobox", { name: "Customer" });
  await select.click();
  await select.fill(customer?.full_name ?? "");
  const option = page
    .locator(".ant-select-dropdown:visible .ant-select-item-option")
    .filter({ hasText: customer?.email });
  await expect(option.first()).toContainText(customer?.full_name ?? "");
});

test("at phone width the chips wrap inside the screen and stay removable", async () => {
  const page = await newOperatorPage("editor", { width: 390, height: 800 });
  await page.goto(
    "/products?filters[0][field]=price&filters[0][operator]=gte&filters[0][value]=10&filters[1][field]=status&filters[1][operator]=in&filters[1][value][0]=active",
  );
  await settled(page);
  await expect(chip(page, "price")).toHaveText(/^Price: from \$10\.00$/);
  await expect(chip(page, "status")).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);
  await page.getByRole("button", { name: "Remove the filter on Status" }).click();
  await expect(chip(page, "status")).toHaveCount(0);
  expect(urlFilters(page)).toEqual([{ field: "price", operator: "gte", valued: true }]);
});

test("an open filter keeps what the operator chose while the list reads again for a live change", async () => {
  const page = await newOperatorPage("editor");
  await page.goto("/products");
  await settled(page);
  const status = await openFilter(page, "Status");
  await tick(status.getByRole("checkbox", { name: "active" }));
  // Another operator's change arrives live: the list reads its page again under the open filter.
  const reads = page.waitForResponse((r) => r.url().includes("/rest/v1/products?") && r.request().method() === "GET");
  const { data } = await serviceClient().from("products").select("id, stock").limit(1).single();
  await serviceClient()
    .from("products")
    .update({ stock: (data?.stock ?? 0) + 1 })
    .eq("id", data?.id);
  await reads;
  await expect(page.locator(".ant-table-wrapper .ant-spin-spinning")).toHaveCount(0);
  await expect(status.getByRole("checkbox", { name: "active" })).toBeChecked();
  await tick(status.getByRole("checkbox", { name: "draft" }));
  await status.getByRole("button", { name: "Filter" }).click();
  await expect(chip(page, "status")).toHaveText(/^Status: draft, active$/);
});
