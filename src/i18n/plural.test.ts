// Counted sentences take the singular for one, in English (from the code) and German (the
// catalogue's `_one` / `_other`): "1 product", not "1 products"; "1 Produkt", not "1 Produkte".
import { describe, expect, it } from "vitest";
import { collectMessages, createI18n } from ".";
import { createI18nProvider } from "./i18nProvider";
import { tCount } from "./plural";

const catalogue = collectMessages(
  import.meta.glob<{ default: Record<string, string> }>("./locales/*/*.ts", { eager: true }),
);
const inLanguage = (lng: "en" | "de") => createI18nProvider(createI18n(catalogue, lng)).translate;

const total = (lng: "en" | "de", count: number) => {
  const nouns =
    lng === "en" ? { singular: "product", plural: "products" } : { singular: "Produkt", plural: "Produkte" };
  return tCount(
    inLanguage(lng),
    "list.total",
    count,
    { one: "{{count, number}} {{singular}}", other: "{{count, number}} {{plural}}" },
    nouns,
  );
};

describe("tCount", () => {
  it("says one thing in the singular and more in the plural", () => {
    expect([total("en", 1), total("en", 2), total("en", 0), total("en", 1234)]).toEqual([
      "1 product",
      "2 products",
      "0 products",
      "1,234 products",
    ]);
    expect([total("de", 1), total("de", 2), total("de", 1234)]).toEqual(["1 Produkt", "2 Produkte", "1.234 Produkte"]);
  });

  it("agrees the verb in German too", () => {
    const t = inLanguage("de");
    const english = {
      one: "{{count}} of {{name}} could not be deleted",
      other: "{{count}} of {{name}} could not be deleted",
    };
    expect(tCount(t, "undo.refusedSome", 1, english, { name: "3 Kategorien" })).toBe(
      "1 von 3 Kategorien konnte nicht gelöscht werden",
    );
    expect(tCount(t, "undo.refusedSome", 2, english, { name: "3 Kategorien" })).toBe(
      "2 von 3 Kategorien konnten nicht gelöscht werden",
    );
  });
});
