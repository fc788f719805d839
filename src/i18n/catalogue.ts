// The locales and how their catalogues are put together, apart from i18next and from the
// language packs (packs/<lang>.ts): index.ts loads the packs, which import only the type of a
// pack from here, so no module imports back the module that loads it.
import type { Locale as AntdLocale } from "antd/es/locale";

export const LOCALES = ["en", "de"] as const;
export type Locale = (typeof LOCALES)[number];

export type Messages = Record<string, string>;

/**
 * What a language needs beyond English: its catalogue's area files (index.ts merges them with
 * collectMessages) and antd's texts in it. A pack imports only this type from here, so the
 * sign-in route's chunk holds this module and no chunk of its own is split off for the pack.
 */
export interface LanguagePack {
  files: Record<string, { default: Messages }>;
  antd: AntdLocale;
}

/** Merges every area file of each locale into one flat map per locale. */
export function collectMessages(files: Record<string, { default: Messages }>): Record<Locale, Messages> {
  const messages: Record<Locale, Messages> = { en: {}, de: {} };
  for (const [path, module] of Object.entries(files)) {
    const locale = path.split("/").at(-2) as Locale;
    if (!LOCALES.includes(locale)) throw new Error(`${path}: unknown locale ${locale}`);
    for (const [key, text] of Object.entries(module.default)) {
      if (key in messages[locale]) throw new Error(`${path}: ${key} is already defined for ${locale}`);
      messages[locale][key] = text;
    }
  }
  return messages;
}

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);
