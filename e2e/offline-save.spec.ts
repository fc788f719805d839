// Saving without a connection (issue 27 C1; docs/everyday.md "Saving without a connection"):
// a save pressed offline says it waits and goes out by itself when the network is back; a
// save whose answer was lost is sent again and made once (its Idempotency-Key); a closed tab
// loses nothing (the draft comes back and its save is sent); and leaving a form with changes
// asks first — a menu link, Back, the palette, closing the tab, and after a refused save too.
import { expect, type Page, type Route } from "@playwright/test";
import { insertRow, opsdeskClient, serviceClient } from "./backend";
import { headerButtons, unique } from "./helpers";
import { germanPhonePage, newOperatorPage } from "./operatorPage";
import { test } from "./test";
import { testWorld } from "./world";

interface Product {
  id: number;
  name: string;
  version: number;
}

async function newProduct(): Promise<Product> {
  return insertRow<Product>("products", { sku: unique("OFF"), name: unique("Offline"), price: 10, stock: 1 });
}

async function productNow(id: number) {
  const { data, error } = await serviceClient().from("products").select("name, version").eq("id", id).single();
  if (error) throw new Error(error.message);
  return data as { name: string; version: number };
}

/** How many UPDATE rows the audit log has for a product: one per change the database made. */
async function updatesOf(id: number): Promise<number> {
  const { count, error } = await opsdeskClient()
    .from("audit_log")
    .select("id", { count: "exact", head: true })
    .eq("schema_name", "public")
    .eq("table_name", "products")
    .eq("record_id", String(id))
    .eq("action", "UPDATE");
  if (error) throw new Error(error.message);
  return count ?? -1;
}

async function productsWithSku(sku: string): Promise<number> {
  const { count } = await serviceClient().from("products").select("id", { count: "exact", head: true }).eq("sku", sku);
  return count ?? -1;
}

const nameField = (page: Page, label = "Name") => page.locator("form").getByLabel(label, { exact: true });

async function openEdit(page: Page, product: Product) {
  await page.goto(`/products/${product.id}/edit`);
  await expect(nameField(page)).toHaveValue(product.name);
}

/**
 * Lets the first write to products reach the database, then drops its answer, as a
 * connection that breaks at the wrong moment does.
 */
async function loseFirstAnswer(page: Page, method: "POST" | "PATCH"): Promise<() => number> {
  let writes = 0;
  await page.route("**/rest/v1/products?**", async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    writes += 1;
    if (writes > 1) return route.fallback();
    await testWorld().world.fetch(route);
    await route.abort("connectionreset");
  });
  return () => writes;
}

test("an edit saved offline waits, and is saved by itself once the network is back", async () => {
  const product = await newProduct();
  const page = await newOperatorPage("editor", { width: 1280, height: 800 });
  await openEdit(page, product);
  const name = unique("Saved later");
  await nameField(page).fill(name);

  await page.context().setOffline(true);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Not saved yet: the server can't be reached.")).toBeVisible();
  await expect(page.locator("[data-connection-banner]")).toContainText("Can't reach the server.");
  // The form holds still with the operator's value while the save waits.
  await expect(nameField(page)).toHaveValue(name);
  await expect(nameField(page)).toBeDisabled();

  await page.context().setOffline(false);
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));
  await expect(page.getByRole("heading", { name: `Product ${name}` })).toBeVisible();
  await expect(page.locator("[data-connection-banner]")).toHaveCount(0);
  expect(await productNow(product.id)).toEqual({ name, version: product.version + 1 });
  expect(await updatesOf(product.id)).toBe(1);
});

test("a save whose answer was lost is sent again and made once", async () => {
  // FIXME(switch-ui): on the switched demo the product edit whose first answer was lost stays on
  // the form: the save is not shown as made (no "Product …" heading).
  test.fixme();
  const product = await newProduct();
  const page = await newOperatorPage("editor", { width: 1280, height: 800 });
  await openEdit(page, product);
  const sentEdits = await loseFirstAnswer(page, "PATCH");
  const name = unique("Answer lost");
  await nameField(page).fill(name);
  await page.getByRole("button", { name: "Save" }).click();
  // Sent again (not "Someone else changed this record"), and shown as saved.
  await expect(page.getByRole("heading", { name: `Product ${name}` })).toBeVisible();
  expect(sentEdits()).toBe(2);
  expect(await productNow(product.id)).toEqual({ name, version: product.version + 1 });
  expect(await updatesOf(product.id)).toBe(1);

  // A create: one product, not two.
  await page.goto("/products/create");
  const sentCreates = await loseFirstAnswer(page, "POST");
  const sku = unique("ONCE");
  await page.locator("form").getByLabel("SKU").fill(sku);
  await nameField(page).fill("Created once");
  await page.locator("form").getByLabel("Price").fill("5");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Product Created once" })).toBeVisible();
  expect(sentCreates()).toBe(2);
  expect(await productsWithSku(sku)).toBe(1);
});

test("a tab closed while its save waited loses nothing: the form brings it back and sends it", async () => {
  const product = await newProduct();
  const page = await newOperatorPage("editor", { width: 1280, height: 800 });
  const context = page.context();
  await openEdit(page, product);
  const name = unique("After a crash");
  await nameField(page).fill(name);
  await context.setOffline(true);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Not saved yet: the server can't be reached.")).toBeVisible();
  // The tab goes away without a word (a crash): nothing was saved yet.
  await page.close();
  expect((await productNow(product.id)).name).toBe(product.name);

  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto(`/products/${product.id}/edit`);
  await expect(again.getByRole("heading", { name: `Product ${name}` })).toBeVisible();
  expect(await productNow(product.id)).toEqual({ name, version: product.version + 1 });
  expect(await updatesOf(product.id)).toBe(1);
});

test("in German on a phone: a product created offline is created once when the network is back", async () => {
  const page = await germanPhonePage("editor");
  await page.goto("/products/create");
  const sku = unique("DE");
  await page.locator("form").getByLabel("SKU").fill(sku);
  await nameField(page).fill("Ohne Netz angelegt");
  await page.locator("form").getByLabel("Preis").fill("7");
  await page.context().setOffline(true);
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Noch nicht gespeichert: Der Server ist nicht erreichbar.")).toBeVisible();
  await expect(page.locator("[data-connection-banner]")).toContainText("Der Server ist nicht erreichbar.");
  await page.context().setOffline(false);
  await expect(page.getByRole("heading", { name: "Produkt Ohne Netz angelegt" })).toBeVisible();
  expect(await productsWithSku(sku)).toBe(1);
});

test("leaving a form with changes asks first: menu, Back, palette, closing the tab, and after a refused save", async () => {
  const product = await newProduct();
  const page = await newOperatorPage("editor", { width: 1280, height: 800 });
  const asked: string[] = [];
  let answer: "stay" | "leave" = "stay";
  page.on("dialog", (dialog) => {
    asked.push(dialog.type());
    void (answer === "stay" ? dialog.dismiss() : dialog.accept());
  });
  // Opened from the record's page, as operators do, so Back has somewhere to go inside the console.
  await page.goto(`/products/${product.id}`);
  await headerButtons(page).getByRole("button", { name: "Edit" }).click();
  await expect(nameField(page)).toHaveValue(product.name);
  const name = unique("Not yet saved");
  await nameField(page).fill(name);
  const stays = async (how: string) => {
    expect(asked, how).toHaveLength(1);
    asked.length = 0;
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}/edit$`));
    await expect(nameField(page)).toHaveValue(name);
  };

  await page.getByRole("menuitem", { name: "Customers" }).click();
  await stays("menu link");
  await page.evaluate(() => window.history.back());
  await stays("Back");
  await page.keyboard.press("Control+k");
  await page.getByRole("combobox", { name: "Search commands and records" }).fill("Customers");
  await page.keyboard.press("Enter");
  await stays("palette");
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(["beforeunload"]);
  asked.length = 0;
  expect(page.isClosed()).toBe(false);

  // A save the database refuses leaves the changes unsaved: leaving still asks.
  const { data: other } = await serviceClient().from("products").select("sku").neq("id", product.id).limit(1).single();
  await page.locator("form").getByLabel("SKU").fill(String(other?.sku));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("A product with this SKU already exists.")).toBeVisible();
  await page.getByRole("menuitem", { name: "Customers" }).click();
  await stays("menu link after a refused save");

  // Choosing to leave drops the draft: the form opens with the record again.
  answer = "leave";
  await page.getByRole("menuitem", { name: "Customers" }).click();
  await expect(page).toHaveURL(/\/customers/);
  await page.goto(`/products/${product.id}/edit`);
  await expect(nameField(page)).toHaveValue(product.name);
  await expect(page.getByText(/unsaved changes from/)).toHaveCount(0);
});

test("a reload keeps what was typed: the form brings it back, and Discard drops it", async () => {
  const product = await newProduct();
  const page = await newOperatorPage("editor", { width: 1280, height: 800 });
  page.on("dialog", (dialog) => void dialog.accept());
  await openEdit(page, product);
  const name = unique("Typed before reload");
  await nameField(page).fill(name);
  await page.reload();
  await expect(nameField(page)).toHaveValue(name);
  await expect(page.getByText(/^Your unsaved changes from .+ are back in the form\.$/)).toBeVisible();
  await page.getByRole("button", { name: "Discard changes" }).click();
  await expect(nameField(page)).toHaveValue(product.name);
  await page.reload();
  await expect(nameField(page)).toHaveValue(product.name);
  expect((await productNow(product.id)).version).toBe(product.version);
});
