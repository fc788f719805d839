// The demo store's own rules (docs/product.md §4 "The store's rules", issue 27 C9) through the
// REST API, as an operator's console meets them: each refusal is P0001 with its code in `hint`
// and its facts as JSON in `details`; stock moves with payment and comes back on cancelling or
// refunding before shipment; customers are kept on shipped orders; the books are not deleted.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { type DemoClients, signInDemoAccounts } from "./opsdesk-db.js";

let stack: TestStack;
let as: DemoClients;
let editor: SupabaseClient;
let admin: SupabaseClient;
let category: number;

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
  as = await signInDemoAccounts(stack);
  editor = as("editor");
  admin = as("admin");
  [{ id: category }] = await stack.sql<{ id: number }>(
    "insert into public.categories (name) values ('Store rules') returning id",
  );
});
afterAll(async () => {
  await stack?.stop();
});

let serial = 0;
const next = () => {
  serial += 1;
  return serial;
};

async function product(fields: { stock?: number; status?: string; price?: number } = {}) {
  const n = next();
  const [row] = await stack.sql<{ id: number; name: string }>(
    `insert into public.products (sku, name, price, stock, status, category_id)
     values ($1, $2, $3, $4, $5::public.product_status, $6) returning id, name`,
    [`RULE-${n}`, `Rule product ${n}`, fields.price ?? 10, fields.stock ?? 10, fields.status ?? "active", category],
  );
  return { id: Number(row.id), name: row.name };
}

async function customer(blocked = false) {
  const n = next();
  const [row] = await stack.sql<{ id: string; full_name: string }>(
    `insert into public.customers (full_name, email, country, is_blocked)
     values ($1, $2, 'DE', $3) returning id, full_name`,
    [`Rule Customer ${n}`, `rule.customer.${n}@example.com`, blocked],
  );
  return row;
}

async function order(customerId: string): Promise<{ id: number; number: string }> {
  const { data, error } = await editor.from("orders").insert({ customer_id: customerId }).select("id, number").single();
  if (error) throw new Error(error.message);
  return data;
}

async function line(orderId: number, productId: number, quantity: number) {
  return editor.from("order_items").insert({ order_id: orderId, product_id: productId, quantity }).select().single();
}

async function setStatus(client: SupabaseClient, orderId: number, status: string) {
  return client.from("orders").update({ status }).eq("id", orderId).select("status").single();
}

const stockOf = async (id: number) =>
  Number((await stack.sql<{ stock: number }>("select stock from public.products where id = $1", [id]))[0].stock);

/** The refusal as the console reads it. */
function rule(error: { code?: string; hint?: string | null; details?: string | null; message?: string } | null) {
  expect(error, "refused").not.toBeNull();
  return {
    code: error?.code,
    hint: error?.hint,
    facts: JSON.parse(error?.details ?? "null"),
    message: error?.message,
  };
}

describe("blocked customers", () => {
  it("refuses a new order for a blocked customer", async () => {
    const blocked = await customer(true);
    const { error } = await editor.from("orders").insert({ customer_id: blocked.id });
    expect(rule(error)).toEqual({
      code: "P0001",
      hint: "order_customer_blocked",
      facts: { customer: blocked.full_name },
      message: `${blocked.full_name} is blocked: no order can be placed for them.`,
    });
  });

  it("refuses paying or shipping an order once its customer is blocked, and lets it be cancelled", async () => {
    const buyer = await customer();
    const item = await product();
    const pending = await order(buyer.id);
    await line(pending.id, item.id, 1);
    const paid = await order(buyer.id);
    await line(paid.id, item.id, 1);
    expect((await setStatus(editor, paid.id, "paid")).error).toBeNull();
    await stack.sql("update public.customers set is_blocked = true where id = $1", [buyer.id]);

    const paying = rule((await setStatus(editor, pending.id, "paid")).error);
    expect(paying).toMatchObject({
      hint: "order_blocked_customer_status",
      facts: { order: pending.number, customer: buyer.full_name, to: "paid" },
    });
    const shipping = rule((await setStatus(editor, paid.id, "shipped")).error);
    expect(shipping.facts).toEqual({ order: paid.number, customer: buyer.full_name, to: "shipped" });
    expect((await setStatus(editor, pending.id, "cancelled")).data).toEqual({ status: "cancelled" });
    expect((await setStatus(editor, paid.id, "refunded")).data).toEqual({ status: "refunded" });
  });

  it("refuses moving a pending order to a blocked customer", async () => {
    const pending = await order((await customer()).id);
    const blocked = await customer(true);
    const { error } = await editor.from("orders").update({ customer_id: blocked.id }).eq("id", pending.id);
    expect(rule(error).hint).toBe("order_customer_blocked");
  });
});

describe("paying", () => {
  it("refuses an order without items", async () => {
    const empty = await order((await customer()).id);
    expect(rule((await setStatus(editor, empty.id, "paid")).error)).toEqual({
      code: "P0001",
      hint: "order_empty",
      facts: { order: empty.number },
      message: "An order without items cannot become paid.",
    });
  });

  it("takes the units out of stock, and cancelling or refunding before shipment puts them back", async () => {
    const item = await product({ stock: 10 });
    const buyer = await customer();
    const cancelled = await order(buyer.id);
    await line(cancelled.id, item.id, 3);
    expect(await stockOf(item.id)).toBe(10);
    await setStatus(editor, cancelled.id, "paid");
    expect(await stockOf(item.id)).toBe(7);
    await setStatus(editor, cancelled.id, "cancelled");
    expect(await stockOf(item.id)).toBe(10);

    const refunded = await order(buyer.id);
    await line(refunded.id, item.id, 4);
    await setStatus(editor, refunded.id, "paid");
    await setStatus(editor, refunded.id, "refunded");
    expect(await stockOf(item.id)).toBe(10);

    // Shipped goods are with the customer: a refund after shipping does not restock.
    const shipped = await order(buyer.id);
    await line(shipped.id, item.id, 2);
    await setStatus(editor, shipped.id, "paid");
    await setStatus(editor, shipped.id, "shipped");
    await setStatus(editor, shipped.id, "refunded");
    expect(await stockOf(item.id)).toBe(8);
  });

  it("refuses paying for units another order took meanwhile, naming the product", async () => {
    const item = await product({ stock: 5 });
    const buyer = await customer();
    const first = await order(buyer.id);
    const second = await order(buyer.id);
    expect((await line(first.id, item.id, 4)).error).toBeNull();
    expect((await line(second.id, item.id, 3)).error).toBeNull();
    expect((await setStatus(editor, first.id, "paid")).error).toBeNull();
    expect(rule((await setStatus(editor, second.id, "paid")).error)).toEqual({
      code: "P0001",
      hint: "insufficient_stock",
      facts: { product: item.name, in_stock: 1, needed: 3 },
      message: `Only 1 of ${item.name} in stock; the order needs 3.`,
    });
    expect(await stockOf(item.id)).toBe(1);
  });

  it("refuses paying for a product archived since it was added", async () => {
    const item = await product();
    const pending = await order((await customer()).id);
    await line(pending.id, item.id, 1);
    await stack.sql("update public.products set status = 'archived' where id = $1", [item.id]);
    expect(rule((await setStatus(editor, pending.id, "paid")).error)).toMatchObject({
      hint: "product_not_active",
      facts: { product: item.name, status: "archived" },
    });
  });
});

describe("lines", () => {
  it("takes only active products", async () => {
    const pending = await order((await customer()).id);
    for (const status of ["archived", "draft"]) {
      const item = await product({ status });
      expect(rule((await line(pending.id, item.id, 1)).error)).toEqual({
        code: "P0001",
        hint: "product_not_active",
        facts: { product: item.name, status },
        message: `${item.name} is ${status}: only active products can be ordered.`,
      });
    }
    const active = await product();
    const archived = await product({ status: "archived" });
    const { data } = await line(pending.id, active.id, 1);
    const { error } = await editor.from("order_items").update({ product_id: archived.id }).eq("id", data?.id);
    expect(rule(error).hint).toBe("product_not_active");
  });

  it("asks for at most the units in stock, a product's lines of one order summed", async () => {
    const item = await product({ stock: 5 });
    const pending = await order((await customer()).id);
    expect(rule((await line(pending.id, item.id, 6)).error)).toMatchObject({
      hint: "insufficient_stock",
      facts: { product: item.name, in_stock: 5, needed: 6 },
    });
    const { data: first } = await line(pending.id, item.id, 3);
    expect(rule((await line(pending.id, item.id, 3)).error).facts).toEqual({
      product: item.name,
      in_stock: 5,
      needed: 6,
    });
    const { error } = await editor.from("order_items").update({ quantity: 9 }).eq("id", first?.id);
    expect(rule(error).hint).toBe("insufficient_stock");
    expect((await editor.from("order_items").update({ quantity: 5 }).eq("id", first?.id)).error).toBeNull();
  });

  it("names the locked order by code when its items are changed after payment", async () => {
    const item = await product();
    const paid = await order((await customer()).id);
    await line(paid.id, item.id, 1);
    await setStatus(editor, paid.id, "paid");
    expect(rule((await line(paid.id, item.id, 1)).error)).toMatchObject({
      hint: "order_items_locked",
      facts: { order: paid.number, status: "paid" },
      message: "Items can only be changed while the order is pending.",
    });
  });
});

describe("the status machine by code", () => {
  it("says which change it refused", async () => {
    const pending = await order((await customer()).id);
    expect(rule((await setStatus(editor, pending.id, "shipped")).error)).toEqual({
      code: "P0001",
      hint: "order_status_change",
      facts: { order: pending.number, from: "pending", to: "shipped" },
      message: "An order that is pending cannot become shipped.",
    });
  });
});

describe("customers of orders", () => {
  it("keeps the customer of an order once it is no longer pending", async () => {
    const item = await product();
    const shipped = await order((await customer()).id);
    await line(shipped.id, item.id, 1);
    await setStatus(editor, shipped.id, "paid");
    await setStatus(editor, shipped.id, "shipped");
    const other = await customer();
    const { error } = await editor.from("orders").update({ customer_id: other.id }).eq("id", shipped.id);
    expect(rule(error)).toEqual({
      code: "P0001",
      hint: "order_customer_locked",
      facts: { order: shipped.number, status: "shipped" },
      message: `Only a pending order can move to another customer; ${shipped.number} is shipped.`,
    });
    const pending = await order((await customer()).id);
    expect((await editor.from("orders").update({ customer_id: other.id }).eq("id", pending.id)).error).toBeNull();
  });

  it("still merges a duplicate customer with shipped orders into the one kept", async () => {
    const item = await product();
    const keep = await customer();
    const duplicate = await customer();
    const shipped = await order(duplicate.id);
    await line(shipped.id, item.id, 1);
    await setStatus(editor, shipped.id, "paid");
    await setStatus(editor, shipped.id, "shipped");
    const versions = await stack.sql<{ id: string; version: number }>(
      "select id, version from public.customers where id in ($1, $2)",
      [keep.id, duplicate.id],
    );
    const version = (id: string) => versions.find((v) => v.id === id)?.version;
    const { error } = await admin.rpc("merge_customers", {
      keep_id: keep.id,
      keep_version: version(keep.id),
      duplicate_id: duplicate.id,
      duplicate_version: version(duplicate.id),
    });
    expect(error).toBeNull();
    const [moved] = await stack.sql<{ customer_id: string }>("select customer_id from public.orders where id = $1", [
      shipped.id,
    ]);
    expect(moved.customer_id).toBe(keep.id);
  });
});

describe("deleting orders", () => {
  it("deletes pending and cancelled orders and keeps the others, each refused by name", async () => {
    const item = await product({ stock: 100 });
    const buyer = await customer();
    const byStatus: Record<string, { id: number; number: string }> = {};
    const paths: Record<string, string[]> = {
      pending: [],
      cancelled: ["cancelled"],
      paid: ["paid"],
      shipped: ["paid", "shipped"],
      delivered: ["paid", "shipped", "delivered"],
      refunded: ["paid", "refunded"],
    };
    for (const [status, steps] of Object.entries(paths)) {
      const created = await order(buyer.id);
      await line(created.id, item.id, 1);
      for (const step of steps) expect((await setStatus(editor, created.id, step)).error).toBeNull();
      byStatus[status] = created;
    }
    for (const status of ["paid", "shipped", "delivered", "refunded"]) {
      const { error } = await admin.from("orders").delete().eq("id", byStatus[status].id);
      expect(rule(error)).toEqual({
        code: "P0001",
        hint: "order_delete_locked",
        facts: { order: byStatus[status].number, status },
        message: `Only pending or cancelled orders can be deleted; ${byStatus[status].number} is ${status}.`,
      });
    }
    for (const status of ["pending", "cancelled"]) {
      const { error, count } = await admin.from("orders").delete({ count: "exact" }).eq("id", byStatus[status].id);
      expect(error).toBeNull();
      expect(count).toBe(1);
    }
  });

  it("reports each order a bulk delete keeps with its code", async () => {
    const item = await product();
    const shipped = await order((await customer()).id);
    await line(shipped.id, item.id, 1);
    await setStatus(editor, shipped.id, "paid");
    await setStatus(editor, shipped.id, "shipped");
    const pending = await order((await customer()).id);
    const { data, error } = await admin.rpc("bulk_write", {
      resource: "orders",
      action: "delete",
      rows: [{ id: shipped.id }, { id: pending.id }],
    });
    expect(error).toBeNull();
    expect(data.changed).toEqual([pending.id]);
    expect(data.refused).toHaveLength(1);
    const [refusal] = data.refused;
    expect(refusal).toMatchObject({ id: shipped.id, code: "P0001", hint: "order_delete_locked" });
    expect(JSON.parse(refusal.details)).toEqual({ order: shipped.number, status: "shipped" });
  });
});
