// The one place a generated screen or a field kind's renderer/input is replaced (docs/architecture.md,
// "Overriding a screen or a field"). A resource's list, show, create or edit screen named here is
// rendered instead of the generated one, behind the same permission; a field kind named here
// replaces the type map's renderer or input (features/fields/fieldKinds.tsx) for every field of
// that kind. Everything else about a resource (labels, fields, sections, rules) is its definition
// in src/resources, merged over the live schema's (src/schema/merge.ts).
import { lazyChunk } from "./components/errors/lazyChunk";
import type { KindOverrides } from "./features/fields/fieldKinds";
import type { ScreenOverrides } from "./shell/routes";

// Screens load on first use, so the sign-in page stays small.
const OrderShowPage = lazyChunk(() => import("./pages/orders/OrderShowPage").then((m) => m.OrderShowPage));
const ProductShowPage = lazyChunk(() => import("./pages/products/ProductShowPage").then((m) => m.ProductShowPage));
const CustomerCreatePage = lazyChunk(() =>
  import("./pages/customers/CustomerCreatePage").then((m) => m.CustomerCreatePage),
);
const StaffPage = lazyChunk(() => import("./pages/staff/StaffPage").then((m) => m.StaffPage));
const AuditPage = lazyChunk(() => import("./pages/audit/AuditPage").then((m) => m.AuditPage));

/** Per resource (its definition's `name`), the screens that replace the generated ones. */
export const SCREEN_OVERRIDES: ScreenOverrides = {
  orders: { show: OrderShowPage },
  products: { show: ProductShowPage },
  customers: { create: CustomerCreatePage },
  staff: { list: StaffPage },
  audit_log: { list: AuditPage },
};

/** Per field type, the renderer or input that replaces the type map's (none today). */
export const KIND_OVERRIDES: KindOverrides = {};
