// axe on every screen of the console, in both themes: no serious or critical WCAG 2.1 A/AA
// violation on lists, records, forms, the order and duplicates pages, Opsdesk's operators,
// permissions and tables screens, the audit log, the error pages,
// the open palette and shortcuts help, and the sign-in screens. One pass over the screens:
// each is scanned with every rule in the theme it opens in, then switched to the other
// theme in place and scanned with the colour rules (the only ones a theme can change).
import { expect, type Page } from "@playwright/test";
import { COLOUR_RULES, seriousViolations } from "./axe";
import { serviceClient } from "./backend";
import { AUDIT_LOG_MISSING, AUDIT_PATH, emailOf, leaveFields, openPath, type Role, switchTheme } from "./helpers";
import { newOperatorPage } from "./operatorPage";
import { test } from "./test";
import { newContext, testWorld } from "./world";

type Theme = "light" | "dark";
const THEMES: Theme[] = ["light", "dark"];

/** What is shown now: every rule in this theme, then the colour rules in the other. */
async function scanBothThemes(page: Page, label: string, reopen?: () => Promise<void>): Promise<string[]> {
  const theme = await page.locator("html").getAttribute("data-theme");
  const found = (await seriousViolations(page)).map((v) => `${label} (${theme}): ${v}`);
  // A dialog covers the header's switch: closed for the switch, opened again after it.
  if (reopen) await page.keyboard.press("Escape");
  const other = await switchTheme(page);
  if (reopen) await reopen();
  found.push(...(await seriousViolations(page, COLOUR_RULES)).map((v) => `${label} (${other}): ${v}`));
  if (reopen) await page.keyboard.press("Escape");
  return found;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { name }).first()).toBeVisible();
};
const rows = (name: string) => async (page: Page) => {
  await heading(name)(page);
  await expect(page.locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible();
};

/** Opens a screen (as a link does, after the first) and waits for what it shows. */
async function open(page: Page, path: string, shown: (page: Page) => Promise<void>) {
  await openPath(page, path);
  await shown(page);
  await page.waitForLoadState("networkidle");
}

// The screens in two halves, which may run side by side; each screen is opened once. Lists
// show ten rows: more rows repeat the same markup and only make axe slower. Every kind of
// screen is here once (categories' list, record and the product create form are the same
// generated screens over plain text fields, so the products' stand for them).
const TEN_ROWS = "pageSize=10&currentPage=1";
const customerId = async () =>
  (await serviceClient().from("customers").select("id").limit(1).single()).data?.id as string;
const HALVES: { name: string; screens: () => Promise<[string, (page: Page) => Promise<void>][]> }[] = [
  {
    name: "the dashboard, products, customers and duplicates",
    screens: async () => [
      ["/", heading("Dashboard")],
      [`/products?${TEN_ROWS}`, rows("Products")],
      ["/products/1", heading(/^Product /)],
      ["/products/1/edit", heading("Edit Product")],
      [`/customers?${TEN_ROWS}`, rows("Customers")],
      [`/customers/${await customerId()}`, heading(/^Customer /)],
      ["/customers/create", heading("Create Customer")],
      ["/customers/duplicates", heading("Possible duplicates")],
    ],
  },
  {
    name: "orders, operators, permissions, tables, audit, profile and 404",
    screens: async () => [
      [`/orders?${TEN_ROWS}`, rows("Orders")],
      ["/orders/1", heading(/^Order ORD-/)],
      ["/orders/1/edit", heading("Edit Order")],
      ["/~operators", rows("Operators")],
      ["/~permissions", heading("Permissions")],
      ["/~tables", rows("Tables")],
      ...(AUDIT_LOG_MISSING
        ? []
        : [[`${AUDIT_PATH}?${TEN_ROWS}`, rows("Audit log")] satisfies [string, (page: Page) => Promise<void>]]),
      ["/profile", heading("Profile")],
      ["/no-such-screen", async (page) => expect(page.getByText("There is no page at this address.")).toBeVisible()],
    ],
  },
];

for (const half of HALVES) {
  test(`${half.name}: no serious accessibility violations in either theme`, async () => {
    // About ten screens, each loaded once and scanned twice.
    test.setTimeout(180_000);
    const found: string[] = [];
    // An admin of its own: switching the theme stores it for the operator.
    const admin = await newOperatorPage("admin");
    for (const [path, shown] of await half.screens()) {
      await open(admin, path, shown);
      found.push(...(await scanBothThemes(admin, path)));
    }
    await admin.context().close();
    expect(found).toEqual([]);
  });
}

test("the palette and the shortcuts help have no serious accessibility violations in either theme", async () => {
  const admin = await newOperatorPage("admin");
  // Over a light screen: axe scans the whole page, and the screens have had their scan.
  await open(admin, "/profile", heading("Profile"));
  const palette = async () => {
    await leaveFields(admin);
    await admin.keyboard.press("Control+k");
    await expect(admin.getByRole("combobox", { name: "Search commands and records" })).toBeFocused();
  };
  const help = async () => {
    await leaveFields(admin);
    await admin.keyboard.press("Shift+?");
    await expect(admin.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  };
  await palette();
  const found = await scanBothThemes(admin, "palette", palette);
  await help();
  found.push(...(await scanBothThemes(admin, "shortcuts help", help)));
  await admin.context().close();
  expect(found).toEqual([]);
});

/** A page in a theme chosen before it loads (the demo accounts' stored theme stays as it is). */
async function themedPage(theme: Theme, role?: Role): Promise<Page> {
  const context = await newContext();
  await context.addInitScript((value) => localStorage.setItem("opsdesk.theme", value), theme);
  const page = await context.newPage();
  if (role) await testWorld().signIn(emailOf(role), { page });
  return page;
}

test("the 403 page and the sign-in screens have no serious accessibility violations in either theme", async () => {
  const found: string[] = [];
  for (const theme of THEMES) {
    const scan = async (page: Page, path: string, shown: (page: Page) => Promise<void>) => {
      await open(page, path, shown);
      found.push(...(await seriousViolations(page)).map((v) => `${path} (${theme}): ${v}`));
    };
    const viewer = await themedPage(theme, "viewer");
    await scan(viewer, "/~operators", async (page) => {
      await expect(page.getByText("You don't have permission to open this page.")).toBeVisible();
    });
    await viewer.context().close();
    const signedOut = await themedPage(theme);
    await scan(signedOut, "/login", heading("Sign in to your account"));
    await scan(signedOut, "/forgot-password", heading("Reset your password"));
    await signedOut.context().close();
  }
  expect(found).toEqual([]);
});
