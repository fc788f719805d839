// Numbers, money and times as the operator's language writes them, through Intl: one place
// for lists, show pages, diffs, chips, dashboard and the money input ("1.234,56 $" in German,
// "$1,234.56" in English, in the store's currency). CSV export does not come through here:
// files keep machine-readable values (src/features/csv/cells.ts).

/** The BCP 47 tag Intl formats a console language with. */
const INTL_LOCALES: Record<string, string> = { en: "en-US", de: "de-DE" };
export const intlLocale = (language: string) => INTL_LOCALES[language] ?? language;

export interface Formats {
  /** Grouped digits, up to `fractionDigits` decimals (default: as many as the value has, up to 3). */
  number: (value: unknown, fractionDigits?: number) => string;
  money: (value: unknown) => string;
  date: (value: unknown) => string;
  dateTime: (value: unknown) => string;
  /** "vor 5 Minuten", "in 2 days": the nearest whole unit from `now`. */
  relative: (value: unknown, now?: number) => string;
  /** antd InputNumber's formatter and parser for numbers of this language, shown with `fractionDigits` decimals. */
  numberInput: (fractionDigits: number) => {
    formatter: (value: string | number | undefined) => string;
    parser: (text: string | undefined) => string;
  };
  /** The currency's sign as this language writes it ("$", "€", "US$"). */
  currencySymbol: string;
}

const blank = (value: unknown) => value === null || value === undefined || value === "";
const numeric = (value: unknown) => (typeof value === "number" ? value : Number(value));
/** A date-only value ("2025-06-11") is a calendar day, not midnight UTC. */
const instant = (value: unknown) => {
  const text = String(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00`) : new Date(text);
};

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/** The separators this locale writes numbers with ("." and "," in German). */
function separators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    group: parts.find((part) => part.type === "group")?.value ?? ",",
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
  };
}

const cache = new Map<string, Formats>();

/**
 * The formats of a console language and currency (ISO 4217). `timeZone` is the browser's
 * unless given (tests give one, so their figures do not depend on the machine).
 */
export function formatsFor(language: string, currency: string, timeZone?: string): Formats {
  const cacheKey = `${language}|${currency}|${timeZone ?? ""}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const locale = intlLocale(language);
  const money = new Intl.NumberFormat(locale, { style: "currency", currency });
  const numbers = new Map<number | undefined, Intl.NumberFormat>();
  const numberFormat = (digits?: number) => {
    let format = numbers.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(
        locale,
        digits === undefined
          ? { maximumFractionDigits: 3 }
          : { minimumFractionDigits: digits, maximumFractionDigits: digits },
      );
      numbers.set(digits, format);
    }
    return format;
  };
  const inputFormats = new Map<number, Intl.NumberFormat>();
  const inputFormat = (digits: number) => {
    let format = inputFormats.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: 20 });
      inputFormats.set(digits, format);
    }
    return format;
  };
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  const { group, decimal } = separators(locale);

  const formats: Formats = {
    number: (value, digits) => (blank(value) ? "" : numberFormat(digits).format(numeric(value))),
    money: (value) => (blank(value) ? "" : money.format(numeric(value))),
    date: (value) => (blank(value) ? "" : date.format(instant(value))),
    dateTime: (value) => (blank(value) ? "" : dateTime.format(instant(value))),
    relative: (value, now = Date.now()) => {
      if (blank(value)) return "";
      const seconds = Math.round((instant(value).getTime() - now) / 1000);
      const [unit, size] = RELATIVE_UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? ["second", 1];
      return relative.format(Math.round(seconds / size), unit);
    },
    numberInput: (fractionDigits) => ({
      // Every digit the value has: an input shows what will be stored, never a rounded value.
      formatter: (value) =>
        blank(value) || Number.isNaN(Number(value)) ? "" : inputFormat(fractionDigits).format(Number(value)),
      // Typed text back to the plain number the form stores: group marks out, the decimal mark a dot.
      parser: (text) =>
        (text ?? "")
          .split(group)
          .join("")
          .replace(decimal, ".")
          .replace(/[^\d.-]/g, ""),
    }),
    currencySymbol: money.formatToParts(0).find((part) => part.type === "currency")?.value ?? currency,
  };
  cache.set(cacheKey, formats);
  return formats;
}

/** `orders_today` → "Orders today". */
export const humanize = (key: string) => {
  const words = key.replaceAll("_", " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
