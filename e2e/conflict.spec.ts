// Two tabs edit the same record: the second save is told someone else changed it, and reloads.
// Two operators edit one record: the form hears of the other's save at once, refuses the
// stale save, and keeps the operator's unsaved values beside the current ones.
import { expect } from "@playwright/test";
import { serviceClient } from "./backend";
import { formField } from "./helpers";
import { operator, productOfMyOwn } from "./live-helpers";
import { test } from "./test";

// First loads of a lazy screen can take long on a busy shared machine.
const patient = expect.configure({ timeout: 40_000 });

test.use({ signedInAs: "editor" });

test("a stale edit gets the conflict message and a reload", async ({ context }) => {
  const first = await context.newPage();
  await first.goto("/products?sorters[0][field]=sku&sorters[0][order]=desc&pageSize=10");
  await first.locator("tr.ant-table-row").first().getByRole("link", { name: "Edit" }).click();
  await expect(first).toHaveURL(/\/products\/\d+\/edit$/);
  const editUrl = first.url();
  await expect(formField(first, "Name")).not.toHaveValue("");

  const second = await context.newPage();
  await second.goto(editUrl);
  await expect(formField(second, "Name")).not.toHaveValue("");

  await formField(first, "Stock").fill("11");
  await first.getByRole("button", { name: "Save" }).click();
  await expect(first).toHaveURL(editUrl.replace(/\/edit$/, ""));

  await formField(second, "Stock").fill("22");
  await second.getByRole("button", { name: "Save" }).click();
  const stale = second.getByRole("alert").filter({
    hasText: "Someone else changed this record. Reload to see their changes.",
  });
  await expect(stale).toBeVisible();
  // Where the eye is after clicking Save: beside it, in view.
  await expect(second.locator(".ant-card-actions").getByRole("alert")).toHaveText(/Someone else changed this record/);
  await expect(stale).toBeInViewport();
  await stale.getByRole("button", { name: "Reload" }).click();
  await expect(stale).toHaveCount(0);
  await expect(formField(second, "Stock")).toHaveValue("11");
});

test("an edit form hears of a colleague's save, refuses the stale save and keeps the operator's values to compare", async () => {
  const product = await productOfMyOwn();
  const editor = await operator("editor");
  await editor.goto(`/products/${product.id}/edit`);
  await patient(formField(editor, "Name")).toHaveValue(product.name);
  const mine = `${product.name} (editor)`;
  await formField(editor, "Name").fill(mine);

  const admin = await operator("admin");
  await admin.goto(`/products/${product.id}/edit`);
  // Fill only once the record is in the form: its arrival resets the fields.
  await patient(formField(admin, "Name")).toHaveValue(product.name);
  await formField(admin, "Stock").fill("7");
  await admin.getByRole("button", { name: "Save" }).click();
  await patient(admin).toHaveURL(new RegExp(`/products/${product.id}$`));

  // At once, before the editor saves: who changed it (name from presence, else e-mail).
  const notice = editor.getByRole("alert").filter({ hasText: "Someone else changed this record" });
  await patient(notice).toBeVisible();
  await patient(notice).toContainText(/Changed by (Ada Admin|admin@example\.com)\./);

  await editor.getByRole("button", { name: "Save" }).click();
  const stale = editor.getByRole("alert").filter({
    hasText: "Someone else changed this record. Reload to see their changes.",
  });
  await patient(stale).toBeVisible();
  await stale.getByRole("button", { name: "Reload" }).click();

  // The form shows the record as it is now; the editor's unsaved values are kept beside it.
  await patient(formField(editor, "Stock")).toHaveValue("7");
  await patient(formField(editor, "Name")).toHaveValue(product.name);
  const compare = editor.getByRole("table", { name: "Your values and the current values" });
  const nameRow = compare.getByRole("row").filter({ hasText: "Name" });
  await patient(nameRow).toContainText(mine);
  await patient(nameRow).toContainText(product.name);
  const stockRow = compare.getByRole("row").filter({ hasText: "Stock" });
  await patient(stockRow).toContainText("changed");
  await patient(stockRow).toContainText("5");

  // Take the editor's name over the reloaded record and save: both changes survive.
  await nameRow.getByRole("button", { name: "Use mine" }).click();
  await patient(formField(editor, "Name")).toHaveValue(mine);
  await editor.getByRole("button", { name: "Save" }).click();
  await patient(editor).toHaveURL(new RegExp(`/products/${product.id}$`));
  const { data } = await serviceClient().from("products").select("name, stock").eq("id", product.id).single();
  patient(data).toEqual({ name: mine, stock: 7 });
});
