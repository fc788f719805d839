// Everyday comfort (issue 12): tab titles that name the screen and record, keys that submit
// forms and close dialogs (listed in the `?` help), and notices that name the record without
// covering the header.
import { expect, type Locator, type Page } from "@playwright/test";
import { insertRow } from "./backend";
import { emailOf, formField, unique } from "./helpers";
import { test } from "./test";
import { newContext, signedInAs } from "./world";

function overlaps(a: { x: number; y: number; width: number; height: number } | null, b: typeof a) {
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A notice is shown and covers neither the header nor the page's header buttons. */
async function expectClearNotice(page: Page, notice: Locator) {
  await expect(notice).toBeVisible();
  const box = await notice.boundingBox();
  for (const covered of [page.locator("header.ant-layout-header"), page.locator(".ant-page-header-heading-extra")]) {
    if ((await covered.count()) === 0) continue;
    expect(overlaps(box, await covered.first().boundingBox())).toBe(false);
  }
}

test("tab titles name the sign-in screen, a list and a record", async () => {
  const signedOut = await (await newContext()).newPage();
  await signedOut.goto("/login");
  await expect(signedOut).toHaveTitle("Sign in · Opsdesk");
  await signedOut.close();

  const page = await signedInAs(emailOf("viewer"));
  const product = await insertRow<{ id: number; name: string }>("products", {
    sku: unique("TAB"),
    name: `Aquarium pump ${unique("T")}`,
    price: 4,
  });
  await page.goto("/products");
  await expect(page).toHaveTitle("Products · Opsdesk");
  await page.goto(`/products/${product.id}`);
  await expect(page).toHaveTitle(`${product.name} · Products · Opsdesk`);
  await page.goto("/no-such-screen");
  await expect(page).toHaveTitle("Page not found · Opsdesk");
  await page.context().close();
});

test.describe("as an editor", () => {
  test.use({ signedInAs: "editor" });

  test("Enter submits a one-line field's form, Ctrl+Enter any form; the notice names the record", async ({ page }) => {
    const name = unique("Keys category");
    await page.goto("/categories/create");
    await formField(page, "Name").fill(name);
    await formField(page, "Name").press("Enter");
    await expect(page).toHaveURL(/\/categories\/\d+$/);
    await expectClearNotice(
      page,
      page.locator(".ant-notification-notice").filter({ hasText: `Created category ${name}` }),
    );

    await page.goto(`${page.url()}/edit`);
    await expect(formField(page, "Name")).toHaveValue(name);
    // In a text area Enter is a new line; Ctrl+Enter saves.
    await formField(page, "Description").fill("First line");
    await formField(page, "Description").press("Enter");
    await expect(page).toHaveURL(/\/edit$/);
    await formField(page, "Description").press("Control+Enter");
    await expect(page).toHaveURL(/\/categories\/\d+$/);
    await expectClearNotice(
      page,
      page.locator(".ant-notification-notice").filter({ hasText: `Saved category ${name}` }),
    );
  });

  test("Escape closes the palette, the shortcuts help and dialogs at once; the help lists the keys", async ({
    page,
  }) => {
    await page.goto("/products");
    await expect(page.locator("tr.ant-table-row").first()).toBeVisible();
    const palette = page.getByRole("dialog", { name: "Command palette" });
    await page.keyboard.press("Control+k");
    await expect(palette).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(palette).toBeHidden();

    // Pressed while the help is still opening: the dialog has the keyboard from the start.
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await page.keyboard.press("Shift+?");
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();
    await page.keyboard.press("Shift+?");
    for (const [keys, action] of [
      ["Enter", "Submit the form, from a one-line field"],
      ["Ctrl Enter / ⌘ Enter", "Submit the form, from any field"],
      ["Esc", "Close the dialog, menu or palette"],
    ])
      await expect(help.getByRole("row", { name: `${keys} ${action}` })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();

    await page.getByRole("button", { name: "Save view as…" }).click();
    const dialog = page.getByRole("dialog", { name: "Save view as" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});
