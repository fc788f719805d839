// The demo's matrix on Opsdesk's Permissions screen (/~permissions, docs/any-project.md
// "Operators and roles"): each checkbox writes one row of opsdesk.permissions, which the
// tables' policies and every open console of that role follow at once. Admins administer
// Opsdesk whatever their role's matrix says, so no cell locks them out of it.
import { expect, type Page } from "@playwright/test";
import { signedInClient } from "./apiClient";
import { emailOf, headerButtons } from "./helpers";
import { test } from "./test";

test.use({ signedInAs: "admin" });

/** The role's segment above the matrix (the roles card lists the same names). */
const chooseRole = (page: Page, role: string) =>
  page.locator(".ant-segmented").getByText(role, { exact: true }).click();

test("granting and revoking a cell changes what the role may do at once", async ({ page }) => {
  const editor = await signedInClient(emailOf("editor"));
  const editorMay = async () => {
    const { data, error } = await editor.schema("opsdesk").rpc("my_access");
    if (error) throw new Error(`my_access: ${error.message}`);
    return [...((data as { permissions: Record<string, string[]> }).permissions["public.products"] ?? [])].sort();
  };
  const before = await editorMay();
  expect(before).not.toContain("delete");

  await page.goto("/~permissions");
  await chooseRole(page, "Editor");
  const cell = page.getByRole("checkbox", { name: "Editor may delete Products" });
  await expect(cell).not.toBeChecked();
  await cell.click();
  await expect(cell).toBeChecked();
  await expect.poll(editorMay).toEqual([...before, "delete"].sort());

  await cell.click();
  await expect(cell).not.toBeChecked();
  await expect.poll(editorMay).toEqual(before);
});

test("an admin's own role losing a table keeps Opsdesk's administration", async ({ page }) => {
  await page.goto("/~permissions");
  await chooseRole(page, "Admin");
  const cell = page.getByRole("checkbox", { name: "Admin may list Products" });
  await expect(cell).toBeChecked();
  const menu = page.locator(".ant-menu");
  await expect(menu.getByRole("menuitem", { name: "Products", exact: true })).toBeVisible();
  await cell.click();
  await expect(cell).not.toBeChecked();
  // The console follows at once: Products leaves the menu; Operators and Permissions stay.
  await expect(menu.getByRole("menuitem", { name: "Products", exact: true })).toHaveCount(0);
  await expect(menu.getByRole("menuitem", { name: "Operators", exact: true })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Permissions", exact: true })).toBeVisible();
  // And the matrix still gives it back.
  await cell.click();
  await expect(cell).toBeChecked();
  await expect(menu.getByRole("menuitem", { name: "Products", exact: true })).toBeVisible();
  await page.goto("/products");
  await expect(headerButtons(page).getByRole("button", { name: "Create" })).toBeVisible();
});
