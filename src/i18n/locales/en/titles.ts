// Refine's screen titles and list buttons per resource (`<resource>.titles.<action>`); Refine
// calls these keys with a default it builds by English pluralisation, so they are whole
// phrases here as in German (locales/de/titles.ts).
export default {
  "products.titles.list": "Products",
  "products.titles.show": "Show product",
  "products.titles.create": "Create product",
  "products.titles.edit": "Edit product",
  "categories.titles.list": "Categories",
  "categories.titles.show": "Show category",
  "categories.titles.create": "Create category",
  "categories.titles.edit": "Edit category",
  "customers.titles.list": "Customers",
  "customers.titles.show": "Show customer",
  "customers.titles.create": "Create customer",
  "customers.titles.edit": "Edit customer",
  "orders.titles.list": "Orders",
  "orders.titles.show": "Show order",
  "orders.titles.create": "Create order",
  "orders.titles.edit": "Edit order",
  "order_items.titles.list": "Order items",
  "order_items.titles.show": "Show order item",
  "order_items.titles.create": "Create order item",
  "order_items.titles.edit": "Edit order item",
  "opsdesk.audit_log.titles.list": "Audit log",
  "opsdesk.audit_log.titles.show": "Show audit entry",
};
