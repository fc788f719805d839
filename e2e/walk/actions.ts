// The moves of the random walk, each the way an operator makes it: the menu (sider or phone
// drawer), a row's show and edit, the page's back arrow, browser back and forward, the
// palette and `g` shortcuts, page / sort / filter / search changes, language and theme,
// a typed address, and the phone width. Each returns what it did, for the walk's log.
import { expect, type Page } from "@playwright/test";
import { AUDIT_LOG_MISSING, AUDIT_PATH, leaveFields, shortcutsShown, switchTheme } from "../helpers";
import { motionDone } from "../layoutChecks";
import type { ScreenState } from "./checks";
import type { Prng } from "./prng";

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 800 };

export type Move =
  | "menu"
  | "rowShow"
  | "rowEdit"
  | "pageBack"
  | "browserBack"
  | "browserForward"
  | "palette"
  | "shortcut"
  | "pagination"
  | "sort"
  | "filter"
  | "search"
  | "language"
  | "theme"
  | "address"
  | "viewport";

/** How often each move is tried; moves that make no sense on the screen are left out. */
const WEIGHTS: Record<Move, number> = {
  menu: 14,
  rowShow: 8,
  rowEdit: 5,
  pageBack: 5,
  browserBack: 7,
  browserForward: 4,
  palette: 6,
  shortcut: 6,
  pagination: 6,
  sort: 6,
  filter: 5,
  search: 4,
  language: 3,
  theme: 3,
  address: 6,
  viewport: 3,
};

/** Typed addresses: screens, records (one that does not exist), forms, 403s and a 404. */
const ADDRESSES = [
  "/",
  "/products",
  "/products/1",
  "/products/999999",
  "/products/create",
  "/categories/2/edit",
  "/customers",
  "/customers/duplicates",
  "/orders/1",
  "/orders/3/edit",
  "/~operators",
  ...(AUDIT_LOG_MISSING ? [] : [AUDIT_PATH]),
  "/~permissions",
  "/~tables",
  "/profile",
  "/no-such-screen",
];

const SEARCH_TERMS = ["a", "cl", "lamp", "or", "zzzz"];

export class Mover {
  narrow = false;

  constructor(
    private readonly page: Page,
    private readonly rng: Prng,
  ) {}

  private get content() {
    return this.page.locator(".ant-layout-content");
  }

  /** The moves that make sense on the screen as it is. */
  async choose(state: ScreenState): Promise<Move> {
    const list = state.rows > 0 || state.empty;
    const history = await this.page.evaluate(() => {
      const nav = (
        window as unknown as { navigation: { currentEntry: { index: number }; entries(): { url: string }[] } }
      ).navigation;
      const entries = nav.entries();
      const index = nav.currentEntry.index;
      const inApp = (entry?: { url: string }) => Boolean(entry?.url.startsWith(location.origin));
      return { back: inApp(entries[index - 1]), forward: inApp(entries[index + 1]) };
    });
    const possible: Partial<Record<Move, number>> = { ...WEIGHTS };
    if (state.rows === 0) {
      delete possible.rowShow;
      delete possible.rowEdit;
    }
    if (!list || state.rows === 0) delete possible.sort;
    if (!list) {
      delete possible.pagination;
      delete possible.filter;
      delete possible.search;
    }
    if (!history.back) delete possible.browserBack;
    if (!history.forward) delete possible.browserForward;
    if ((await this.content.locator(".ant-page-header-back-button").count()) === 0) delete possible.pageBack;
    return this.rng.weighted(possible);
  }

  async run(move: Move): Promise<string> {
    return this[move]();
  }

  private async menu(): Promise<string> {
    let items = this.page.locator(".ant-layout-sider [role=menuitem]");
    if (this.narrow) {
      await this.page
        .locator("header")
        .getByRole("button", { name: /^(Menu|Menü)$/ })
        .click();
      items = this.page.locator(".ant-drawer-open [role=menuitem]");
      await expect(items.first()).toBeVisible();
      await motionDone(this.page);
    }
    const screens = items.filter({ hasNot: this.page.locator(".anticon-logout") });
    const names = (await screens.allInnerTexts()).map((name) => name.trim());
    const name = this.rng.pick(names);
    await screens.filter({ hasText: new RegExp(`^${name}$`) }).click();
    if (this.narrow) await expect(this.page.locator(".ant-drawer-open")).toHaveCount(0);
    return `menu "${name}"`;
  }

  private async rowLink(kind: "show" | "edit"): Promise<string> {
    const links = this.content.locator("tr.ant-table-row td:last-child a[href]");
    const hrefs = (await links.evaluateAll((all) => all.map((a) => a.getAttribute("href") ?? ""))).filter((href) =>
      kind === "edit" ? href.endsWith("/edit") : !href.endsWith("/edit"),
    );
    if (hrefs.length === 0) return `no row ${kind} link`;
    const href = this.rng.pick(hrefs);
    await links
      .and(this.page.locator(`[href="${href}"]`))
      .first()
      .click();
    return `row ${kind} ${href}`;
  }

  private rowShow = () => this.rowLink("show");
  private rowEdit = () => this.rowLink("edit");

  private async pageBack(): Promise<string> {
    await this.content.locator(".ant-page-header-back-button").first().click();
    return "the page's back arrow";
  }

  private async browserBack(): Promise<string> {
    await this.page.goBack({ waitUntil: "commit" });
    return "browser back";
  }

  private async browserForward(): Promise<string> {
    await this.page.goForward({ waitUntil: "commit" });
    return "browser forward";
  }

  private async palette(): Promise<string> {
    await leaveFields(this.page);
    await this.page.keyboard.press("Control+k");
    const options = this.page.locator(".command-palette-list [role=option]");
    await expect(options.first()).toBeVisible();
    if (this.rng.int(5) === 0) {
      await this.page.keyboard.press("Escape");
      await expect(options).toHaveCount(0);
      return "palette, closed with Escape";
    }
    const labels = (await options.locator(".command-palette-label").allInnerTexts()).map((l) => l.trim());
    const index = this.rng.int(labels.length);
    await options.nth(index).click();
    await expect(options).toHaveCount(0);
    return `palette "${labels[index]}"`;
  }

  private async shortcut(): Promise<string> {
    const keys = await shortcutsShown(this.page);
    const chosen = this.rng.pick(keys);
    await this.page.keyboard.press("g");
    await this.page.keyboard.press(chosen.slice(2));
    return `shortcut ${chosen}`;
  }

  private async pagination(): Promise<string> {
    const pages = this.content.locator(".ant-pagination-item:not(.ant-pagination-item-active)");
    const count = await pages.count();
    if (count === 0) return "no other page";
    const target = pages.nth(this.rng.int(count));
    const label = (await target.innerText()).trim();
    await target.click();
    return `page ${label}`;
  }

  private async sort(): Promise<string> {
    const headers = this.content.locator("thead th.ant-table-column-has-sorters");
    const names = (await headers.allInnerTexts()).map((n) => n.trim());
    if (names.length === 0) return "no sortable column";
    const index = this.rng.int(names.length);
    await headers.nth(index).click();
    return `sort by "${names[index]}"`;
  }

  private async filter(): Promise<string> {
    const triggers = this.content.locator("thead .ant-table-filter-trigger");
    const count = await triggers.count();
    if (count === 0) return "no column filter";
    const index = this.rng.int(count);
    await triggers.nth(index).click();
    const dropdown = this.page.locator(".ant-table-filter-dropdown:visible");
    await expect(dropdown).toBeVisible();
    await motionDone(this.page);
    let what = "cleared";
    if (await dropdown.locator(".ant-picker").count()) {
      // Date ranges are typed, not picked: leave them to the form tests and clear instead
      // (Clear empties the range; Filter applies that and closes the dropdown).
      await dropdown.locator(".ant-btn-dangerous").click();
      await dropdown.locator(".ant-btn-primary").click();
    } else if (await dropdown.locator(".ant-checkbox-group").count()) {
      // An enum's values: tick one and apply.
      const boxes = dropdown.locator(".ant-checkbox-wrapper");
      const choice = boxes.nth(this.rng.int(await boxes.count()));
      what = (await choice.innerText()).trim();
      await choice.click();
      await dropdown.locator(".ant-btn-primary").click();
    } else if (await dropdown.locator(".ant-select").count()) {
      await dropdown.locator(".ant-select").click();
      const option = this.page.locator(".ant-select-dropdown:visible .ant-select-item-option");
      await expect(option.first()).toBeVisible();
      const options = await option.count();
      const choice = option.nth(this.rng.int(Math.min(options, 5)));
      what = (await choice.innerText()).trim();
      await choice.click();
      // A click beside the select closes its list, which covers the dropdown's buttons.
      await dropdown.click({ position: { x: 2, y: 2 } });
      await expect(this.page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
      await dropdown.locator(".ant-btn-primary").click();
    } else {
      what = this.rng.pick(["a", "e", "1"]);
      await dropdown.locator("input").first().fill(what);
      await dropdown.locator(".ant-btn-primary").click();
    }
    await expect(dropdown).toBeHidden();
    return `filter column ${index + 1}: ${what}`;
  }

  private async search(): Promise<string> {
    const box = this.content.locator("[data-list-search] input, input[data-list-search]");
    if ((await box.count()) === 0) return "no list search";
    const term = this.rng.pick(SEARCH_TERMS);
    await box.fill(term);
    await box.press("Enter");
    return `search "${term}"`;
  }

  /** Opens the phone header's account menu and picks an item by its name. */
  private async accountMenu(item: RegExp): Promise<void> {
    await this.page
      .locator("header")
      .getByRole("button", { name: /^(Account menu|Kontomenü)/ })
      .click();
    // A click while the menu still unfolds lands beside the entry it aimed at.
    await motionDone(this.page);
    const entry = this.page.locator(".ant-dropdown:visible [role=menuitem]").filter({ hasText: item });
    await entry.click();
    await expect(this.page.locator(".ant-dropdown:visible")).toHaveCount(0);
  }

  private async language(): Promise<string> {
    const next = (await this.page.evaluate(() => document.documentElement.lang)) === "de" ? "English" : "Deutsch";
    if (this.narrow) await this.accountMenu(new RegExp(`^${next}$`));
    else {
      const select = this.page.locator("header .ant-select");
      await select.click();
      await this.page.locator(".ant-select-dropdown:visible").getByTitle(next).click();
    }
    await expect(this.page.locator("html")).toHaveAttribute("lang", next === "Deutsch" ? "de" : "en");
    return `language ${next}`;
  }

  private async theme(): Promise<string> {
    if (!this.narrow) return `theme ${await switchTheme(this.page)}`;
    const dark = (await this.page.evaluate(() => document.documentElement.dataset.theme)) === "dark";
    await this.accountMenu(dark ? /^(Light|Hell)$/ : /^(Dark|Dunkel)$/);
    await expect(this.page.locator("html")).toHaveAttribute("data-theme", dark ? "light" : "dark");
    return `theme ${dark ? "light" : "dark"}`;
  }

  private async address(): Promise<string> {
    const address = this.rng.pick(ADDRESSES);
    await this.page.goto(address);
    return `address ${address}`;
  }

  private async viewport(): Promise<string> {
    this.narrow = !this.narrow;
    await this.page.setViewportSize(this.narrow ? PHONE : DESKTOP);
    return this.narrow ? "phone width (390 px)" : "desktop width";
  }
}
