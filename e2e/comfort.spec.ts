// Comfort: German that follows the operator, dark mode without a flash, the command palette
// and shortcuts, and a small sign-in route (axe on every screen: a11y.spec.ts).
import { expect, type Page } from "@playwright/test";
import { createOperator, insertRow } from "./backend";
import { formField, mailLink, signIn, unique } from "./helpers";
import { test } from "./test";
import { newContext } from "./world";

/** An operator of its own, so switching language or theme never touches other specs' users. */
async function newOperator(role: "editor" | "admin" = "editor") {
  const { email } = await createOperator(role, `${unique("comfort").toLowerCase()}@example.com`);
  return email;
}

async function signedIn(email: string): Promise<Page> {
  const page = await (await newContext()).newPage();
  await page.goto("/login");
  await signIn(page, email);
  await expect(page.getByRole("heading", { name: /Dashboard/ })).toBeVisible();
  return page;
}

/** The header's language select (its visible value covers the combobox input, so click the select). */
async function switchToGerman(page: Page) {
  // Named in the language it shows: "Language", then "Sprache".
  const language = page
    .locator(".ant-select")
    .filter({ has: page.getByRole("combobox", { name: /^(Language|Sprache)$/ }) });
  // A click on the option while its list is still opening can miss: try again until it took.
  await expect(async () => {
    await language.click();
    await page.locator(".ant-select-dropdown:visible").getByTitle("Deutsch").click({ timeout: 2000 });
    await expect(language).toContainText("Deutsch", { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

test("German follows the operator into a fresh browser, and English stays the default", async () => {
  const email = await newOperator();
  const page = await signedIn(email);
  await expect(page.getByRole("menuitem", { name: "Products" })).toBeVisible();

  await switchToGerman(page);
  await expect(page.getByRole("menuitem", { name: "Produkte" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.reload();
  await expect(page.getByRole("menuitem", { name: "Produkte" })).toBeVisible();

  // A fresh context knows nothing locally: the stored preference brings German back.
  const fresh = await signedIn(email);
  await expect(fresh.getByRole("menuitem", { name: "Produkte" })).toBeVisible();
  await fresh.goto("/products");
  await expect(fresh.getByRole("heading", { name: "Produkte" })).toBeVisible();
  await expect(fresh.getByRole("columnheader", { name: /Preis/ }).first()).toBeVisible();
  await fresh.context().close();

  // The sign-in page of that browser remembers the language too.
  await page.getByRole("menuitem", { name: /Abmelden/ }).click();
  await expect(page.getByRole("button", { name: "Anmelden" })).toBeVisible();
  await page.context().close();
});

test("the generated list, show page and form speak German, database errors included", async () => {
  const taken = await insertRow<{ id: number; sku: string }>("products", {
    sku: unique("DE"),
    name: "Comfort Lampe",
    price: 12.5,
  });
  const page = await signedIn(await newOperator());
  await switchToGerman(page);
  await expect(page.getByRole("menuitem", { name: "Produkte" })).toBeVisible();

  await page.goto("/products");
  await expect(page.getByRole("heading", { name: "Produkte" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: /Bestand/ }).first()).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Aktionen" })).toBeVisible();
  await expect(page.getByLabel("Produkte durchsuchen")).toBeVisible();

  await page.goto(`/products/${taken.id}`);
  await expect(page.getByRole("heading", { name: "Produkt Comfort Lampe" })).toBeVisible();
  await expect(page.getByText("Bestand und Preis")).toBeVisible();
  await expect(page.getByText("Entwurf")).toBeVisible();

  await page.goto("/products/create");
  await expect(page.getByRole("heading", { name: "Produkt anlegen" })).toBeVisible();
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("SKU ist erforderlich.")).toBeVisible();
  await formField(page, "SKU").fill("klein");
  await expect(page.getByText("Die SKU hat 3–32 Zeichen: Großbuchstaben, Ziffern und Bindestriche.")).toBeVisible();
  // A rule only the database knows: the SKU is taken.
  await formField(page, "SKU").fill(taken.sku);
  await formField(page, "Name").fill("Comfort Lampe 2");
  await formField(page, "Preis").fill("3");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Ein Produkt mit diesem Wert für „SKU“ existiert bereits.")).toBeVisible();
  await page.context().close();
});

test("the sign-in screens reset a password: e-mail link, new password, into the console", async ({ page }) => {
  const email = await newOperator();
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("If the address belongs to an account, a reset link is on its way.")).toBeVisible();

  await page.goto(await mailLink(email, "recovery"));
  await expect(page).toHaveURL(/\/update-password/);
  await page.getByLabel("New password", { exact: true }).fill("comfort-new-password");
  await page.getByLabel("Repeat the password").fill("comfort-new-password");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Password changed")).toBeVisible();
});

test("dark mode persists per operator and paints before the app renders", async () => {
  const email = await newOperator();
  const page = await signedIn(email);
  await page.getByTitle("Dark").click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  const background = await page
    .locator(".ant-layout")
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe("rgb(245, 245, 245)");

  // First paint of a reload: the inline script has set the theme before any module ran.
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.reload({ waitUntil: "commit" });
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  // Handlers still delaying a script finish first (unrouting under them fails their continue()).
  await page.unrouteAll({ behavior: "wait" });

  const fresh = await signedIn(email);
  await expect(fresh.locator("html")).toHaveAttribute("data-theme", "dark");
  await fresh.context().close();
  await page.context().close();
});

test("antd's styles come from the built stylesheet of the page's theme: a page load generates none", async () => {
  const email = await newOperator();
  const page = await signedIn(email);
  /** Styles antd generated in the browser, and the built antd stylesheets the page loaded. */
  const styles = () =>
    page.evaluate(() => ({
      generated: document.querySelectorAll("style[data-css-hash]").length,
      sheets: [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")]
        .map((link) => /antd-([a-z]+-[a-z]+)-/.exec(link.href)?.[1])
        .filter(Boolean),
    }));
  await page.goto("/products");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  // e2e runs with reduced motion: antd's "still" styles.
  expect(await styles()).toEqual({ generated: 0, sheets: ["light-still"] });

  // Another theme than the page started in is generated in the browser, as before.
  await page.getByTitle("Dark").click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect((await styles()).generated).toBeGreaterThan(0);
  await page.reload();
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  expect(await styles()).toEqual({ generated: 0, sheets: ["dark-still"] });
  await page.context().close();
});

test.describe("as an editor", () => {
  test.use({ signedInAs: "editor" });

  test("Ctrl+K goes to a resource, creates, and finds a record; g/?// shortcuts work", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

    await page.keyboard.press("Control+k");
    const input = page.getByRole("combobox", { name: "Search commands and records" });
    await expect(input).toBeFocused();
    await input.fill("custom");
    await expect(page.getByRole("option", { name: /Customers/ })).toBeVisible();
    // The editor may not open Opsdesk's operators: no such command (nor, in the records, a group).
    await input.fill("operators");
    await expect(page.getByRole("option", { name: /Go to\s*Operators/ })).toHaveCount(0);
    await expect(page.getByRole("group", { name: "Operators" })).toHaveCount(0);
    await input.fill("custom");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Customers" })).toBeVisible();
    // Settled: the list has written its page and sort into the URL (a later replace would undo the next jump).
    await expect(page).toHaveURL(/\/customers\?pageSize=/);

    await page.keyboard.press("Control+k");
    await page.getByRole("combobox", { name: "Search commands and records" }).fill("new categ");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/categories\/create$/);

    // Search the records from the list on screen.
    await page.goto("/products");
    await expect(page.getByRole("heading", { name: "Products" })).toBeVisible();
    await expect(page).toHaveURL(/\/products\?pageSize=/);
    await page.keyboard.press("Control+k");
    await page.getByRole("combobox", { name: "Search commands and records" }).fill("lamp");
    const record = page.getByRole("option").filter({ hasText: "Open" }).first();
    await expect(record).toBeVisible();
    await record.click();
    await expect(page).toHaveURL(/\/products\/\d+$/);
    await expect(page.getByRole("heading", { name: /^Product / })).toBeVisible();

    await page.keyboard.press("g");
    await page.keyboard.press("o");
    await expect(page).toHaveURL(/\/orders(\?|$)/);
    await expect(page.getByRole("heading", { name: "Orders" })).toBeVisible();
    // `/` focuses the search of a list that has one (orders have none): customers, by `g u`.
    await page.keyboard.press("g");
    await page.keyboard.press("u");
    await expect(page.getByRole("heading", { name: "Customers" })).toBeVisible();
    await page.keyboard.press("/");
    await expect(page.getByLabel("Search customers")).toBeFocused();
    await page.locator("body").click();
    await page.keyboard.press("Shift+?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  });
});

test("the sign-in route stays within its JavaScript budget (gzip)", async ({ page }) => {
  const { gzipSync } = await import("node:zlib");
  const sizes: Promise<number>[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith(".js")) sizes.push(response.body().then((body) => gzipSync(body).length));
  });
  await page.goto("/login", { waitUntil: "networkidle" });
  const total = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  console.log(`sign-in route JS: ${(total / 1024).toFixed(1)} KiB gzip in ${sizes.length} files`);
  // The sign-in screens run without Refine (main.tsx), with auth-js alone (providers/authBackend.ts)
  // and English alone (i18n/packs): ~244 KiB; ~360 with Refine, ~292 with all of supabase-js and German.
  expect(total).toBeLessThanOrEqual(250 * 1024);
});
