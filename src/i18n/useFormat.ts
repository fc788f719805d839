// The formats (src/lib/format.ts) of the operator's language and the store's currency,
// renewed when the language changes (Refine's locale follows the i18n provider).
import { useGetLocale } from "@refinedev/core";
import { type Formats, formatsFor } from "../lib/format";
import { STORE_CURRENCY } from "../lib/storeCurrency";

export function useFormat(): Formats {
  const locale = useGetLocale()() ?? "en";
  return formatsFor(locale, STORE_CURRENCY);
}
