// The store's currency (ISO 4217), set at build time by VITE_STORE_CURRENCY; US dollars when
// unset, the currency the seed data's prices are in. Every amount the console shows is
// formatted in it for the operator's language (src/lib/format.ts).

/** The code, checked: a malformed one stops the console at start instead of showing "NaN". */
export function storeCurrency(configured: string | undefined): string {
  const code = (configured || "USD").trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code))
    throw new Error(`VITE_STORE_CURRENCY must be an ISO 4217 code such as EUR, not "${configured}"`);
  return code;
}

export const STORE_CURRENCY = storeCurrency(import.meta.env.VITE_STORE_CURRENCY);
