// Refine's screen titles and list buttons per resource (`<resource>.titles.<action>`, called by
// @refinedev/antd's pages and buttons): whole phrases, so no label is pluralised or prefixed
// by English rules ("Produktes", "Show Produkte").
export default {
  "products.titles.list": "Produkte",
  "products.titles.show": "Produkt anzeigen",
  "products.titles.create": "Produkt anlegen",
  "products.titles.edit": "Produkt bearbeiten",
  "categories.titles.list": "Kategorien",
  "categories.titles.show": "Kategorie anzeigen",
  "categories.titles.create": "Kategorie anlegen",
  "categories.titles.edit": "Kategorie bearbeiten",
  "customers.titles.list": "Kunden",
  "customers.titles.show": "Kunde anzeigen",
  "customers.titles.create": "Kunde anlegen",
  "customers.titles.edit": "Kunde bearbeiten",
  "orders.titles.list": "Bestellungen",
  "orders.titles.show": "Bestellung anzeigen",
  "orders.titles.create": "Bestellung anlegen",
  "orders.titles.edit": "Bestellung bearbeiten",
  "order_items.titles.list": "Bestellpositionen",
  "order_items.titles.show": "Bestellposition anzeigen",
  "order_items.titles.create": "Bestellposition anlegen",
  "order_items.titles.edit": "Bestellposition bearbeiten",
  "opsdesk.audit_log.titles.list": "Audit-Protokoll",
  "opsdesk.audit_log.titles.show": "Protokolleintrag anzeigen",
};
