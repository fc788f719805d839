import { describe, expect, it } from "vitest";
import { findResource } from "../resources";
import { collectMessages, createI18n } from ".";
import { createI18nProvider } from "./i18nProvider";
import { localizeDefinition, optionLabel, resourceTitle } from "./localizeDefinition";
import { translatedResources } from "./resourceLabels";

const messages = collectMessages(
  import.meta.glob<{ default: Record<string, string> }>("./locales/*/*.ts", { eager: true }),
);
const german = createI18nProvider(createI18n(messages, "de")).translate;
const english = createI18nProvider(createI18n(messages, "en")).translate;

const products = findResource("products");
const categories = findResource("categories");
if (!products || !categories) throw new Error("resource definitions missing");
const field = (def: typeof products, name: string) => def.fields.find((f) => f.name === name);

describe("localizeDefinition", () => {
  it("says labels, rules, checks, options, sections and related lists in German", () => {
    const shown = localizeDefinition(products, german);
    expect(shown.label).toEqual({ singular: "Produkt", plural: "Produkte" });
    expect(field(shown, "price")?.label).toBe("Preis");
    expect(field(shown, "sku")?.rule).toMatch(/^Die SKU hat 3–32 Zeichen/);
    expect(field(shown, "status")?.checks?.active).toMatch(/^Ein Produkt kann nur/);
    expect(optionLabel(field(shown, "status") ?? products.fields[0], "draft")).toBe("Entwurf");
    expect(shown.show?.sections.map((s) => s.title)).toContain("Bestand und Preis");
    expect(localizeDefinition(categories, german).related?.[0].title).toBe("Produkte");
  });

  it("keeps names, values and the English text as they are", () => {
    const shown = localizeDefinition(products, english);
    expect(shown.label).toEqual(products.label);
    expect(shown.fields.map((f) => [f.name, f.label, f.rule])).toEqual(
      products.fields.map((f) => [f.name, f.label, f.rule]),
    );
    expect(field(shown, "status")?.options).toEqual(field(products, "status")?.options);
    expect(optionLabel(field(shown, "status") ?? products.fields[0], "draft")).toBe("draft");
  });
});

describe("resourceTitle", () => {
  it("names a list as its menu entry does, in both languages (the audit log's German plural is for counts)", () => {
    const audit = findResource("opsdesk.audit_log");
    if (!audit) throw new Error("the console adds the audit log");
    for (const t of [german, english]) {
      const [menu] = translatedResources([{ name: audit.name, meta: { label: "Audit log" } }], t);
      expect(resourceTitle(audit, t)).toBe(menu.meta?.label);
    }
    expect(resourceTitle(audit, german)).toBe("Audit-Protokoll");
    expect(resourceTitle(audit, english)).toBe("Audit log");
    expect(resourceTitle(products, german)).toBe("Produkte");
  });
});
