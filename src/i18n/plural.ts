// Sentences about a number of things, singular or plural as the language counts ("1 product",
// "2 products"; "1 Produkt", "2 Produkte"), through i18next's plurals: the catalogue holds
// `<key>_one` and `<key>_other` (German, locales/de), and code carries the English of both
// (i18next's `defaultValue_one` / `defaultValue_other`). src/i18n/completeness.test.ts checks
// that German has both forms of every key counted this way.
import type { Translate } from "./messages";

export function tCount(
  t: Translate,
  key: string,
  count: number,
  english: { one: string; other: string },
  values: Record<string, unknown> = {},
): string {
  return t(
    key,
    { ...values, count, defaultValue_one: english.one, defaultValue_other: english.other },
    count === 1 ? english.one : english.other,
  );
}
