import { describe, expect, it } from "vitest";
import { collectMessages, createI18n } from "../i18n";
import { createI18nProvider } from "../i18n/i18nProvider";
import { localizeMessage, MESSAGES, stillUsedMessage, templated, uniqueMessage } from "../i18n/messages";
import { findResource } from "../resources";
import { toHttpError } from "./errors";

const german = createI18nProvider(
  createI18n(
    collectMessages(import.meta.glob<{ default: Record<string, string> }>("../i18n/locales/*/*.ts", { eager: true })),
    "de",
  ),
);
const english = createI18nProvider(createI18n({ en: {}, de: {} }, "en"));

describe("docs/product.md §8 messages in the operator's language", () => {
  it("translates every fixed message and keeps English as it is", () => {
    for (const text of Object.values(MESSAGES)) {
      expect(localizeMessage(text, english.translate)).toBe(text);
      expect(localizeMessage(text, german.translate)).not.toBe(text);
    }
    expect(localizeMessage(MESSAGES.stale, german.translate)).toMatch(/Jemand anderes/);
  });

  it("puts 'an' before a vowel's sound in the English unique message", () => {
    const article = (noun: string) => uniqueMessage(noun, "name").split(" ")[0];
    expect(["order", "invoice", "update", "item", "event"].map(article)).toEqual(["An", "An", "An", "An", "An"]);
    expect(["user", "unit", "euro", "product", "team"].map(article)).toEqual(["A", "A", "A", "A", "A"]);
  });

  it("says a taken key of several fields with each label, joined in the operator's language", () => {
    const text = templated("A member with this group and customer already exists.", "messages.unique", {
      resource: "member",
      field: [
        { key: "x.fields.group", text: "group" },
        { key: "x.fields.customer", text: "customer" },
      ],
    });
    expect(localizeMessage(text, english.translate)).toBe("A member with this group and customer already exists.");
    expect(localizeMessage(text, german.translate)).toBe(
      "Es gibt bereits einen Eintrag (member) mit diesem Wert für „group und customer“.",
    );
  });

  it("translates the templated messages with their values and leaves other text alone", () => {
    // Text that did not come from the providers (no resource to say it about) still reads whole.
    // (Nouns no provider says, since the providers remember each sentence they build.)
    expect(localizeMessage(uniqueMessage("widget", "code"), german.translate)).toBe(
      "Es gibt bereits einen Eintrag (widget) mit diesem Wert für „code“.",
    );
    expect(localizeMessage(stillUsedMessage("gadget", "widgets"), german.translate)).toMatch(/widgets/);
    expect(localizeMessage("Some database text", german.translate)).toBe("Some database text");
  });

  it("never parses a sentence it did not build: a project's own words that look like the console's stay as raised", () => {
    const theirs = "A booking with this slot already exists.";
    expect(localizeMessage(theirs, german.translate)).toBe(theirs);
    expect(localizeMessage("This room is still used by bookings.", german.translate)).toBe(
      "This room is still used by bookings.",
    );
  });
});

describe("database errors in the operator's language", () => {
  const say = (error: Parameters<typeof toHttpError>[0], resource: string, translate = german.translate) =>
    localizeMessage(toHttpError(error, resource, "create", findResource).message, translate);

  it("translates the message and the labels inside it", () => {
    const duplicate = {
      code: "23505",
      message: 'duplicate key value violates unique constraint "products_sku_key"',
      details: "Key (sku)=(A-1) already exists.",
    };
    expect(say(duplicate, "products")).toBe("Ein Produkt mit diesem Wert für „SKU“ existiert bereits.");
    expect(say(duplicate, "products", english.translate)).toBe("A product with this SKU already exists.");
    const missing = { code: "23502", message: 'null value in column "country" of relation "customers"' };
    expect(say(missing, "customers")).toBe("Land ist erforderlich.");
    const notFound = { code: "PGRST116", message: "not found" };
    expect(say(notFound, "categories")).toBe("Diese Kategorie existiert nicht oder ist für Sie nicht sichtbar.");
  });

  it("says each resource with its own article and case (i18next context), never „(e)“ or „(s)“", () => {
    const notFound = { code: "PGRST116", message: "not found" };
    expect(say(notFound, "products")).toBe("Dieses Produkt existiert nicht oder ist für Sie nicht sichtbar.");
    expect(say(notFound, "customers")).toBe("Dieser Kunde existiert nicht oder ist für Sie nicht sichtbar.");
    const gone = {
      code: "23503",
      message: 'insert or update on table "products" violates foreign key constraint "products_category_id_fkey"',
    };
    expect(say(gone, "products")).toBe("Die gewählte Kategorie existiert nicht mehr.");
    const used = {
      code: "23503",
      message:
        'update or delete on table "categories" violates foreign key constraint "products_category_id_fkey" on table "products"',
      details: 'Key (id)=(3) is still referenced from table "products".',
    };
    const deleted = localizeMessage(toHttpError(used, "categories", "delete", findResource).message, german.translate);
    expect(deleted).toBe("Diese Kategorie wird noch verwendet: Produkte.");
    for (const resource of ["products", "categories", "customers", "orders", "staff", "audit_log"]) {
      expect(say(notFound, resource)).not.toMatch(/\((e|s)\)|\/das/);
    }
  });

  it("words our triggers' refusals (P0001) by the code in HINT, with the statuses and numbers they name", () => {
    const change = {
      code: "P0001",
      message: "An order that is delivered cannot become pending.",
      hint: "order_status_change",
      details: '{"from": "delivered", "to": "pending"}',
    };
    expect(say(change, "orders")).toBe("Eine Bestellung mit Status „Zugestellt“ kann nicht zu „Offen“ wechseln.");
    expect(say(change, "orders", english.translate)).toBe("An order that is delivered cannot become pending.");
    // The code decides, not the sentence: a database speaking another language words it the same.
    const lastAdmin = { code: "P0001", message: "Il faut au moins un admin actif.", hint: "staff_last_admin" };
    expect(say(lastAdmin, "staff")).toBe("Mindestens ein aktiver Admin muss bleiben.");
    expect(say(lastAdmin, "staff", english.translate)).toBe("At least one active admin must remain.");
    const bulk = {
      code: "P0001",
      message: "At most 5000 rows at once.",
      hint: "bulk_too_many_rows",
      details: '{"max": 5000}',
    };
    expect(say(bulk, "orders")).toBe("Höchstens 5000 Zeilen auf einmal.");
    expect(say(bulk, "orders", english.translate)).toBe("At most 5000 rows at once.");
    // A sentence without a code of ours shows as the database wrote it.
    expect(say({ code: "P0001", message: "Something new." }, "orders")).toBe("Something new.");
  });

  it("answers permission errors (42501) in the operator's language", () => {
    expect(say({ code: "42501", message: "permission denied for table products" }, "products")).toBe(
      "Dafür fehlt Ihnen die Berechtigung.",
    );
  });

  it("uses the resource's own rule for a check violation", () => {
    const check = { code: "23514", message: 'new row violates check constraint "products_status_check_active"' };
    expect(say(check, "products")).toMatch(/^Ein Produkt kann nur mit einem Preis über null/);
    expect(say(check, "products", english.translate)).toBe(
      "A product can be active only with a price above zero and a category.",
    );
  });
});
