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

/** The routed resources by path segment (src/resources, src/i18n/locales/de). */
export const RESOURCES: Record<string, ResourceTexts> = {
  products: {
    resource: "products",
    plural: { en: "Products", de: "Produkte" },
    singular: { en: "Product", de: "Produkt" },
    forms: true,
  },
  categories: {
    resource: "categories",
    plural: { en: "Categories", de: "Kategorien" },
    singular: { en: "Category", de: "Kategorie" },
    forms: true,
  },
  customers: {
    resource: "customers",
    plural: { en: "Customers", de: "Kunden" },
    singular: { en: "Customer", de: "Kunde" },
    forms: true,
  },
  orders: {
    resource: "orders",
    plural: { en: "Orders", de: "Bestellungen" },
    singular: { en: "Order", de: "Bestellung" },
    forms: true,
  },
  staff: {
    resource: "staff",
    plural: { en: "Staff", de: "Mitarbeitende" },
    singular: { en: "Staff member", de: "Mitarbeiter:in" },
    forms: false,
  },
  audit: {
    resource: "audit_log",
    plural: { en: "Audit log", de: "Audit-Protokoll" },
    singular: { en: "Audit entry", de: "Protokolleintrag" },
    forms: false,
  },
};

/** Screens of their own: heading and the matrix resource that guards them (none: every staff role). */
const PAGES: Record<string, { heading: Record<Language, string>; resource?: string }> = {
  "/": { heading: { en: "Dashboard", de: "Dashboard" } },
  "/permissions": { heading: { en: "Permissions", de: "Berechtigungen" }, resource: "permissions" },
  "/profile": { heading: { en: "Profile", de: "Profil" } },
};

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} `);

export function expectedScreen(pathname: string, language: Language, may: May): ExpectedScreen {
  const page = PAGES[pathname];
  if (page) {
    if (page.resource && !may(page.resource, "list")) return { kind: "forbidden" };
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
