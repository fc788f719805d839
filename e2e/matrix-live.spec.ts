// Changes to the permission matrix reach an open console at once, both ways: a revoked
// permission's button and menu entry go, and a re-granted one's come back, without a
// navigation. It changes the demo viewer role's rows in its own world, so no other test sees them.
import { expect } from "@playwright/test";
import { opsdeskClient } from "./backend";
import { headerButtons } from "./helpers";
import { test } from "./test";

test.use({ signedInAs: "viewer" });

// Rows of opsdesk.permissions (the demo's matrix, by table).
const CELLS = [
  { role: "viewer", schema_name: "public", table_name: "products", action: "export" },
  { role: "viewer", schema_name: "public", table_name: "customers", action: "list" },
];

test("a revoked permission disappears and a re-granted one appears without navigating", async ({ page }) => {
  await page.goto("/products");
  const exportButton = headerButtons(page).getByRole("button", { name: "Export CSV" });
  const customersEntry = page.locator(".ant-menu").getByRole("menuitem", { name: "Customers" });
  await expect(exportButton).toBeVisible();
  await expect(customersEntry).toBeVisible();

  for (const cell of CELLS) {
    const { error } = await opsdeskClient().from("permissions").delete().match(cell);
    expect(error).toBeNull();
  }
  await expect(exportButton).toHaveCount(0);
  await expect(customersEntry).toHaveCount(0);

  const { error } = await opsdeskClient().from("permissions").insert(CELLS);
  expect(error).toBeNull();
  await expect(exportButton).toBeVisible();
  await expect(customersEntry).toBeVisible();
  // Still the same screen: nothing navigated.
  expect(new URL(page.url()).pathname).toBe("/products");
});
