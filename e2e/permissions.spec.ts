// /permissions: the matrix editor writes the rows RLS reads. The test works on a resource
// of its own, so it appears in the grid (the test's world is its own: nothing to put back).

import { expect } from "@playwright/test";
import { signedInClient } from "./apiClient";
import { serviceClient } from "./backend";
import { emailOf } from "./helpers";
import { test } from "./test";

test.use({ signedInAs: "admin" });

const resource = `e2e_${Date.now().toString(36)}`;

test("granting and revoking a cell changes what the role may do at once", async ({ page }) => {
  // A row of the test's own resource, so it appears in the grid.
  const { error } = await serviceClient().from("permissions").insert({ role: "admin", resource, action: "show" });
  expect(error).toBeNull();
  const editor = await signedInClient(emailOf("editor"));
  const editorMay = async () => {
    const { data } = await editor.rpc("my_permissions");
    return (data as { resource: string; action: string }[]).filter((p) => p.resource === resource).map((p) => p.action);
  };

  await page.goto("/permissions");
  await page.getByText("Editor", { exact: true }).click();
  const cell = page.getByRole("checkbox", { name: `Editor may export ${resource}` });
  await expect(cell).not.toBeChecked();
  await cell.click();
  await expect(cell).toBeChecked();
  await expect.poll(editorMay).toEqual(["export"]);

  await cell.click();
  await expect(cell).not.toBeChecked();
  await expect.poll(editorMay).toEqual([]);
});

test("an admin cannot take away their own role's access to permissions", async ({ page }) => {
  await page.goto("/permissions");
  await page.getByText("Admin", { exact: true }).click();
  const cell = page.getByRole("checkbox", { name: "Admin may edit permissions" });
  await expect(cell).toBeChecked();
  await cell.click();
  await expect(page.getByText("You cannot remove your own role's access to permissions.")).toBeVisible();
  await expect(cell).toBeChecked();
  // The menu still offers the matrix.
  await expect(page.getByRole("link", { name: "Permissions" })).toBeVisible();
});
