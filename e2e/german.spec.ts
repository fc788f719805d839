// Every screen of the console in German (issue 14 item 12): each resource's list, show,
// create and edit screens, the dashboard, the audit log, Opsdesk's operators, permissions and
// tables screens, profile, duplicates,
// a record that does not exist, and the sign-in page. On each, no visible text is an
// English text of the catalogue whose German differs (e2e/german/catalogue.ts) or holds an
// English UI word, and no German is broken ("Produktes", "Ein(e)").
import { expect, type Page } from "@playwright/test";
import { opsdeskClient, permissionsOf, serviceClient } from "./backend";
import { brokenGerman, ENGLISH_WORDS, englishOnlyTexts } from "./german/catalogue";
import { AUDIT_LOG_MISSING, AUDIT_PATH, openPath } from "./helpers";
import { newOperatorPage } from "./operatorPage";
import { test } from "./test";
import { settle, watchErrors } from "./walk/checks";
import { newContext } from "./world";

const GERMAN_PLURALS = ["Produkte", "Kategorien", "Kunden", "Bestellungen", "Operatoren", "Protokolleinträge"];

/** Visible text nodes and the placeholders, labels and titles operators read. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (text && parent?.checkVisibility({ visibilityProperty: true }) && !parent.closest("code, pre"))
        texts.push(text);
    }
    for (const element of document.querySelectorAll("[placeholder], [aria-label], [title]")) {
      if (!(element as HTMLElement).checkVisibility()) continue;
      for (const name of ["placeholder", "aria-label", "title"]) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

async function firstId(table: string, column: string): Promise<string> {
  const { data, error } = await serviceClient().from(table).select(column).limit(1).single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return String((data as unknown as Record<string, unknown>)[column]);
}

/** One screen at a time, so each group of screens has its own time on a slow machine. */
const GROUPS: Record<string, (ids: Record<string, string>) => string[]> = {
  products: (ids) => resourceScreens("products", ids.products),
  categories: (ids) => resourceScreens("categories", ids.categories),
  customers: (ids) => resourceScreens("customers", ids.customers),
  orders: (ids) => resourceScreens("orders", ids.orders),
  "operators, permissions, tables and audit": (ids) => [
    "/~operators",
    "/~permissions",
    "/~tables",
    ...(AUDIT_LOG_MISSING ? [] : [AUDIT_PATH, `${AUDIT_PATH}/${ids.audit}`]),
  ],
  "dashboard, profile, duplicates": () => ["/", "/profile", "/customers/duplicates"],
  "a record that does not exist": () => ["/products/99999"],
};

const resourceScreens = (resource: string, id: string) => [
  `/${resource}`,
  `/${resource}/${id}`,
  `/${resource}/create`,
  `/${resource}/${id}/edit`,
];

let english: Set<string>;

test.beforeAll(async () => {
  english = await englishOnlyTexts();
});

/** A record of each resource in the test's world. */
async function recordIds(): Promise<Record<string, string>> {
  return {
    products: await firstId("products", "id"),
    categories: await firstId("categories", "id"),
    customers: await firstId("customers", "id"),
    orders: await firstId("orders", "id"),
    audit: String((await opsdeskClient().from("audit_log").select("id").limit(1).single()).data?.id),
  };
}

/** What on the page is English or broken German. */
async function problemsOn(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  for (const text of new Set(await visibleTexts(page))) {
    if (english.has(text)) problems.push(`${where}: English "${text}"`);
    else if (ENGLISH_WORDS.test(text)) problems.push(`${where}: English word in "${text}"`);
    const broken = brokenGerman(text, GERMAN_PLURALS);
    if (broken) problems.push(`${where}: ${broken} in "${text}"`);
  }
  return problems;
}

test("the English catalogue is found (the scan itself works)", () => {
  expect(english.size).toBeGreaterThan(200);
  // A default in code, an English locale entry and a definition's label.
  for (const text of ["Clear all", "Show product", "Full name"]) expect(english).toContain(text);
});

for (const [group, screensOf] of Object.entries(GROUPS)) {
  test(`in German, without English left over or broken forms: ${group}`, async () => {
    test.setTimeout(150_000);
    const may = await permissionsOf("admin");
    const page = await newOperatorPage("admin");
    await page.context().addInitScript(() => localStorage.setItem("opsdesk.locale", "de"));
    const errors = watchErrors(page);
    for (const [index, screen] of screensOf(await recordIds()).entries()) {
      // Loaded once (in German, from the init script), then opened as a link does: each
      // screen is a fresh one all the same.
      if (index === 0) await page.goto(screen);
      else await openPath(page, screen);
      await settle(page, may, errors, false);
      // Lists and show pages fill in after their heading; the spinner goes once they have.
      await expect(page.locator(".ant-layout-content .ant-spin-spinning")).toHaveCount(0);
      if (screen === "/products/99999") await expect(page.locator(".ant-result-404")).toBeVisible();
      const problems = await problemsOn(page, screen);
      expect.soft(problems, problems.join("\n")).toEqual([]);
    }
  });
}

test("the audit log's menu entry, list heading and tab say one name", async () => {
  const page = await newOperatorPage("admin");
  await page.context().addInitScript(() => localStorage.setItem("opsdesk.locale", "de"));
  await page.goto(AUDIT_PATH);
  await expect(page.locator(".ant-menu").getByRole("menuitem", { name: "Audit-Protokoll" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Audit-Protokoll", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Protokolleinträge" })).toHaveCount(0);
  await expect(page).toHaveTitle(/^Audit-Protokoll/);
});

test("the sign-in page reads German", async () => {
  const page = await (await newContext()).newPage();
  await page.addInitScript(() => localStorage.setItem("opsdesk.locale", "de"));
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Anmelden" })).toBeVisible();
  const problems = await problemsOn(page, "/login");
  expect(problems, problems.join("\n")).toEqual([]);
});
