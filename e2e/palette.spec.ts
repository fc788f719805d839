// The palette (Ctrl+K) searches every resource the role may list, from any screen (issue
// 14 item 3): one search_all request per pause in typing, hits grouped by resource with a
// second line, Enter opens the record; resources the role may not list never appear.
import { expect, type Page } from "@playwright/test";
import { AUDIT_LOG_MISSING } from "./helpers";
import { newOperatorPage } from "./operatorPage";
import { test } from "./test";

const input = (page: Page) => page.getByRole("combobox", { name: "Search commands and records" });
const group = (page: Page, name: string) => page.getByRole("listbox").getByRole("group", { name, exact: true });

/** Counts the palette's search requests from now on. */
function searchRequests(page: Page): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.url().includes("/rest/v1/rpc/search_all")) count++;
  });
  return () => count;
}

async function openPalette(page: Page) {
  await page.keyboard.press("Control+k");
  await expect(input(page)).toBeFocused();
}

test('from the dashboard, "amir" finds the customer Amir… with the e-mail; Enter opens it', async () => {
  const page = await newOperatorPage("viewer");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const requests = searchRequests(page);
  await openPalette(page);
  await input(page).pressSequentially("amir", { delay: 40 });

  const customers = group(page, "Customers");
  const amir = customers.getByRole("option").first();
  await expect(amir).toContainText(/^OpenAmir /);
  await expect(amir.locator(".command-palette-detail")).toHaveText(/@/);
  // Typing without a pause asked once, for the whole word.
  expect(requests()).toBe(1);

  // Walk down to Amir with the arrow keys and open him with Enter.
  const options = page.getByRole("listbox").getByRole("option");
  const index = await amir.evaluate((node) => [...document.querySelectorAll("[role=option]")].indexOf(node));
  for (let i = 0; i < index; i++) await page.keyboard.press("ArrowDown");
  await expect(options.nth(index)).toHaveAttribute("aria-selected", "true");
  const name = (await amir.locator(".command-palette-label").evaluate((n) => n.firstChild?.textContent)) ?? "";
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: new RegExp(name) })).toBeVisible();
});

test("orders show status and total, products their SKU; each group is a resource", async () => {
  const page = await newOperatorPage("editor");
  await page.goto("/categories");
  await expect(page.getByRole("heading", { name: "Categories" })).toBeVisible();
  await openPalette(page);
  await input(page).fill("ORD-0001");
  const order = group(page, "Orders").getByRole("option").first();
  await expect(order.locator(".command-palette-detail")).toHaveText(/^[a-z]+ · \$[\d,]+\.\d\d/);
  await input(page).fill("kettle");
  const product = group(page, "Products").getByRole("option").first();
  await expect(product.locator(".command-palette-detail")).toHaveText(/^[A-Z0-9-]{3,} · \$/);
});

test("only resources the role may list appear: the audit log for the admin, not for the viewer", async () => {
  test.fixme(AUDIT_LOG_MISSING !== undefined, AUDIT_LOG_MISSING);
  const admin = await newOperatorPage("admin");
  await admin.goto("/");
  await expect(admin.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await openPalette(admin);
  // Every seeded change was made by the demo's editor: the audit log's word index knows them.
  await input(admin).fill("editor");
  await expect(group(admin, "Audit log")).toBeVisible();

  const viewer = await newOperatorPage("viewer");
  await viewer.goto("/");
  await expect(viewer.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await openPalette(viewer);
  const answered = viewer.waitForResponse((r) => r.url().includes("/rest/v1/rpc/search_all"));
  await input(viewer).fill("editor");
  expect((await answered).status()).toBe(200);
  await expect(group(viewer, "Audit log")).toHaveCount(0);
});
