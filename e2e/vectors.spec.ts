// SPEC §11 in the console: "Similar products" on a product's page, possible
// duplicates offered on the customer create form, and /customers/duplicates with
// Merge — in English and German, only for the roles the matrix allows.
import { expect, type Page } from "@playwright/test";
import { emailOf, errorPage, formField, tableRows } from "./helpers";
import { test } from "./test";
import { newContext, testWorld } from "./world";

async function pageAs(role: "admin" | "editor", locale: "en" | "de" = "en"): Promise<Page> {
  const context = await newContext();
  await context.addInitScript((value) => localStorage.setItem("opsdesk.locale", value), locale);
  const page = await context.newPage();
  await testWorld().signIn(emailOf(role), { page });
  return page;
}

/** Seeded products are embedded within seconds of the stack's start; allow for that once. */
const FIRST_EMBEDDING = { timeout: 60_000 };

test("a product page lists its 5 most similar products with links and similarities", async () => {
  const page = await pageAs("editor");
  await page.goto("/products/1");
  const card = page.getByTestId("similar-products");
  await expect(card.getByText("Similar products")).toBeVisible();
  await expect(card.getByRole("link")).toHaveCount(5, FIRST_EMBEDDING);
  const similarities = await card.locator(".ant-tag").allTextContents();
  expect(similarities.every((s) => /^0\.\d\d$|^1\.00$/.test(s))).toBe(true);
  const first = card.getByRole("link").first();
  const name = await first.textContent();
  await first.click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.locator(".ant-descriptions").getByText(name ?? "", { exact: true })).toBeVisible();

  const german = await pageAs("editor", "de");
  await german.goto("/products/2");
  await expect(german.getByText("Ähnliche Produkte")).toBeVisible();
  await expect(german.getByTestId("similar-products").locator(".ant-tag").first()).toHaveText(/^[01],\d\d$/);
});

test("the customer create form offers an existing customer before a duplicate is saved", async () => {
  const page = await pageAs("editor");
  await page.goto("/customers/create");
  await formField(page, "Full name").fill("Haddad Amir");
  await formField(page, "E-mail").fill("amir.haddad@example.org");
  const offer = page.getByTestId("possible-duplicates");
  await expect(offer.getByText("Possible duplicates: this customer may exist already.")).toBeVisible(FIRST_EMBEDDING);
  await expect(offer.getByText("amir.haddad@example.com")).toBeVisible();
  // Leaving a form with typed values asks first (SPEC: a warning before losing changes).
  page.once("dialog", (dialog) => dialog.accept());
  await offer.getByRole("link", { name: "Amir Haddad", exact: true }).click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  await expect(page.locator(".ant-descriptions").getByText("amir.haddad@example.com")).toBeVisible();
});

test("an admin merges a duplicate pair; an editor may not open the screen", async () => {
  const page = await pageAs("admin");
  await page.goto("/customers/duplicates");
  await expect(page.getByText("Possible duplicates").first()).toBeVisible();
  const pair = tableRows(page).filter({ hasText: "Muller Jurgen" });
  await expect(pair).toBeVisible(FIRST_EMBEDDING);
  await expect(pair).toContainText("Jürgen Müller");
  await pair.getByRole("button", { name: "Merge" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("radio", { name: /Jürgen Müller/ }).check();
  await expect(dialog).toContainText("Muller Jurgen is deleted");
  await dialog.getByRole("button", { name: "Merge" }).click();
  await expect(page.getByText("Merged into Jürgen Müller.")).toBeVisible();
  await expect(tableRows(page).filter({ hasText: "Muller Jurgen" })).toHaveCount(0);

  // German labels on the same screen.
  const german = await pageAs("admin", "de");
  await german.goto("/customers/duplicates");
  await expect(german.getByRole("columnheader", { name: "Ähnlichkeit" })).toBeVisible();

  const editor = await pageAs("editor");
  await editor.goto("/customers/duplicates");
  await expect(errorPage(editor, "403")).toBeVisible();
});
