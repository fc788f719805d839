// The one place a project's code changes the generated console (docs/architecture.md,
// "Overriding a screen or a field"): a resource's list, show, create or edit screen named in
// SCREEN_OVERRIDES is rendered instead of the generated one, behind the same permission; a page
// of PAGE_OVERRIDES is added with its route, menu entry, guard and the condition on the live
// resources under which it exists; a field kind named in KIND_OVERRIDES replaces the type map's
// renderer or input (features/fields/fieldKinds.tsx) for every field of that kind. Everything
// else about a resource (labels, sections, option colours, search) is its definition in
// src/resources, merged over the live schema's (src/schema/merge.ts).
import { BranchesOutlined, DashboardOutlined } from "@ant-design/icons";
import { lazyChunk } from "./components/errors/lazyChunk";
import type { KindOverrides } from "./features/fields/fieldKinds";
import { hasDemoStore } from "./pages/dashboard/reads";
import { hasResources, type PageOverride } from "./shell/pageOverrides";
import type { ScreenOverrides } from "./shell/routes";

// Screens load on first use, so the sign-in page stays small.
const OrderShowPage = lazyChunk(() => import("./pages/orders/OrderShowPage").then((m) => m.OrderShowPage));
const ProductShowPage = lazyChunk(() => import("./pages/products/ProductShowPage").then((m) => m.ProductShowPage));
const CustomerCreatePage = lazyChunk(() =>
  import("./pages/customers/CustomerCreatePage").then((m) => m.CustomerCreatePage),
);
const DashboardPage = lazyChunk(() => import("./pages/dashboard/DashboardPage").then((m) => m.DashboardPage));
const DuplicatesPage = lazyChunk(() => import("./pages/customers/DuplicatesPage").then((m) => m.DuplicatesPage));

/** Per resource (its definition's `name`), the screens that replace the generated ones. */
export const SCREEN_OVERRIDES: ScreenOverrides = {
  orders: { show: OrderShowPage },
  products: { show: ProductShowPage },
  customers: { create: CustomerCreatePage },
};

/** Pages of the demo store, where the project has its tables (src/shell/pageOverrides.tsx). */
export const PAGE_OVERRIDES: readonly PageOverride[] = [
  {
    // The store's KPIs in place of the tables overview (docs/product.md §2 "/").
    name: "dashboard",
    path: "/",
    menu: { label: "Dashboard", icon: <DashboardOutlined /> },
    guard: [{ resource: "orders", action: "list" }],
    when: hasDemoStore,
    Screen: DashboardPage,
  },
  {
    // Merging keeps one customer and deletes the other (docs/product.md §2).
    name: "customer_duplicates",
    path: "/customers/duplicates",
    menu: { label: "Possible duplicates", icon: <BranchesOutlined /> },
    guard: [
      { resource: "customers", action: "edit" },
      { resource: "customers", action: "delete" },
    ],
    when: hasResources("customers"),
    Screen: DuplicatesPage,
  },
];

/** Per field type, the renderer or input that replaces the type map's (none today). */
export const KIND_OVERRIDES: KindOverrides = {};
