// What the walk asserts after every step: the screen the URL names is there (its heading, a
// list's rows, empty state or 403), nothing failed (no error panel, page error or console
// error other than an expected 4xx response), the tab title is sane, and at phone width
// nothing sticks out sideways.
import type { Page } from "@playwright/test";
import type { May } from "../backend";
import { horizontalOverflow } from "../layoutChecks";
import { expectedScreen, type Language } from "./screens";

export interface ScreenState {
  pathname: string;
  search: string;
  language: Language;
  title: string;
  heading: string | null;
  rows: number;
  empty: boolean;
  forbidden: boolean;
  notFound: boolean;
  /** The error panel of a failed screen (src/components/errors/ScreenError.tsx). */
  failed: string | null;
  /** An error alert inside the screen (e.g. a record that does not exist). */
  alert: string | null;
  form: boolean;
}

export function readScreen(page: Page): Promise<ScreenState> {
  return page.evaluate(() => {
    const content = document.querySelector(".ant-layout-content");
    const text = (selector: string) => content?.querySelector(selector)?.textContent?.trim() ?? null;
    const panel = content?.querySelector("[data-screen-error]");
    return {
      pathname: location.pathname,
      search: location.search,
      // Right after a browser Back or Forward commits another document, it has no root yet.
      language: document.documentElement?.lang === "de" ? "de" : "en",
      title: document.title,
      heading: text(".ant-page-header-heading-title") ?? text("h3.ant-typography"),
      rows: content?.querySelectorAll(".ant-table-tbody tr.ant-table-row").length ?? 0,
      // antd's Empty, or a list's own words for it (the audit log: "No audit entries match.").
      empty: Boolean(content?.querySelector(".ant-table-placeholder")?.textContent?.trim()),
      forbidden: Boolean(content?.querySelector(".ant-result-403")),
      notFound: Boolean(content?.querySelector(".ant-result-404")),
      failed: panel?.textContent ?? null,
      alert: text(".ant-alert-error"),
      form: Boolean(content?.querySelector("form")),
    } satisfies ScreenState;
  });
}

/** Lists that keep their page and sort in the URL once loaded (Refine's syncWithLocation). */
const SYNCED_LISTS = new Set(["/products", "/categories", "/customers", "/orders"]);

/** Why the screen is not (yet) what its address names; null when it is. */
export function screenProblem(state: ScreenState, may: May): string | null {
  const expected = expectedScreen(state.pathname, state.language, may);
  const where = `${state.pathname} (${state.language})`;
  if (expected.kind === "forbidden") return state.forbidden ? null : `${where}: expected the 403 page`;
  if (expected.kind === "notFound") return state.notFound ? null : `${where}: expected the 404 page`;
  const heading = expected.heading as RegExp;
  // A record's page whose record is not there is its 404 page (features/show/RecordMissing.tsx).
  if ((expected.kind === "show" || expected.kind === "form") && state.notFound) return null;
  if (!state.heading || !heading.test(state.heading))
    return `${where}: heading ${JSON.stringify(state.heading)} does not match ${heading}`;
  if (expected.kind === "list") {
    if (state.rows === 0 && !state.empty) return `${where}: the list shows neither rows nor an empty state`;
    if (SYNCED_LISTS.has(state.pathname) && !state.search.includes("pageSize="))
      return `${where}: the list has not settled into the URL yet`;
  }
  if (expected.kind === "form" && !state.form) return `${where}: no form`;
  return null;
}

/** A tab title names the screen and the console, never a placeholder. */
export function titleProblem(title: string): string | null {
  if (!/(^| · )Opsdesk$/.test(title)) return `tab title ${JSON.stringify(title)} does not end in "Opsdesk"`;
  if (/undefined|null|Refine|#/.test(title)) return `tab title ${JSON.stringify(title)} shows a placeholder`;
  return null;
}

/** Collects what the page reports: uncaught errors and console errors other than 4xx responses. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error" && message.type() !== "warning") return;
    const text = message.text();
    // The browser's own line for a refused request; the console shows the refusal itself.
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    errors.push(`console ${message.type()}: ${text.slice(0, 500)}`);
  });
  return errors;
}

const SETTLE_MS = 30_000;
const POLL_MS = 200;

/**
 * Waits until the screen is what its address names, failing at once on an error panel or a
 * reported error, and at the end on anything still wrong.
 */
export async function settle(page: Page, may: May, errors: string[], narrow: boolean): Promise<ScreenState> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const state = await readScreen(page);
    if (errors.length > 0) throw new Error(errors.join("\n"));
    if (state.failed) throw new Error(`error panel on ${state.pathname}: ${state.failed}`);
    const problem = screenProblem(state, may);
    if (!problem) {
      const title = titleProblem(state.title);
      if (title && Date.now() > deadline) throw new Error(title);
      if (!title) {
        // Right after a resize the console re-renders for the new width (antd's breakpoints
        // answer through React state), so the layout is judged once it has had until the deadline.
        const overflow = narrow ? await horizontalOverflow(page) : [];
        if (overflow.length === 0) return state;
        if (Date.now() > deadline) throw new Error(`at 390 px on ${state.pathname}: ${overflow.join("; ")}`);
      }
    } else if (Date.now() > deadline) throw new Error(problem);
    await page.waitForTimeout(POLL_MS);
  }
}
