// axe on every screen of the console, in both themes: no serious or critical WCAG 2.1 A/AA
// violation on lists, records, forms, the order and staff pages, the error pages, the open
// palette and shortcuts help, and the sign-in screens.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { serviceClient } from "./backend";
import { openPath, type Role, sessionFile } from "./helpers";

type Theme = "light" | "dark";

async function themedPage(browser: Browser, theme: Theme, role?: Role): Promise<Page> {
  const context = await browser.newContext(role ? { storageState: sessionFile(role) } : {});
  await context.addInitScript((value) => localStorage.setItem("opsdesk.theme", value), theme);
  return context.newPage();
}

/** Opens a screen (as a link does, after the first), waits for what it shows, and scans it. */
async function scan(page: Page, path: string, shown: (page: Page) => Promise<void>): Promise<string[]> {
  await openPath(page, path);
  await shown(page);
  await page.waitForLoadState("networkidle");
  return (await seriousViolations(page)).map((v) => `${path}: ${v}`);
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { name }).first()).toBeVisible();
};
const rows = (name: string) => async (page: Page) => {
  await heading(name)(page);
  await expect(page.locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible();
};

for (const theme of ["light", "dark"] as Theme[]) {
  test(`every screen has no serious accessibility violations (${theme})`, async ({ browser }) => {
    // About twenty screens, each loaded and fully scanned.
    test.setTimeout(300_000);
    const { data: customer } = await serviceClient().from("customers").select("id").limit(1).single();
    const screens: [string, (page: Page) => Promise<void>][] = [
      ["/", heading("Dashboard")],
      ["/products", rows("Products")],
      ["/products/1", heading(/^Product /)],
      ["/products/1/edit", heading("Edit Product")],
      ["/products/create", heading("Create Product")],
      ["/categories", rows("Categories")],
      ["/categories/1", heading(/^Category /)],
      ["/customers", rows("Customers")],
      [`/customers/${customer?.id}`, heading(/^Customer /)],
      ["/customers/create", heading("Create Customer")],
      ["/customers/duplicates", heading("Possible duplicates")],
      ["/orders", rows("Orders")],
      ["/orders/1", heading(/^Order ORD-/)],
      ["/orders/1/edit", heading("Edit Order")],
      ["/staff", rows("Staff")],
      ["/permissions", heading("Permissions")],
      ["/audit", rows("Audit log")],
      ["/profile", heading("Profile")],
      ["/no-such-screen", async (page) => expect(page.getByText("There is no page at this address.")).toBeVisible()],
    ];
    const found: string[] = [];
    const admin = await themedPage(browser, theme, "admin");
    for (const [path, shown] of screens) found.push(...(await scan(admin, path, shown)));

    // Open dialogs: the command palette and the shortcuts help.
    await openPath(admin, "/products");
    await rows("Products")(admin);
    await admin.keyboard.press("Control+k");
    await expect(admin.getByRole("combobox", { name: "Search commands and records" })).toBeFocused();
    found.push(...(await seriousViolations(admin)).map((v) => `palette: ${v}`));
    await admin.keyboard.press("Escape");
    await admin.locator("body").click();
    await admin.keyboard.press("Shift+?");
    await expect(admin.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    found.push(...(await seriousViolations(admin)).map((v) => `shortcuts help: ${v}`));
    await admin.context().close();

    // The 403 page, as a viewer.
    const viewer = await themedPage(browser, theme, "viewer");
    found.push(
      ...(await scan(viewer, "/staff", async (page) => {
        await expect(page.getByText("You don't have permission to open this page.")).toBeVisible();
      })),
    );
    await viewer.context().close();

    const signedOut = await themedPage(browser, theme);
    found.push(...(await scan(signedOut, "/login", async (page) => heading("Sign in to your account")(page))));
    found.push(...(await scan(signedOut, "/forgot-password", async (page) => heading("Reset your password")(page))));
    await signedOut.context().close();
    expect(found).toEqual([]);
  });
}
