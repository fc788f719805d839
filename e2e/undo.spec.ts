// Undoable deletes (SPEC §10): a deleted record leaves the list at once under "Deleted <name>.
// Undo" with a countdown; the delete is sent when the time runs out or the operator leaves
// the screen, and Undo before that keeps the record.
import { expect, type Page } from "@playwright/test";
import { insertRow, serviceClient } from "./backend";
import { openPath, unique } from "./helpers";
import { test } from "./test";

test.use({ signedInAs: "admin" });

/** A category of the test's own, first in the default sort (name, ascending). */
async function category(label: string) {
  const name = `000 ${label} ${unique("Undo")}`;
  return insertRow<{ id: number; name: string }>("categories", { name });
}

const exists = async (id: number) =>
  ((await serviceClient().from("categories").select("id").eq("id", id)).data ?? []).length === 1;

const notice = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text });
const row = (page: Page, name: string) => page.locator("tr.ant-table-row").filter({ hasText: name });

async function deleteRow(page: Page, name: string) {
  await row(page, name).getByRole("button", { name: "Delete" }).click();
  await page.locator(".ant-popover:visible").getByRole("button", { name: "Delete" }).click();
}

test("a list row's delete waits behind Undo; undone, the record stays; otherwise it goes", async ({ page }) => {
  const kept = await category("kept");
  const gone = await category("gone");
  await page.goto("/categories");
  await expect(row(page, kept.name)).toBeVisible();

  await deleteRow(page, kept.name);
  const keptNotice = notice(page, `Deleted category ${kept.name}.`);
  await expect(keptNotice.getByRole("button", { name: /^Undo \(\d s\)$/ })).toBeVisible();
  await expect(row(page, kept.name)).toHaveCount(0);
  // Undone at once: the five seconds are the product's, not the test's to spend.
  await keptNotice.getByRole("button", { name: /^Undo/ }).click();
  await expect(row(page, kept.name)).toBeVisible();

  await deleteRow(page, gone.name);
  await expect(notice(page, `Deleted category ${gone.name}.`)).toBeVisible();
  // Not sent yet: the record is still there while Undo is offered.
  expect(await exists(gone.id)).toBe(true);
  await expect(notice(page, `Deleted category ${gone.name}.`)).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => exists(gone.id)).toBe(false);

  // Leaving the screen sends nothing for the undone delete.
  await openPath(page, "/");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  expect(await exists(kept.id)).toBe(true);
});

/** Deletes the category from its own page, which goes to the list at once. */
async function deleteFromPage(page: Page, record: { id: number; name: string }) {
  await page.goto(`/categories/${record.id}`);
  await expect(page.getByRole("heading", { name: `Category ${record.name}` })).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.locator(".ant-popover:visible").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/categories(\?|$)/);
}

test("a delete from the record's page goes to the list at once, with Undo and without errors", async ({ page }) => {
  const record = await category("page");
  await deleteFromPage(page, record);
  await notice(page, `Deleted category ${record.name}.`).getByRole("button", { name: /^Undo/ }).click();
  await expect(row(page, record.name)).toBeVisible();
  expect(await exists(record.id)).toBe(true);

  // Deleted for good, the record is not fetched again: no "does not exist", no error notice.
  await deleteFromPage(page, record);
  await expect(notice(page, `Deleted category ${record.name}.`)).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => exists(record.id)).toBe(false);
  await expect(row(page, record.name)).toHaveCount(0);
  await expect(page.locator(".ant-notification-notice-error")).toHaveCount(0);
  await expect(page.getByText(/does not exist/)).toHaveCount(0);
});

test("leaving the screen sends a waiting delete at once", async ({ page }) => {
  const record = await category("leave");
  await page.clock.install();
  await page.goto("/categories");
  await deleteRow(page, record.name);
  await expect(notice(page, `Deleted category ${record.name}.`)).toBeVisible();
  // The page's clock stops well inside the notice's five seconds (a moment ahead, as it can
  // only jump forward), so only leaving can send the delete; it has not gone yet.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1500));
  expect(await exists(record.id)).toBe(true);
  await page.getByRole("menuitem", { name: "Products" }).click();
  await expect.poll(() => exists(record.id)).toBe(false);
  await page.clock.resume();
});
