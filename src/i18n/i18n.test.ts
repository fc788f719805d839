import { describe, expect, it } from "vitest";
import { antdLocaleOf, collectMessages, createI18n } from ".";
import { createI18nProvider } from "./i18nProvider";

const files = {
  "./locales/en/a.ts": { default: { "a.title": "Could not save the {{resource}}" } },
  "./locales/de/a.ts": { default: { "a.title": "{{resource}} konnte nicht gespeichert werden", "a.hello": "Hallo" } },
};

describe("i18n", () => {
  it("merges area files per locale and refuses a key defined twice", () => {
    expect(collectMessages(files).de["a.hello"]).toBe("Hallo");
    expect(() => collectMessages({ ...files, "./locales/de/b.ts": { default: { "a.hello": "Servus" } } })).toThrow(
      /a.hello is already defined for de/,
    );
    expect(() => collectMessages({ "./locales/fr/a.ts": { default: {} } })).toThrow(/unknown locale fr/);
  });

  it("holds English only until a language is chosen, then fetches that language's pack", async () => {
    const i18n = createI18n();
    expect(i18n.hasResourceBundle("en", "translation")).toBe(true);
    expect(i18n.hasResourceBundle("de", "translation")).toBe(false);
    const provider = createI18nProvider(i18n);
    await provider.changeLocale("de");
    expect(provider.translate("auth.login.submit", "Sign in")).toBe("Anmelden");
    expect(antdLocaleOf("de")?.locale).toBe("de");
  });

  it("translates, falls back to the interpolated default, and switches language", async () => {
    const provider = createI18nProvider(createI18n(collectMessages(files), "en"));
    expect(provider.translate("a.title", { resource: "Product" })).toBe("Could not save the product");
    expect(provider.translate("a.hello", "Hello")).toBe("Hello");
    expect(provider.translate("a.count", { count: 3 }, "{{count}} rows")).toBe("3 rows");
    expect(provider.translate("a.none")).toBe("a.none");
    await provider.changeLocale("de");
    expect(provider.getLocale()).toBe("de");
    expect(provider.translate("a.hello", "Hello")).toBe("Hallo");
    expect(provider.translate("a.title", { resource: "Produkt" })).toBe("Produkt konnte nicht gespeichert werden");
    expect(provider.translate("a.count", { count: 3 }, "{{count}} rows")).toBe("3 rows");
    await expect(provider.changeLocale("fr")).rejects.toThrow(/Unsupported language/);
  });
});
