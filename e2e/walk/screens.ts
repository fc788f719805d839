// What each address of the console must show, in English and German, for a role: the
// heading of its screen (matching the URL), or the 403 / 404 page.
import type { May } from "../backend";

export type Language = "en" | "de";
export type ScreenKind = "list" | "show" | "form" | "page" | "forbidden" | "notFound";

export interface ExpectedScreen {
  kind: ScreenKind;
  /** The screen's heading; absent for the 403 and 404 pages. */
  heading?: RegExp;
}

interface ResourceTexts {
  /** Resource name in the permission matrix. */
  resource: string;
  plural: Record<Language, string>;
  singular: Record<Language, string>;
  /** Routed create and edit screens. */
  forms: boolean;
}

const texts = (resource: string, forms: boolean, en: [string, string], de: [string, string]): ResourceTexts => ({
  resource,
  forms,
  plural: { en: en[0], de: de[0] },
  singular: { en: en[1], de: de[1] },
});

/** The routed resources by path segment: plural and singular (src/resources, src/i18n/locales/de). */
export const RESOURCES: Record<string, ResourceTexts> = {
  products: texts("products", true, ["Products", "Product"], ["Produkte", "Produkt"]),
  categories: texts("categories", true, ["Categories", "Category"], ["Kategorien", "Kategorie"]),
  customers: texts("customers", true, ["Customers", "Customer"], ["Kunden", "Kunde"]),
  orders: texts("orders", true, ["Orders", "Order"], ["Bestellungen", "Bestellung"]),
  staff: texts("staff", false, ["Staff", "Staff member"], ["Mitarbeitende", "Mitarbeiter:in"]),
  audit: texts("audit_log", false, ["Audit log", "Audit entry"], ["Audit-Protokoll", "Protokolleintrag"]),
};

/**
 * Screens of their own: heading and the matrix cells they need (none: every staff role;
 * src/providers/accessControlProvider.ts).
 */
const PAGES: Record<string, { heading: Record<Language, string>; needs?: [string, string][] }> = {
  "/": { heading: { en: "Dashboard", de: "Dashboard" } },
  "/permissions": { heading: { en: "Permissions", de: "Berechtigungen" }, needs: [["permissions", "list"]] },
  "/profile": { heading: { en: "Profile", de: "Profil" } },
  "/customers/duplicates": {
    heading: { en: "Possible duplicates", de: "Mögliche Dubletten" },
    needs: [
      ["customers", "edit"],
      ["customers", "delete"],
    ],
  },
};

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} `);

export function expectedScreen(pathname: string, language: Language, may: May): ExpectedScreen {
  const page = PAGES[pathname];
  if (page) {
    if (!(page.needs ?? []).every(([resource, action]) => may(resource, action))) return { kind: "forbidden" };
    return { kind: "page", heading: exactly(page.heading[language]) };
  }
  const [segment, id, edit, ...rest] = pathname.split("/").filter(Boolean);
  const texts = RESOURCES[segment];
  if (!texts || rest.length > 0 || (edit !== undefined && edit !== "edit")) return { kind: "notFound" };
  const guarded = (action: string, screen: ExpectedScreen): ExpectedScreen =>
    may(texts.resource, action) ? screen : { kind: "forbidden" };
  const singular = texts.singular[language];
  if (id === undefined) return guarded("list", { kind: "list", heading: exactly(texts.plural[language]) });
  if (id === "create" && texts.forms) {
    const heading = language === "en" ? `Create ${singular}` : `${singular} anlegen`;
    return guarded("create", { kind: "form", heading: exactly(heading) });
  }
  if (edit === "edit") {
    if (!texts.forms) return { kind: "notFound" };
    const heading = language === "en" ? `Edit ${singular}` : `${singular} bearbeiten`;
    return guarded("edit", { kind: "form", heading: exactly(heading) });
  }
  return guarded("show", { kind: "show", heading: startingWith(singular) });
}
