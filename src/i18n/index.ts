// The console's translations. Code carries the English text as the default of every key
// (`t("area.key", "English")`); locales/<lang>/<area>.ts hold flat key → text maps, one
// file per area of the console so features own their strings. English files are only
// needed where a key has no default in code (e.g. Refine's own notification titles).
// English is built in; every other language is a pack of its own (packs/<lang>.ts), fetched
// when it is chosen, so the sign-in screen of an English browser loads no German.
import type { Locale as AntdLocale } from "antd/es/locale";
import i18next, { type i18n as I18n } from "i18next";
import { collectMessages, isLocale, type LanguagePack, type Locale, type Messages } from "./catalogue";

export { collectMessages, isLocale, type LanguagePack, LOCALES, type Locale } from "./catalogue";

const PACKS: Record<Exclude<Locale, "en">, () => Promise<{ default: LanguagePack }>> = {
  de: () => import("./packs/de"),
};

const english = import.meta.glob<{ default: Messages }>("./locales/en/*.ts", { eager: true });
const antdLocales: Partial<Record<Locale, AntdLocale>> = {};

/** antd's texts for `locale` once its pack is in; undefined means antd's own English. */
export const antdLocaleOf = (locale: Locale): AntdLocale | undefined => antdLocales[locale];

/** Fetches `locale`'s pack into `i18n` unless it is there (English always is). */
export async function loadLanguage(i18n: I18n, locale: Locale): Promise<void> {
  if (locale === "en" || i18n.hasResourceBundle(locale, "translation")) return;
  const { default: pack } = await PACKS[locale]();
  i18n.addResourceBundle(locale, "translation", collectMessages(pack.files)[locale]);
  antdLocales[locale] = pack.antd;
}

const STORAGE_KEY = "opsdesk.locale";

/** The locale this browser used last, else the browser's language when we have it, else English. */
export function initialLocale(): Locale {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (isLocale(stored)) return stored;
  const browser = globalThis.navigator?.language?.slice(0, 2);
  return isLocale(browser) ? browser : "en";
}

export function rememberLocale(locale: Locale) {
  globalThis.localStorage?.setItem(STORAGE_KEY, locale);
}

/** An i18next instance holding `messages` (English only by default: see loadLanguage). */
export function createI18n(
  messages: Partial<Record<Locale, Messages>> = { en: collectMessages(english).en },
  lng: Locale = initialLocale(),
): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: "en",
    resources: Object.fromEntries(Object.entries(messages).map(([l, translation]) => [l, { translation }])),
    // Keys are flat strings such as "notifications.createError".
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
