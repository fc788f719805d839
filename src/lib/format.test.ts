// Numbers, money and times per console language through Intl (src/lib/format.ts).
import { describe, expect, it } from "vitest";
import { formatsFor } from "./format";
import { storeCurrency } from "./storeCurrency";

// Intl puts a no-break space between a German amount and its sign.
const NBSP = "\u00a0";
const en = formatsFor("en", "USD", "UTC");
const de = formatsFor("de", "EUR", "UTC");

describe("numbers", () => {
  it("groups digits and writes decimals as the language does", () => {
    expect(en.number(1234.56)).toBe("1,234.56");
    expect(de.number(1234.56)).toBe("1.234,56");
    expect(de.number("12000")).toBe("12.000");
    expect(de.number(3, 2)).toBe("3,00");
    expect(de.number(null)).toBe("");
  });
});

describe("money", () => {
  it("is the store's currency written for the language", () => {
    expect(en.money(95719.75)).toBe("$95,719.75");
    expect(formatsFor("de", "USD").money(95719.75)).toBe(`95.719,75${NBSP}$`);
    expect(de.money("1234.5")).toBe(`1.234,50${NBSP}€`);
    expect(formatsFor("en", "EUR").money(10)).toBe("€10.00");
    expect(de.money("")).toBe("");
  });

  it("gives the money input the language's marks, and reads typed amounts back", () => {
    expect(de.numberInput(2).formatter(1234.5)).toBe("1.234,50");
    expect(de.numberInput(2).parser("1.234,50")).toBe("1234.50");
    expect(de.numberInput(2).parser("12,5")).toBe("12.5");
    expect(en.numberInput(2).formatter(1234.5)).toBe("1,234.50");
    expect(en.numberInput(2).parser("1,234.50")).toBe("1234.50");
    // Whole numbers (stock) group too, and German's "1.000" is a thousand, not one.
    expect(de.numberInput(0).formatter(1000)).toBe("1.000");
    expect(de.numberInput(0).parser("1.000")).toBe("1000");
    expect(de.currencySymbol).toBe("€");
    expect(en.currencySymbol).toBe("$");
  });

  it("takes the currency from config, USD when unset, and refuses a malformed code", () => {
    expect(storeCurrency(undefined)).toBe("USD");
    expect(storeCurrency("eur")).toBe("EUR");
    expect(() => storeCurrency("euro")).toThrow(/ISO 4217/);
  });
});

describe("dates and times", () => {
  it("writes days and times as the language does", () => {
    expect(de.date("2025-06-11")).toBe("11.06.2025");
    expect(en.date("2025-06-11")).toBe("Jun 11, 2025");
    expect(de.dateTime("2025-06-11T14:05:00Z")).toBe("11.06.2025, 14:05");
    expect(en.dateTime("2025-06-11T14:05:00Z")).toBe("Jun 11, 2025, 2:05 PM");
    expect(de.date(null)).toBe("");
  });

  it("says how long ago in words", () => {
    const now = Date.parse("2025-06-11T14:05:00Z");
    expect(de.relative("2025-06-11T14:00:00Z", now)).toBe("vor 5 Minuten");
    expect(en.relative("2025-06-11T14:00:00Z", now)).toBe("5 minutes ago");
    expect(de.relative("2025-06-10T14:05:00Z", now)).toBe("gestern");
    expect(de.relative("2025-06-11T14:04:58Z", now)).toBe("vor 2 Sekunden");
    expect(en.relative("2025-06-11T16:05:00Z", now)).toBe("in 2 hours");
    expect(de.relative("2025-03-01T00:00:00Z", now)).toBe("vor 3 Monaten");
  });
});
