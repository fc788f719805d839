// The store's rules reach the operator by their code: every code the migrations raise has its
// sentence in English and German, the facts fill it (statuses translated), the field it
// belongs to gets it, and the database's English sentence plays no part.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectMessages, createI18n } from "../i18n";
import { createI18nProvider } from "../i18n/i18nProvider";
import { localizeMessage } from "../i18n/messages";
import { findResource } from "../resources";
import { OPSDESK_ERROR_CODES } from "../resources/describe.types";
import { toHttpError } from "./errors";
import { OPSDESK_RULES, opsdeskRuleKey, RULES, ruleKey } from "./ruleErrors";

const catalogue = collectMessages(
  import.meta.glob<{ default: Record<string, string> }>("../i18n/locales/*/*.ts", { eager: true }),
);
const german = createI18nProvider(createI18n(catalogue, "de"));

const MIGRATIONS = join(__dirname, "..", "..", "supabase", "migrations");
const REFUSE = /app\.refuse\(\s*'([a-z_]+)'/g;

function raisedCodes(): string[] {
  const codes = readdirSync(MIGRATIONS).flatMap((file) =>
    [...readFileSync(join(MIGRATIONS, file), "utf8").matchAll(REFUSE)].map((match) => match[1]),
  );
  return [...new Set(codes)].sort();
}

const refusal = (hint: string, facts: Record<string, unknown>, message = "whatever the database wrote") => ({
  code: "P0001",
  message,
  hint,
  details: JSON.stringify(facts),
});

describe("the store's rules by code", () => {
  it("words every code the migrations raise, and no other", () => {
    expect(raisedCodes().length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(RULES).sort()).toEqual(raisedCodes());
  });

  it("has German for every rule", () => {
    expect(Object.keys(RULES).filter((code) => !(ruleKey(code) in catalogue.de))).toEqual([]);
    for (const status of ["draft", "archived"])
      expect(`${ruleKey("product_not_active")}_${status}` in catalogue.de).toBe(true);
  });

  it("fills the sentence from the facts, in English and German", () => {
    const stock = toHttpError(
      refusal("insufficient_stock", { product: "Aquarium Filter", in_stock: 3, needed: 5 }),
      "order_items",
      "create",
      findResource,
    );
    expect(stock.message).toBe("Only 3 of Aquarium Filter in stock; the order needs 5.");
    expect(stock.errors).toEqual({ quantity: [stock.message] });
    expect(localizeMessage(stock.message, german.translate)).toBe(
      "Von „Aquarium Filter“ sind nur 3 auf Lager; die Bestellung braucht 5.",
    );

    const change = toHttpError(
      refusal("order_status_change", { order: "ORD-000001", from: "pending", to: "shipped" }),
      "orders",
      "update",
      findResource,
    );
    expect(change.message).toBe("An order that is pending cannot become shipped.");
    expect(localizeMessage(change.message, german.translate)).toBe(
      "Eine Bestellung mit Status „Offen“ kann nicht zu „Versandt“ wechseln.",
    );

    const archived = toHttpError(
      refusal("product_not_active", { product: "Lantern", status: "archived" }),
      "order_items",
      "create",
      findResource,
    );
    expect(archived.message).toBe("Lantern is archived: only active products can be ordered.");
    expect(localizeMessage(archived.message, german.translate)).toBe(
      "„Lantern“ ist archiviert: Bestellt werden können nur aktive Produkte.",
    );
  });

  it("reads the code, not the sentence", () => {
    // Another sentence with the code: worded by the code.
    const byCode = toHttpError(
      refusal("order_delete_locked", { order: "ORD-000009", status: "shipped" }, "Bestellung gesperrt"),
      "orders",
      "delete",
      findResource,
    );
    expect(byCode.message).toBe("Only pending or cancelled orders can be deleted; ORD-000009 is shipped.");
    // The sentence without its code, or a code the console does not know: shown as raised.
    const sentence = "Only pending or cancelled orders can be deleted; ORD-000009 is shipped.";
    expect(toHttpError({ code: "P0001", message: sentence }, "orders", "delete", findResource).message).toBe(sentence);
    expect(
      toHttpError(refusal("some_future_rule", {}, "A rule of tomorrow."), "orders", "delete", findResource).message,
    ).toBe("A rule of tomorrow.");
  });

  it("words the mistakes of a bulk write's or an import's request by code (20250727100000_request_codes)", () => {
    const column = toHttpError(
      refusal("bulk_column_not_settable", { table: "products", column: "sku" }),
      "products",
      "update",
      findResource,
    );
    expect(column.message).toBe("products has no column sku to set.");
    expect(localizeMessage(column.message, german.translate)).toBe(
      "products hat keine Spalte sku, die gesetzt werden kann.",
    );
    const unknown = toHttpError(
      refusal("request_unknown_column", { table: "products", column: "colour" }),
      "products",
      "create",
      findResource,
    );
    expect(localizeMessage(unknown.message, german.translate)).toBe("products hat keine Spalte colour.");
    const shape = toHttpError(refusal("bulk_not_rows", {}), "products", "delete", findResource);
    expect(localizeMessage(shape.message, german.translate)).toBe("Die Zeilen müssen eine Liste von Objekten sein.");
  });

  it("words Opsdesk's install refusals by their OPSDESK_* hint, whatever their SQLSTATE, in English and German", () => {
    const unknown = toHttpError(
      { code: "42703", message: "public.things has no column colour.", hint: "OPSDESK_UNKNOWN_COLUMN" },
      "things",
      "update",
      findResource,
    );
    expect(unknown).toEqual({ statusCode: 400, message: "This table has no such column (any more)." });
    expect(localizeMessage(unknown.message, german.translate)).toBe("Diese Tabelle hat keine solche Spalte (mehr).");
    expect(Object.keys(OPSDESK_RULES).filter((code) => !(opsdeskRuleKey(code) in catalogue.de))).toEqual([]);
    for (const code of Object.keys(OPSDESK_RULES))
      expect(OPSDESK_ERROR_CODES as readonly string[], code).toContain(code);
  });

  it("survives details that are not JSON", () => {
    const error = { code: "P0001", message: "x", hint: "order_empty", details: "not json" };
    expect(toHttpError(error, "orders", "update", findResource).message).toBe(
      "An order without items cannot become paid.",
    );
  });
});
