// What each address of the console must show, in English and German, for a role: the
// heading of its screen (matching the URL), or the 403 / 404 page.
import { ADMIN_SCREENS, type May } from "../backend";
import { AUDIT_PATH } from "../helpers";

export type Language = "en" | "de";
export type ScreenKind = "list" | "show" | "form" | "page" | "forbidden" | "notFound";

export interface ExpectedScreen {
  kind: ScreenKind;
  /** The screen's heading; absent for the 403 and 404 pages. */
  heading?: RegExp;
}

interface ResourceTexts {
  /** Resource name in the permission matrix (the console's: `opsdesk.audit_log` for the audit log). */
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
  order_items: texts("order_items", true, ["Order items", "Order item"], ["Bestellpositionen", "Bestellposition"]),
  [AUDIT_PATH.slice(1)]: texts(
    "opsdesk.audit_log",
    false,
    ["Audit log", "Audit entry"],
    // The list's heading is its menu entry's name (its title), in German as in English.
    ["Audit-Protokoll", "Protokolleintrag"],
  ),
};

const ADMIN_ONLY: [string, string][] = [[ADMIN_SCREENS, "open"]];

/**
 * Screens of their own: heading and the matrix cells they need (none: every operator;
 * src/providers/accessControlProvider.ts); Opsdesk's admin screens need the admin role.
 */
const PAGES: Record<string, { heading: Record<Language, string>; needs?: [string, string][] }> = {
  "/": { heading: { en: "Dashboard", de: "Dashboard" } },
  "/~operators": { heading: { en: "Operators", de: "Operatoren" }, needs: ADMIN_ONLY },
  "/~permissions": { heading: { en: "Permissions", de: "Berechtigungen" }, needs: ADMIN_ONLY },
  "/~tables": { heading: { en: "Tables", de: "Tabellen" }, needs: ADMIN_ONLY },
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
