import { describe, expect, it } from "vitest";
import { createI18n, loadLanguage } from "../../i18n";
import { createI18nProvider } from "../../i18n/i18nProvider";
import { EXACT_COUNT_UP_TO, isApproximate } from "../../providers/dataProvider";

describe("list totals", () => {
  it("are approximate for planned counts and for estimated ones beyond max_rows", () => {
    expect(isApproximate("estimated", EXACT_COUNT_UP_TO)).toBe(false);
    expect(isApproximate("estimated", EXACT_COUNT_UP_TO + 1)).toBe(true);
    expect(isApproximate("planned", 3)).toBe(true);
    expect(isApproximate("exact", 5_000_000)).toBe(false);
    expect(isApproximate(undefined, 5_000_000)).toBe(false);
  });

  it.each([
    ["en", "products", "about 749,956 products", "12 products"],
    ["de", "Produkte", "etwa 749.956 Produkte", "12 Produkte"],
  ] as const)("read naturally in %s, with grouped digits", async (locale, plural, about, exact) => {
    // As the console starts: English built in, the chosen language's pack fetched.
    const i18n = createI18n(undefined, locale);
    await loadLanguage(i18n, locale);
    const { translate } = createI18nProvider(i18n);
    expect(translate("list.totalAbout", { total: 749_956, plural }, "about {{total, number}} {{plural}}")).toBe(about);
    expect(translate("list.total", { total: 12, plural }, "{{total, number}} {{plural}}")).toBe(exact);
  });
});
