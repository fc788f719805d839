// Phone width (390 px): the header holds the menu button, search as an icon and the account
// menu (with language and theme inside it), none overlapping or leaving the bar; every menu
// screen fits the width and keeps its title clear of the header; a list's rows are cards.
import { expect, type Page } from "@playwright/test";
import { insertRow, opsdeskClient } from "./backend";
import { AUDIT_PATH, openSelect, permissionsShown, tick, unique } from "./helpers";
import { type Box, horizontalOverflow, layoutProblems } from "./layoutChecks";
import { newOperatorPage } from "./operatorPage";
import { test } from "./test";

test.use({ signedInAs: "admin", viewport: { width: 390, height: 800 } });

const header = (page: Page) => page.locator("header.ant-layout-header");

async function headerProblems(page: Page): Promise<string[]> {
  const bar = await header(page).boundingBox();
  if (!bar) return ["no header"];
  const controls = {
    menu: header(page).getByRole("button", { name: "Menu", exact: true }),
    search: header(page).getByRole("button", { name: /Search or jump to/ }),
    account: header(page).getByRole("button", { name: /Account menu/ }),
  };
  const boxes: Box[] = [];
  for (const [name, control] of Object.entries(controls)) {
    const box = await control.boundingBox();
    if (!box) return [`${name} is not shown`];
    boxes.push({ name, ...box, x: box.x - bar.x, y: box.y - bar.y });
  }
  return layoutProblems(boxes, bar);
}

test("every menu screen fits a phone, under a header that holds its controls", async ({ page }) => {
  test.slow();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await header(page).getByRole("button", { name: "Menu", exact: true }).click();
  const drawer = page.locator(".ant-drawer");
  const openDrawer = page.locator(".ant-drawer-open");
  await permissionsShown(page, drawer);
  const screens = (await drawer.getByRole("menuitem").allInnerTexts())
    .map((s) => s.trim())
    .filter((s) => s !== "Sign out");
  expect(screens.length).toBeGreaterThanOrEqual(9);
  await page.keyboard.press("Escape");

  const found: string[] = [];
  for (const name of screens) {
    await header(page).getByRole("button", { name: "Menu", exact: true }).click();
    await drawer.getByRole("menuitem", { name, exact: true }).click();
    await expect(openDrawer).toHaveCount(0);
    const title = page.getByRole("heading", { name, exact: true }).first();
    await expect(title).toBeVisible();
    await page.waitForLoadState("networkidle");
    found.push(...(await headerProblems(page)).map((p) => `${name}: ${p}`));
    found.push(...(await horizontalOverflow(page)).map((p) => `${name}: ${p}`));
    const bar = await header(page).boundingBox();
    const heading = await title.boundingBox();
    if (bar && heading && heading.y < bar.y + bar.height) found.push(`${name}: the header covers the title`);
  }
  expect(found).toEqual([]);
});

test("the admin screens and an audit entry with long values fit a phone", async ({ page }) => {
  // A change with long values (a long name, a long description): the entry's JSON and keys must wrap.
  const product = await insertRow<{ id: number }>("products", {
    sku: unique("WIDE"),
    name: `${unique("A product with a rather long name")} ${"and more words ".repeat(4)}`,
    description: "x".repeat(160),
    price: 10,
    stock: 1,
    status: "draft",
  });
  const { data: entry } = await opsdeskClient()
    .from("audit_log")
    .select("id")
    .eq("table_name", "products")
    .eq("record_id", String(product.id))
    .limit(1)
    .single();
  expect(entry).toBeTruthy();
  const screens: [string, string][] = [
    ["/~operators", "Operators"],
    ["/~permissions", "Permissions"],
    ["/~tables", "Tables"],
    [`${AUDIT_PATH}/${entry?.id}`, "After"],
  ];
  const found: string[] = [];
  for (const [path, shown] of screens) {
    await page.goto(path);
    await expect(page.getByText(shown, { exact: true }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    found.push(...(await horizontalOverflow(page)).map((p) => `${path}: ${p}`));
    await page.screenshot({ path: test.info().outputPath(`${path.replace(/[^a-z0-9]+/gi, "_")}.png`), fullPage: true });
  }
  expect(found).toEqual([]);
});

test("the account menu holds language and theme on a phone", async ({ page }) => {
  await page.goto("/products");
  await expect(page.getByRole("heading", { name: "Products" })).toBeVisible();
  await header(page)
    .getByRole("button", { name: /Account menu/ })
    .click();
  // Choosing is exercised by the walk (with operators of its own: a choice is stored per operator).
  for (const item of ["English", "Deutsch", "Light", "Dark", "Profile", "Sign out"])
    await expect(page.getByRole("menuitem", { name: item })).toBeVisible();
});

test("at 390 px in German each row is a readable card, sorted and filtered from above the list", async () => {
  const category = await insertRow<{ id: number; name: string }>("categories", { name: unique("Phone") });
  const product = await insertRow<{ id: number; sku: string; name: string }>("products", {
    sku: unique("PHONE"),
    name: "Wasserkocher mit langem Namen",
    price: 1234.5,
    stock: 42,
    status: "active",
    category_id: category.id,
  });
  const page = await newOperatorPage("editor", { width: 390, height: 800 });
  await page.context().addInitScript(() => localStorage.setItem("opsdesk.locale", "de"));
  await page.goto(`/products?filters[0][field]=category_id&filters[0][operator]=eq&filters[0][value]=${category.id}`);
  const card = page.getByRole("article", { name: product.name });
  await expect(card).toBeVisible();
  // Every shown column of the list, label and value, inside the phone's width.
  for (const [label, value] of [
    ["SKU", product.sku],
    ["Kategorie", category.name],
    ["Preis", "1.234,50 $"],
    ["Bestand", "42"],
    ["Status", "Aktiv"],
  ]) {
    const field = card.locator(".record-card-field").filter({ has: page.locator("dt", { hasText: label }) });
    await expect(field.locator("dd")).toHaveText(value);
    const box = await field.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, `${label} within the width`).toBe(true);
  }
  await expect(card.getByRole("link", { name: "Bearbeiten" })).toBeInViewport();
  await expect(card.getByRole("link", { name: product.name })).toHaveAttribute("href", `/products/${product.id}`);
  expect(await horizontalOverflow(page)).toEqual([]);

  // Sort by a column of the list, either way.
  await openSelect(page.locator(".phone-list-tools"), "Sortieren nach");
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "Preis" }).click();
  await expect(page).toHaveURL(/sorters\[0\]\[field\]=price&sorters\[0\]\[order\]=asc/);
  await page.getByRole("button", { name: "Aufsteigend" }).click();
  await expect(page).toHaveURL(/sorters\[0\]\[order\]=desc/);

  // Every column filter, in a drawer that fits the phone.
  await page.locator(".phone-list-tools").getByRole("button", { name: "Filter" }).click();
  const drawer = page.locator(".ant-drawer-content").filter({ hasText: "Filter" });
  await tick(drawer.getByRole("checkbox", { name: "Entwurf" }));
  await drawer.getByRole("button", { name: "Filtern" }).click();
  await expect(page.getByRole("button", { name: "Filter auf Status entfernen" })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByText("Keine Produkte gefunden.")).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);
});

test("the header's menus stay under their buttons while the page scrolls under the header", async ({ page }) => {
  // The browser scrolls a list back to where it was after Back once its rows are in, which
  // may be while the operator opens a menu: the menu must not drift with the page.
  const account = header(page).getByRole("button", { name: /Account menu/ });
  const gapUnder = (popup: string) =>
    page.evaluate(
      ({ popup }) => {
        const button = document.querySelector("header [aria-label^='Account menu']") as HTMLElement;
        const menu = document.querySelector(popup) as HTMLElement;
        const before = menu.getBoundingClientRect().top - button.getBoundingClientRect().bottom;
        window.scrollBy(0, 120);
        const after = menu.getBoundingClientRect().top - button.getBoundingClientRect().bottom;
        return { before, after, scrolled: window.scrollY };
      },
      { popup },
    );
  await page.goto("/products");
  await expect(page.locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible();
  await account.click();
  await expect(page.getByRole("menuitem", { name: "Deutsch" })).toBeVisible();
  const { before, after, scrolled } = await gapUnder(".ant-dropdown:not(.ant-dropdown-hidden)");
  expect(scrolled).toBeGreaterThan(0);
  expect(after).toBe(before);
  await expect(page.getByRole("menuitem", { name: "Deutsch" })).toBeInViewport();
});
