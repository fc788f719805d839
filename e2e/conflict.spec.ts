// Two tabs edit the same record: the second save is told someone else changed it, and reloads.
import { expect, test } from "@playwright/test";
import { formField, sessionFile } from "./helpers";

test.use({ storageState: sessionFile("editor") });

test("a stale edit gets the conflict message and a reload", async ({ context }) => {
  const first = await context.newPage();
  await first.goto("/products?sorters[0][field]=sku&sorters[0][order]=desc&pageSize=10");
  await first.locator("tr.ant-table-row").first().getByRole("button", { name: "Edit" }).click();
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
  await stale.getByRole("button", { name: "Reload" }).click();
  await expect(stale).toHaveCount(0);
  await expect(formField(second, "Stock")).toHaveValue("11");
});
