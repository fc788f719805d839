// @vitest-environment jsdom
// An audit entry's changes name referenced records by label, linked, and a long entry
// collapses behind "Show more".
import { Refine } from "@refinedev/core";
import { cleanup, fireEvent, render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../../i18n";
import { createI18nProvider } from "../../i18n/i18nProvider";
import { findResource } from "../../resources";
import { ChangeList, COLLAPSED_LINES } from "./ChangeList";
import { type AuditEntry, entryChanges } from "./diff";
import { LabelsContext } from "./ReferenceLabels";
import { testEntry } from "./testEntry";

const products = findResource("products");
const update = (old: Record<string, unknown>, next: Record<string, unknown>) =>
  testEntry({ old, new: next, changed: Object.keys(next) });

const LABELS: Record<string, string> = { "categories:6": "Garden", "categories:7": "Kitchen" };

function renderChanges(entry: AuditEntry) {
  return render(
    <Refine
      i18nProvider={createI18nProvider(createI18n({ en: {}, de: {} }, "en"))}
      options={{ disableTelemetry: true }}
    >
      <MemoryRouter>
        <LabelsContext.Provider value={(table, key) => LABELS[`${table}:${key}`]}>
          <ChangeList action={entry.action} changes={entryChanges(entry, products)} />
        </LabelsContext.Provider>
      </MemoryRouter>
    </Refine>,
  );
}

// antd renders slowly in jsdom on a busy shared machine (as in the other component tests).
describe("ChangeList", { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it("shows a category by its name, linked to it, not by its key", () => {
    renderChanges(update({ category_id: 6 }, { category_id: 7 }));
    const line = document.querySelector('[data-field="category_id"]');
    expect(line?.textContent).toBe("Category Garden → Kitchen");
    const links = [...(line?.querySelectorAll("a") ?? [])].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Garden", "/categories/6"],
      ["Kitchen", "/categories/7"],
    ]);
  });

  it("keeps the key of a record whose label is unknown", () => {
    const { container } = renderChanges(update({ category_id: 6 }, { category_id: 99 }));
    const after = container.querySelector(".opsdesk-change-after a");
    expect([after?.textContent, after?.getAttribute("href")]).toEqual(["99", "/categories/99"]);
  });

  it("collapses a long entry to its first lines and shortened values until Show more", () => {
    const long = "x".repeat(300);
    const { container } = renderChanges(
      update(
        { sku: "A-1", name: "a", description: "d", price: 1, stock: 1, status: "draft" },
        { sku: "A-2", name: long, description: "e", price: 2, stock: 2, status: "active" },
      ),
    );
    const lines = () => container.querySelectorAll("li[data-field]");
    const name = () => container.querySelector('[data-field="name"]')?.textContent ?? "";
    expect(lines()).toHaveLength(COLLAPSED_LINES);
    expect(name()).not.toContain(long);
    expect(name()).toContain("…");
    // The toggle by its text (a role query costs seconds in jsdom on a busy machine).
    const toggle = () => container.querySelector("button") as HTMLButtonElement;
    expect(toggle().textContent).toMatch(/^Show .* more$/);
    fireEvent.click(toggle());
    expect(lines()).toHaveLength(6);
    expect(name()).toContain(long);
    expect(toggle().textContent).toBe("Show less");
    fireEvent.click(toggle());
    expect(lines()).toHaveLength(COLLAPSED_LINES);
  });
});

describe("a change of a table without screens (Opsdesk's own)", { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it("names Opsdesk's columns in the operator's language and any other column as the database does", async () => {
    const { default: history } = await import("../../i18n/locales/de/history");
    const entry = testEntry({
      old: { active: true, level: 1 },
      new: { active: false, level: 2 },
      changed: ["active", "level"],
    });
    const { container } = render(
      <Refine
        i18nProvider={createI18nProvider(createI18n({ en: {}, de: history }, "de"))}
        options={{ disableTelemetry: true }}
      >
        <MemoryRouter>
          <ChangeList action={entry.action} changes={entryChanges(entry, undefined)} />
        </MemoryRouter>
      </Refine>,
    );
    const names = [...container.querySelectorAll("li strong")].map((node) => node.textContent);
    expect(names).toEqual(["Aktiv", "level"]);
  });
});
