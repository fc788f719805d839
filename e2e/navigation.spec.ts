// Moving between lists the way operators do (side menu, browser Back, `g` shortcuts) in one
// page, never reloading: each list shows its own rows and never another resource's state.
import { expect, type Page } from "@playwright/test";
import { shortcutsShown, tableRows } from "./helpers";
import { test } from "./test";

test.use({ signedInAs: "admin" });

const LISTS = {
  p: { menu: "Products", path: "/products" },
  c: { menu: "Categories", path: "/categories" },
  u: { menu: "Customers", path: "/customers" },
  o: { menu: "Orders", path: "/orders" },
} as const;
type Letter = keyof typeof LISTS;

// Every ordered pair of the four lists once (an Euler circuit of the complete directed graph).
const EVERY_PAIR: Letter[] = ["p", "c", "p", "u", "p", "o", "c", "u", "c", "o", "u", "o", "p"];

/** Collects what the page throws, so a blanked app fails with its error rather than a timeout. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function expectList(page: Page, letter: Letter, errors: string[]) {
  const { menu, path } = LISTS[letter];
  await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`));
  await expect(page.getByRole("heading", { name: menu, exact: true })).toBeVisible();
  await expect(tableRows(page).first()).toBeVisible();
  expect(errors).toEqual([]);
  // Settled: the list has written its page and sort into the URL (a later replace would undo the next step).
  await expect(page).toHaveURL(new RegExp(`${path}\\?pageSize=`));
}

test("every ordered pair of lists through the side menu keeps each list to its own state", async ({ page }) => {
  // Thirteen screens, each waited for.
  test.slow();
  const errors = pageErrors(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // The g shortcuts lead to the screens the operator may open: known once permissions are.
  await shortcutsShown(page);
  for (const letter of EVERY_PAIR) {
    await page.getByRole("menuitem", { name: LISTS[letter].menu, exact: true }).click();
    await expectList(page, letter, errors);
  }
});

// The shell shows at once, before the operator's permissions answer (docs/everyday.md); a `g`
// key exists only once the palette knows the screen may be opened. On a fresh world the first
// read is slower than the dashboard's heading, so the keys are read from the help first, as an
// operator would see them.
test("browser Back and Forward and the g shortcuts move between lists without a blank screen", async ({ page }) => {
  test.slow();
  const errors = pageErrors(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await shortcutsShown(page);
  for (const letter of EVERY_PAIR) {
    await page.keyboard.press("g");
    await page.keyboard.press(letter);
    await expectList(page, letter, errors);
  }
  // Back through the pairs in reverse, then forward again.
  for (const letter of [...EVERY_PAIR].reverse().slice(1, 6)) {
    await page.goBack();
    await expectList(page, letter, errors);
  }
  for (const letter of EVERY_PAIR.slice(EVERY_PAIR.length - 5)) {
    await page.goForward();
    await expectList(page, letter, errors);
  }
});

test("a screen whose code fails to load shows the error panel inside the layout, and loads on retry", async ({
  page,
}) => {
  await page.goto("/categories");
  await expect(tableRows(page).first()).toBeVisible();
  // The show screen's chunk does not arrive (a dropped connection, or a deploy that replaced it).
  let offline = true;
  await page.route(/\/assets\/ResourceShow-[\w-]+\.js$/, (route) =>
    offline ? route.abort("internetdisconnected") : route.continue(),
  );
  await tableRows(page).first().getByRole("link", { name: "Show" }).click();
  const panel = page.getByRole("alert").filter({ hasText: "Something went wrong on this screen" });
  await expect(panel).toBeVisible();
  // The menu and header stay.
  await shortcutsShown(page);
  await expect(page.getByRole("button", { name: /Search or jump to/ })).toBeVisible();
  offline = false;
  await panel.getByRole("button", { name: "Reload this screen" }).click();
  await expect(page.getByRole("heading", { name: /^Category / })).toBeVisible();
  await expect(panel).toHaveCount(0);
});

test("the menu's screens load while the console is idle, so a first visit waits for no code", async ({ page }) => {
  const chunks: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/[^/]+\.js$/.test(request.url())) chunks.push(new URL(request.url()).pathname);
  });
  const opened = /\/(ResourceList|OperatorsPage)-[\w-]+\.js$/;
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // The lists' screen and the Operators screen's own arrive without being opened (the other
  // screens' chunks may still be on their way while the test goes on).
  await expect.poll(() => chunks.filter((path) => opened.test(path)).length).toBe(2);
  const before = chunks.length;
  await page.getByRole("menuitem", { name: "Products", exact: true }).click();
  await expectList(page, "p", []);
  await page.getByRole("menuitem", { name: "Operators", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Operators", exact: true })).toBeVisible();
  expect(chunks.slice(before).filter((path) => opened.test(path))).toEqual([]);
});
