// Refine's translation hook backed by i18next (src/i18n). Refine calls translate(key, options,
// defaultMessage) and also translate(key, defaultMessage); both fall back to the default text,
// interpolated with the options, when the current locale has no entry for the key.
import type { I18nProvider } from "@refinedev/core";
import type { i18n as I18n } from "i18next";
import { createI18n, isLocale, type Locale, loadLanguage, rememberLocale } from ".";

export function createI18nProvider(i18n: I18n = createI18n()): I18nProvider {
  return {
    translate: (key, options, defaultMessage) => {
      const [values, fallback] =
        typeof options === "string" ? [{}, options] : [(options ?? {}) as Record<string, unknown>, defaultMessage];
      // English titles read "Could not save the product": the resource name goes lower-case mid-sentence.
      const resource = values.resource;
      const inSentence =
        typeof resource === "string" && i18n.language === "en" ? { resource: resource.toLowerCase() } : {};
      return i18n.t(key, { ...values, ...inSentence, defaultValue: fallback ?? key });
    },
    changeLocale: async (locale) => {
      if (!isLocale(locale)) throw new Error(`Unsupported language: ${locale}`);
      await loadLanguage(i18n, locale);
      if (i18n === consoleI18n) applyAdminTexts(locale);
      await i18n.changeLanguage(locale);
      rememberLocale(locale);
    },
    getLocale: () => i18n.language,
  };
}

const consoleI18n = createI18n();
export const i18nProvider = createI18nProvider(consoleI18n);

/** Texts an admin gave per language (generated resources' labels and help, src/schema). */
const adminTexts: Partial<Record<Locale, Record<string, string>>> = {};

/**
 * Adds the admin's texts of generated resources (table settings) to each language. A language
 * whose pack is not loaded yet gets them once it is (loadLanguage skips a language that
 * already has a bundle, so they must not make one before the pack).
 */
export function addResourceTexts(texts: Partial<Record<string, Record<string, string>>>): void {
  for (const [language, keyed] of Object.entries(texts)) {
    if (!isLocale(language) || !keyed) continue;
    adminTexts[language] = { ...adminTexts[language], ...keyed };
    if (language === "en" || consoleI18n.hasResourceBundle(language, "translation")) {
      consoleI18n.addResources(language, "translation", keyed);
    }
  }
}

/** After a pack loaded: the admin's texts of that language over it. */
export function applyAdminTexts(language: Locale): void {
  const keyed = adminTexts[language];
  if (keyed && consoleI18n.hasResourceBundle(language, "translation")) {
    consoleI18n.addResources(language, "translation", keyed);
  }
}

/**
 * The chosen language's pack, fetched before the first paint (main.tsx) so a German browser
 * never flashes English; if it cannot be fetched, the console starts in English.
 */
export const languageReady = (): Promise<unknown> =>
  loadLanguage(consoleI18n, consoleI18n.language as Locale)
    .then(() => applyAdminTexts(consoleI18n.language as Locale))
    .catch(() => consoleI18n.changeLanguage("en"));
