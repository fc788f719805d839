// The role matrix in the console (issue 6): for each staff role and every screen the console
// has, the actions offered are exactly those of the role's `permissions` rows, read from the
// database (a changed matrix changes the expectations): menu entries, list, bulk and show
// buttons, the order's status and item controls, and 403 for screens the role may not open.
import { expect, type Page } from "@playwright/test";
import { OPSDESK_RESOURCES } from "../src/resources";
import { DEMO_RESOURCES } from "../src/schema/demoSchema";

/** The resources of the demo's menu, as the console generates them. */
const menuResources = [...DEMO_RESOURCES, ...OPSDESK_RESOURCES];

import type { ResourceDefinition } from "../src/resources/types";
import { insertRow, type May, permissionsOf, serviceClient } from "./backend";
import { errorPage, expectShown, headerButtons, openPath, type Role, tableRows } from "./helpers";
import { test } from "./test";

const ROLES: Role[] = ["viewer", "editor", "admin"];

const pathOf = (def: ResourceDefinition) => `/${def.route ?? def.name}`;
/** The menu label (src/shell/routes.tsx). */
const menuLabel = (def: ResourceDefinition) => def.label.plural.charAt(0).toUpperCase() + def.label.plural.slice(1);

/** A pending order with one item, so the order page offers status and item controls. */
async function pendingOrder(): Promise<number> {
  const { data: customer, error } = await serviceClient().from("customers").select("id").limit(1).single();
  if (error) throw new Error(`a customer: ${error.message}`);
  const order = (await insertRow<{ id: number }>("orders", { customer_id: customer.id })).id;
  await insertRow("order_items", { order_id: order, product_id: 4, quantity: 1 });
  return order;
}

/** The record a resource's show and edit screens are opened with. */
async function recordId(def: ResourceDefinition): Promise<string> {
  if (def.name === "orders") return String(await pendingOrder());
  const key = def.idColumn ?? "id";
  let query = serviceClient().from(def.name).select("*");
  // Each role may show the entries of products (a staff row's entry is not every role's to see).
  if (def.name === "audit_log") query = query.eq("table_name", "products");
  const { data, error } = await query.order(key).limit(1).single<Record<string, unknown>>();
  if (error) throw new Error(`a row of ${def.name}: ${error.message}`);
  return String(data[key]);
}

type Can = (action: string) => boolean;

/** The buttons of a Refine list's header: Create (where routed), Export CSV, Import CSV (where offered). */
async function checkListHeader(page: Page, def: ResourceDefinition, can: Can) {
  const header = headerButtons(page);
  await expectShown(header.getByRole("button", { name: "Create" }), def.screens?.create !== false && can("create"));
  await expectShown(header.getByRole("button", { name: "Export CSV" }), can("export"));
  await expectShown(header.getByRole("button", { name: "Import CSV" }), def.csvImport === true && can("import"));
}

/** The generated list (src/features/list/ResourceList.tsx and bulk/BulkBar.tsx). */
async function checkGeneratedList(page: Page, def: ResourceDefinition, can: Can) {
  const screens = def.screens ?? {};
  const row = tableRows(page).first();
  await expect(row).toBeVisible();
  await checkListHeader(page, def, can);
  // Row buttons show only their icon and are named by their action.
  await expectShown(row.getByRole("link", { name: "Show", exact: true }), screens.show !== false && can("show"));
  await expectShown(row.getByRole("link", { name: "Edit", exact: true }), screens.edit !== false && can("edit"));
  await expectShown(
    row.getByRole("button", { name: "Delete", exact: true }),
    screens.delete !== false && can("delete"),
  );

  await row.locator(".ant-checkbox-input").check();
  const toolbar = page.getByRole("toolbar", { name: "Selected rows" });
  await expect(toolbar).toBeVisible();
  await expectShown(
    toolbar.getByRole("button", { name: "Delete selected" }),
    screens.delete !== false && can("delete"),
  );
  await expectShown(toolbar.getByRole("button", { name: "Export selected" }), can("export"));
  await expectShown(toolbar.getByRole("button", { name: /^Set / }), can("edit") && (def.bulkSet ?? []).length > 0);
}

/** /staff (src/pages/staff/StaffPage.tsx): invite is staff `create`, role and activation changes `edit`. */
async function checkStaffList(page: Page, _def: ResourceDefinition, can: Can) {
  // Another member's row: nobody changes their own.
  const other = tableRows(page).filter({ hasText: "viewer@example.com" });
  await expect(other).toBeVisible();
  await expectShown(page.getByRole("button", { name: "Invite" }), can("create"));
  await expectShown(page.getByRole("button", { name: "Export CSV" }), can("export"));
  await expectShown(other.getByRole("button", { name: /^(Deactivate|Reactivate)$/ }), can("edit"));
  // A role the operator may not change shows as text.
  const role = other.getByRole("combobox", { name: /^Role of / });
  await expectShown(role, can("edit"));
  if (can("edit")) await expect(role).toBeEnabled();
}

/**
 * /audit (src/pages/audit/AuditPage.tsx): entries without row actions (they link to their
 * record), and only entries of records the role may show (filtered by table here).
 */
async function checkAuditList(page: Page, def: ResourceDefinition, can: Can, may: May) {
  await expect(tableRows(page).first()).toBeVisible();
  await checkListHeader(page, def, can);
  const filters = page.getByRole("form", { name: "Audit log filters" });
  for (const [table, label] of [
    ["staff", "Staff"],
    ["products", "Products"],
  ]) {
    // Each table from a fresh list: a chosen table's label covers the select's input, and a
    // refreshed table may have scrolled the form under the sticky header.
    await openPath(page, "/audit");
    // Settled: a fresh list of every table has its rows (each visit of /audit is a new screen).
    await expect(filters.getByText("Any table")).toBeVisible();
    await expect(tableRows(page).first()).toBeVisible();
    await filters.getByLabel("Table").click();
    await page.locator(".ant-select-dropdown:visible").getByTitle(label, { exact: true }).click();
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`table_name.*${table}`));
    if (may(table, "show")) await expect(tableRows(page).first()).toBeVisible();
    else await expect(page.getByText("No audit entries match.")).toBeVisible();
  }
}

type ListCheck = (page: Page, def: ResourceDefinition, can: Can, may: May) => Promise<void>;
/** Lists with a screen of their own (src/App.tsx overrides). */
const LIST_CHECKS: Record<string, ListCheck> = { staff: checkStaffList, audit_log: checkAuditList };

/** The order page's own controls (src/pages/orders): status changes are orders `edit`, lines order_items rights. */
async function checkOrderControls(page: Page, may: May) {
  const items = page.locator(".ant-card").filter({ hasText: "Order items" });
  await expect(tableRows(items).first()).toBeVisible();
  await expectShown(page.getByRole("button", { name: "Mark as paid" }), may("orders", "edit"));
  await expectShown(items.getByRole("button", { name: "Add item" }), may("order_items", "create"));
  await expectShown(items.getByRole("spinbutton", { name: /^Quantity of line / }), may("order_items", "edit"));
  await expectShown(items.getByRole("button", { name: "delete", exact: true }), may("order_items", "delete"));
}

/** A create or edit form: 403 without the right, else the form. */
async function checkForm(page: Page, path: string, allowed: boolean) {
  await openPath(page, path);
  if (allowed) await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
  else await expect(errorPage(page, "403")).toBeVisible();
}

for (const role of ROLES) {
  test.describe(`${role}`, () => {
    let may: May;
    let page: Page;
    test.use({ signedInAs: role });
    test.beforeEach(async ({ page: signedIn }) => {
      may = await permissionsOf(role);
      page = signedIn;
    });

    test(`${role}: the menu has exactly the screens the role may list`, async () => {
      await openPath(page, "/");
      const screens = [
        ...menuResources.filter((def) => may(def.name, "list")).map(menuLabel),
        // /customers/duplicates: merging needs both (SPEC §2).
        ...(may("customers", "edit") && may("customers", "delete") ? ["Possible duplicates"] : []),
        ...(may("permissions", "list") ? ["Permissions"] : []),
      ];
      // Dashboard and profile are every staff member's; sign-out closes the menu.
      await expect(page.locator(".ant-menu").getByRole("menuitem")).toHaveText([
        "Dashboard",
        ...screens,
        "Profile",
        "Sign out",
      ]);
    });

    test(`${role}: /permissions opens only with permissions list`, async () => {
      await openPath(page, "/permissions");
      if (may("permissions", "list"))
        await expect(page.getByRole("checkbox", { name: /^Editor may list / }).first()).toBeVisible();
      else await expect(errorPage(page, "403")).toBeVisible();
    });

    for (const def of menuResources) {
      test(`${role}: ${def.name} shows exactly the allowed actions`, async () => {
        const can = (action: string) => may(def.name, action);
        const screens = def.screens ?? {};
        const id = await recordId(def);

        await test.step("list", async () => {
          await openPath(page, pathOf(def));
          if (!can("list")) await expect(errorPage(page, "403")).toBeVisible();
          else await (LIST_CHECKS[def.name] ?? checkGeneratedList)(page, def, can, may);
        });

        if (screens.show !== false) {
          await test.step("show", async () => {
            await openPath(page, `${pathOf(def)}/${id}`);
            if (!can("show")) {
              await expect(errorPage(page, "403")).toBeVisible();
              return;
            }
            await expect(page.locator(".ant-descriptions").first()).toBeVisible();
            const header = headerButtons(page);
            await expectShown(header.getByRole("button", { name: /Edit$/ }), screens.edit !== false && can("edit"));
            // Staff rows are deactivated on /staff, never deleted (definition: screens.delete false).
            await expectShown(
              header.getByRole("button", { name: /Delete$/ }),
              screens.delete !== false && can("delete"),
            );
            if (def.name === "orders") await checkOrderControls(page, may);
          });
        }

        // Screens a resource does not have are not routed (staff and audit entries change elsewhere).
        if (screens.create !== false)
          await test.step("create form", () => checkForm(page, `${pathOf(def)}/create`, can("create")));
        if (screens.edit !== false)
          await test.step("edit form", () => checkForm(page, `${pathOf(def)}/${id}/edit`, can("edit")));
      });
    }
  });
}
