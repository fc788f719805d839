// The demo store's own rules in the console (issue 27 C9, docs/product.md §4 "The store's
// rules"): an order line asks for no more than is in stock and only for active products, an
// empty order or a blocked customer's order is not paid, a shipped order is not deleted;
// each refusal is said where the operator acted, in English and in German, and nothing changes.
import { expect, type Page } from "@playwright/test";
import { insertRow, serviceClient } from "./backend";
import { unique } from "./helpers";
import { newOperatorPage } from "./operatorPage";
import { test } from "./test";

interface Arranged {
  customer: { id: string; full_name: string };
  product: { id: number; name: string; sku: string };
}

async function arrange(stock: number, blocked = false): Promise<Arranged> {
  const category = await insertRow<{ id: number }>("categories", { name: unique("Rules") });
  const sku = unique("RULE");
  const product = await insertRow<{ id: number; name: string; sku: string }>("products", {
    sku,
    // Not the SKU: the picker must find the product by its SKU, not by a name that repeats it.
    name: `Rule lamp ${sku.toLowerCase().replaceAll("-", " ")}`,
    price: 12,
    stock,
    status: "active",
    category_id: category.id,
  });
  const customer = await insertRow<{ id: string; full_name: string }>("customers", {
    full_name: `Rule Buyer ${sku}`,
    email: `${sku.toLowerCase()}@example.com`,
    country: "DE",
  });
  if (blocked) await serviceClient().from("customers").update({ is_blocked: true }).eq("id", customer.id);
  return { customer, product };
}

async function orderWith(customer: string, lines: { product_id: number; quantity: number }[]) {
  const order = await insertRow<{ id: number; number: string }>("orders", { customer_id: customer });
  for (const line of lines) await insertRow("order_items", { ...line, order_id: order.id });
  return order;
}

async function walk(orderId: number, statuses: string[]) {
  for (const status of statuses) {
    const { error } = await serviceClient().from("orders").update({ status }).eq("id", orderId);
    expect(error).toBeNull();
  }
}

const notice = (page: Page, text: string | RegExp) =>
  page.locator(".ant-notification-notice").filter({ hasText: text });

async function confirmStatus(page: Page, action: string, yes = "Yes") {
  await page.getByRole("button", { name: action }).click();
  await page.locator(".ant-popover:visible").getByRole("button", { name: yes }).click();
}

test.describe("as editor, in English", () => {
  test.use({ signedInAs: "editor" });

  test("a line asks for no more than is in stock, and only for active products", async ({ page }) => {
    const { customer, product } = await arrange(2);
    const archived = await insertRow<{ sku: string }>("products", {
      sku: unique("ARCH"),
      name: "Archived lamp",
      price: 5,
      stock: 50,
      status: "archived",
    });
    const order = await orderWith(customer.id, [{ product_id: product.id, quantity: 1 }]);
    await page.goto(`/orders/${order.id}`);

    // More than the shelf holds: said under the quantity, nothing saved.
    const quantity = page.getByRole("spinbutton", { name: /^Quantity of line / });
    await quantity.fill("5");
    await quantity.press("Enter");
    await expect(page.getByRole("alert").filter({ hasText: "in stock" })).toHaveText(
      `Only 2 of ${product.name} in stock; the order needs 5.`,
    );
    // A quantity no line can take is said before anything is sent (not cut to 999).
    await quantity.fill("1000");
    await expect(page.getByRole("alert").filter({ hasText: "Quantity" })).toHaveText("Quantity must be 1–999.");
    await quantity.press("Enter");
    await expect(quantity).toHaveValue("1,000");
    const { data: line } = await serviceClient().from("order_items").select("quantity").eq("order_id", order.id);
    expect(line).toEqual([{ quantity: 1 }]);

    // The picker offers active products only; found by their SKU.
    const addItem = page.getByLabel("Add an item");
    const picker = addItem.getByRole("combobox", { name: "Product" });
    await picker.click();
    await picker.fill(archived.sku);
    await expect(page.locator(".ant-select-dropdown:visible .ant-empty")).toBeVisible();
    await picker.fill(product.sku);
    await page
      .locator(".ant-select-dropdown:visible .ant-select-item-option")
      .filter({ hasText: product.name })
      .click();
    await addItem.getByLabel("Quantity").fill("2");
    await addItem.getByRole("button", { name: "Add item" }).click();
    await expect(addItem.locator(".ant-form-item-explain-error")).toHaveText(
      `Only 2 of ${product.name} in stock; the order needs 3.`,
    );
  });

  test("an order without items is not paid, and says so", async ({ page }) => {
    const { customer } = await arrange(5);
    const order = await orderWith(customer.id, []);
    await page.goto(`/orders/${order.id}`);
    await confirmStatus(page, "Mark as paid");
    await expect(notice(page, "An order without items cannot become paid.")).toBeVisible();
    const { data } = await serviceClient().from("orders").select("status").eq("id", order.id).single();
    expect(data?.status).toBe("pending");
  });
});

test.describe("pickers, as editor", () => {
  test.use({ signedInAs: "editor" });

  test("the order form's customer picker finds a customer by e-mail and offers no blocked one", async ({ page }) => {
    const open = await insertRow<{ full_name: string; email: string }>("customers", {
      full_name: unique("Picker Open"),
      email: `${unique("picked-by-mail").toLowerCase()}@example.com`,
      country: "DE",
    });
    const blocked = await insertRow<{ full_name: string; email: string }>("customers", {
      full_name: unique("Picker Blocked"),
      email: `${unique("blocked-by-mail").toLowerCase()}@example.com`,
      country: "DE",
      is_blocked: true,
    });
    await page.goto("/orders/create");
    const picker = page.locator("form").getByRole("combobox", { name: "Customer" });
    await picker.click();
    const options = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
    await picker.fill(open.email.slice(0, 20));
    await expect(options.filter({ hasText: open.full_name })).toBeVisible();
    await expect(options.filter({ hasText: open.full_name })).toContainText(open.email);
    await picker.fill(blocked.email.slice(0, 20));
    await expect(page.locator(".ant-select-dropdown:visible .ant-empty")).toBeVisible();
  });
});

test.describe("in German", () => {
  test("a blocked customer's order is not paid, and a shipped order is not deleted", async () => {
    const { customer, product } = await arrange(10);
    const pending = await orderWith(customer.id, [{ product_id: product.id, quantity: 1 }]);
    const shipped = await orderWith(customer.id, [{ product_id: product.id, quantity: 1 }]);
    await walk(shipped.id, ["paid", "shipped"]);
    await serviceClient().from("customers").update({ is_blocked: true }).eq("id", customer.id);

    const page = await newOperatorPage("admin", { width: 390, height: 800 });
    await page.context().addInitScript(() => localStorage.setItem("opsdesk.locale", "de"));
    await page.goto(`/orders/${pending.id}`);
    await confirmStatus(page, "Als bezahlt markieren", "Ja");
    await expect(
      notice(
        page,
        `${customer.full_name} ist gesperrt: Die Bestellung kann nicht zu „Bezahlt“ wechseln. Stornieren Sie sie oder heben Sie zuerst die Sperre auf.`,
      ),
    ).toBeVisible();

    await page.goto(`/orders/${shipped.id}`);
    await page.getByRole("button", { name: "Löschen" }).click();
    await page.locator(".ant-popover:visible").getByRole("button", { name: "Löschen" }).click();
    // The delete waits behind Undo; sent at once here (the notice's time runs out).
    await expect(
      notice(page, `Nur offene oder stornierte Bestellungen können gelöscht werden; ${shipped.number} ist „Versandt“.`),
    ).toBeVisible({ timeout: 20_000 });
    const { data } = await serviceClient().from("orders").select("status").eq("id", shipped.id).single();
    expect(data?.status).toBe("shipped");
  });
});
