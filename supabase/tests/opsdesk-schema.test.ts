// Opsdesk's schema (supabase/migrations + seed.sql) on a real stack: named
// constraints, versions, the order state machine, totals, generated values, audit.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { DEMO, dbError, insertSql, queryAs } from "./opsdesk-db.js";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
});
afterAll(async () => {
  await stack?.stop();
});

async function insert(table: string, row: Record<string, unknown>) {
  const { text, values } = insertSql(table, row);
  return (await stack.sql(text, values))[0];
}

async function one<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T> {
  return (await stack.sql(text, values))[0] as T;
}

const long = (n: number) => "x".repeat(n);

describe("constraints", () => {
  const valid: Record<string, () => Promise<Record<string, unknown>>> = {
    categories: async () => ({ name: "Constraint probe" }),
    products: async () => ({ sku: "PROBE-1", name: "Probe", price: 10, category_id: 1 }),
    customers: async () => ({ full_name: "Pat Probe", email: "pat.probe@example.com", country: "DE" }),
    orders: async () => ({ customer_id: (await one<{ id: string }>("select id from customers limit 1")).id }),
    order_items: async () => ({
      order_id: (await one<{ id: string }>("select id from orders where status = 'pending' limit 1")).id,
      product_id: 4,
      quantity: 1,
    }),
  };

  // [table, override of a valid row, the constraint that must reject it]
  const cases: [string, Record<string, unknown>, string][] = [
    ["categories", { name: "" }, "categories_name_check"],
    ["categories", { name: "   " }, "categories_name_check"],
    ["categories", { name: long(61) }, "categories_name_check"],
    ["categories", { name: "Electronics" }, "categories_name_key"],
    ["categories", { slug: "Not A Slug" }, "categories_slug_check"],
    ["categories", { slug: "double--dash" }, "categories_slug_check"],
    ["categories", { slug: "electronics" }, "categories_slug_key"],
    ["categories", { name: "!!!" }, "categories_slug_check"],
    ["categories", { description: long(501) }, "categories_description_check"],
    ["products", { sku: "AB" }, "products_sku_check"],
    ["products", { sku: "abc-123" }, "products_sku_check"],
    ["products", { sku: `A${long(32).toUpperCase()}` }, "products_sku_check"],
    ["products", { sku: "FAS-0001" }, "products_sku_key"],
    ["products", { name: "" }, "products_name_check"],
    ["products", { name: long(121) }, "products_name_check"],
    ["products", { description: long(5001) }, "products_description_check"],
    ["products", { category_id: 999_999 }, "products_category_id_fkey"],
    ["products", { price: -0.01 }, "products_price_check"],
    ["products", { stock: -1 }, "products_stock_check"],
    ["products", { status: "active", price: 0 }, "products_status_check_active"],
    ["products", { status: "active", category_id: null }, "products_status_check_active"],
    ["products", { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, "products_tags_check"],
    ["customers", { full_name: "" }, "customers_full_name_check"],
    ["customers", { full_name: long(121) }, "customers_full_name_check"],
    ["customers", { email: "not-an-address" }, "customers_email_check"],
    ["customers", { email: "two@@example.com" }, "customers_email_check"],
    ["customers", { email: "AMIR.HADDAD@example.com" }, "customers_email_key"],
    ["customers", { phone: "call me" }, "customers_phone_check"],
    ["customers", { phone: "12345" }, "customers_phone_check"],
    ["customers", { country: "XX" }, "customers_country_check"],
    ["customers", { country: "de" }, "customers_country_check"],
    ["customers", { notes: long(2001) }, "customers_notes_check"],
    ["orders", { customer_id: "00000000-0000-4000-8000-00000000abcd" }, "orders_customer_id_fkey"],
    ["orders", { notes: long(2001) }, "orders_notes_check"],
    ["order_items", { quantity: 0 }, "order_items_quantity_check"],
    ["order_items", { quantity: 1000 }, "order_items_quantity_check"],
    ["order_items", { unit_price: -1 }, "order_items_unit_price_check"],
    ["order_items", { product_id: 999_999 }, "order_items_product_id_fkey"],
    ["order_items", { order_id: 999_999 }, "order_items_order_id_fkey"],
  ];

  it.each(Object.keys(valid))("accepts a valid %s row (the baseline of the cases below)", async (table) => {
    const { text, values } = insertSql(table, await valid[table]());
    const result = await queryAs(stack, "service_role", text, values); // rolled back
    expect(result.rowCount).toBe(1);
  });

  it.each(cases)("%s %j is rejected by %s", async (table, override, constraint) => {
    const err = await dbError(insert(table, { ...(await valid[table]()), ...override }));
    expect(err.constraint).toBe(constraint);
    const code = constraint.endsWith("_fkey") ? "23503" : constraint.endsWith("_key") ? "23505" : "23514";
    expect(err.code).toBe(code);
  });

  it.each([
    ["categories", "delete from categories where id = 1", "products_category_id_fkey"],
    [
      "products",
      "delete from products where id in (select product_id from order_items)",
      "order_items_product_id_fkey",
    ],
    ["customers", "delete from customers where id in (select customer_id from orders)", "orders_customer_id_fkey"],
  ])("a %s row still in use cannot be deleted", async (_table, sql, constraint) => {
    const err = await dbError(stack.sql(sql));
    expect(err).toMatchObject({ code: "23503", constraint });
  });

  it("names every check, unique and foreign key <table>_<column>_check|key|fkey[_rule] after one of its columns", async () => {
    const rows = await stack.sql<{ table: string; name: string; type: string; columns: string[] }>(
      `select c.conrelid::regclass::text as table, c.conname as name, c.contype as type,
              array(select a.attname::text from pg_attribute a
                    where a.attrelid = c.conrelid and a.attnum = any (c.conkey)) as columns
       from pg_constraint c
       where c.connamespace = 'public'::regnamespace and c.contype in ('c', 'u', 'f')
       union all
       select i.indrelid::regclass::text, ic.relname, 'u',
              array(select pg_get_indexdef(i.indexrelid, k, true) from generate_series(1, i.indnatts) k)
       from pg_index i join pg_class ic on ic.oid = i.indexrelid
       where i.indisunique and not i.indisprimary and ic.relnamespace = 'public'::regnamespace
         and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    );
    expect(rows.length).toBeGreaterThan(30);
    const suffix = { c: "check", u: "key", f: "fkey" } as Record<string, string>;
    for (const row of rows) {
      const named = row.columns.some((column) => {
        const base = `${row.table}_${column.replace(/^lower\((\w+)\)$/, "$1")}_${suffix[row.type]}`;
        return row.name === base || (row.type === "c" && row.name.startsWith(`${base}_`));
      });
      expect(named, `${row.table}.${row.name} on (${row.columns})`).toBe(true);
    }
  });

  it("documents every constraint in plain words in the header of the migration that adds it", async () => {
    const migrations = path.join(REPO_ROOT, "supabase/migrations");
    const header = readdirSync(migrations)
      .map((file) => readFileSync(path.join(migrations, file), "utf8"))
      .join("\n");
    const documented = new Set([...header.matchAll(/^-- {3}(\w+) {2,}\S/gm)].map((m) => m[1]));
    const rows = await stack.sql<{ name: string }>(
      `select conname as name from pg_constraint
       where connamespace = 'public'::regnamespace and contype in ('c', 'u', 'f')
       union select relname from pg_class where relkind = 'i' and relname like '%\\_key'
         and relnamespace = 'public'::regnamespace`,
    );
    for (const { name } of rows) expect(documented.has(name), name).toBe(true);
  });
});

describe("versions", () => {
  it("an update without a version is accepted and bumps it", async () => {
    const before = await one<{ version: number }>("select version from products where id = 10");
    const after = await one<{ version: number }>(
      "update products set stock = stock + 1 where id = 10 returning version",
    );
    expect(after.version).toBe(before.version + 1);
  });

  it("an update carrying the current version is accepted and bumps it", async () => {
    const { version } = await one<{ version: number }>("select version from customers order by created_at limit 1");
    const row = await one<{ version: number }>(
      "update customers set notes = 'called' where id = (select id from customers order by created_at limit 1) and version = $1 returning version",
      [version],
    );
    const again = await one<{ version: number }>(
      "update customers set notes = 'called', version = $1 where id = (select id from customers order by created_at limit 1) returning version",
      [version + 1],
    );
    expect([row.version, again.version]).toEqual([version + 1, version + 2]);
  });

  it.each([
    ["categories", "select id from categories order by id limit 1"],
    ["products", "select id from products order by id limit 1"],
    ["customers", "select id from customers order by id limit 1"],
    ["orders", "select id from orders order by id limit 1"],
    [
      "order_items",
      "select i.id from order_items i join orders o on o.id = i.order_id where o.status = 'pending' limit 1",
    ],
  ])("a stale version on %s is rejected with PT409 and the conflict message", async (table, pick) => {
    const stale = `update ${table} set version = version - 1 where id = (${pick})`;
    const err = await dbError(stack.sql(stale));
    expect(err).toMatchObject({
      code: "PT409",
      message: "Someone else changed this record. Reload to see their changes.",
    });
  });

  it("keeps an order's version when only its derived total follows its lines", async () => {
    const [order] = await stack.sql<{ id: string; version: number; total: string }>(
      "select id, version, total from orders where status = 'pending' order by id limit 1",
    );
    await insert("order_items", { order_id: order.id, product_id: 4, quantity: 1 });
    const after = await one<{ version: number; total: string }>("select version, total from orders where id = $1", [
      order.id,
    ]);
    expect(after.version).toBe(order.version);
    expect(Number(after.total)).toBeCloseTo(Number(order.total) + 62.99, 2);
  });

  it("sets updated_at on every update", async () => {
    const row = await one<{ fresh: boolean }>(
      "update categories set description = 'Fresh' where id = 2 returning updated_at > created_at as fresh",
    );
    expect(row.fresh).toBe(true);
  });
});

describe("generated values", () => {
  it("derives a category slug from the name when none is given, and keeps an explicit one", async () => {
    const derived = await insert("categories", { name: "  Summer Sale: 50% off!  " });
    const blank = await insert("categories", { name: "Winter Deals", slug: "" });
    const own = await insert("categories", { name: "Spring", slug: "spring-2025" });
    expect([derived.slug, blank.slug, own.slug]).toEqual(["summer-sale-50-off", "winter-deals", "spring-2025"]);
  });

  it("numbers orders ORD-000001… from the identity and never takes a number from the client", async () => {
    const customer = await one<{ id: string }>("select id from customers limit 1");
    const order = await insert("orders", { customer_id: customer.id });
    expect(order.number).toBe(`ORD-${String(order.id).padStart(6, "0")}`);
    expect(await one("select number from orders where id = 1")).toEqual({ number: "ORD-000001" });
    const err = await dbError(insert("orders", { customer_id: customer.id, number: "ORD-999999" }));
    expect(err.code).toBe("428C9");
  });

  it("finds products and customers through the full-text search column: folded words, no stemming", async () => {
    // The words of 20250701100000_search_text.sql ('simple', accents and case folded);
    // SKUs are found through their own indexes (opsdesk-search.test.ts).
    const products = await stack.sql(
      "select sku from products where search @@ websearch_to_tsquery('simple', 'espresso beans') order by sku",
    );
    expect(products.length).toBeGreaterThan(0);
    const stemmed = await stack.sql("select sku from products where search @@ websearch_to_tsquery('simple', 'bean')");
    expect(stemmed).toEqual([]);
    const byEmail = await stack.sql(
      "select email from customers where search @@ websearch_to_tsquery('simple', 'amir.haddad@example.com')",
    );
    expect(byEmail).toEqual([{ email: "amir.haddad@example.com" }]);
    const byName = await stack.sql<{ email: string }>(
      "select email from customers where search @@ websearch_to_tsquery('simple', 'amir haddad')",
    );
    expect(byName.map((c) => c.email)).toContain("amir.haddad@example.com");
    const folded = await stack.sql<{ full_name: string }>(
      "select full_name from customers where search @@ websearch_to_tsquery('simple', 'jurgen muller')",
    );
    expect(folded.map((c) => c.full_name)).toContain("Jürgen Müller");
  });
});

describe("orders: state machine, item lock, totals", () => {
  const LEGAL: Record<string, string[]> = {
    pending: ["paid", "cancelled"],
    paid: ["shipped", "cancelled", "refunded"],
    shipped: ["delivered", "refunded"],
    delivered: ["refunded"],
    cancelled: [],
    refunded: [],
  };
  const PATH: Record<string, string[]> = {
    pending: [],
    paid: ["paid"],
    shipped: ["paid", "shipped"],
    delivered: ["paid", "shipped", "delivered"],
    cancelled: ["cancelled"],
    refunded: ["paid", "refunded"],
  };

  /** A new pending order with one line (product 4, price 62.99) walked to `status`. */
  async function orderIn(status: string): Promise<number> {
    const customer = await one<{ id: string }>("select id from customers limit 1");
    const order = await insert("orders", { customer_id: customer.id });
    await insert("order_items", { order_id: order.id, product_id: 4, quantity: 2 });
    for (const step of PATH[status]) await stack.sql("update orders set status = $1 where id = $2", [step, order.id]);
    return Number(order.id);
  }

  const pairs = Object.keys(LEGAL).flatMap((from) =>
    Object.keys(LEGAL)
      .filter((to) => to !== from)
      .map((to) => [from, to, LEGAL[from].includes(to)] as const),
  );

  it.each(pairs)("%s → %s allowed: %s", async (from, to, legal) => {
    const id = await orderIn(from);
    const attempt = stack.sql("update orders set status = $1 where id = $2 returning status", [to, id]);
    if (legal) {
      expect(await attempt).toEqual([{ status: to }]);
    } else {
      expect(await dbError(attempt)).toMatchObject({
        code: "P0001",
        message: `An order that is ${from} cannot become ${to}.`,
      });
    }
  });

  it("exposes the same transitions through order_next_statuses()", async () => {
    for (const [from, to] of Object.entries(LEGAL)) {
      const row = await one<{ next: string }>("select order_next_statuses($1)::text[] as next", [from]);
      expect(row.next, from).toEqual(to);
    }
  });

  it("stamps paid_at, shipped_at and delivered_at on their transitions, and only then", async () => {
    const id = await orderIn("delivered");
    const row = await one<Record<string, boolean>>(
      `select paid_at >= placed_at as paid, shipped_at >= paid_at as shipped, delivered_at >= shipped_at as delivered
       from orders where id = $1`,
      [id],
    );
    expect(row).toEqual({ paid: true, shipped: true, delivered: true });
    const err = await dbError(stack.sql("update orders set paid_at = now() where id = $1", [id]));
    expect(err.message).toBe("Order times are set by status changes and cannot be edited.");
  });

  it("creates orders only as pending", async () => {
    const customer = await one<{ id: string }>("select id from customers limit 1");
    const err = await dbError(insert("orders", { customer_id: customer.id, status: "paid" }));
    expect(err).toMatchObject({ code: "P0001", message: "A new order must start as pending." });
  });

  it("locks the items once the order is no longer pending", async () => {
    const id = await orderIn("paid");
    const locked = "Items can only be changed while the order is pending.";
    expect(await dbError(insert("order_items", { order_id: id, product_id: 5, quantity: 1 }))).toMatchObject({
      code: "P0001",
      message: locked,
    });
    expect((await dbError(stack.sql("update order_items set quantity = 3 where order_id = $1", [id]))).message).toBe(
      locked,
    );
    expect((await dbError(stack.sql("delete from order_items where order_id = $1", [id]))).message).toBe(locked);
    const pending = await orderIn("pending");
    const moved = stack.sql("update order_items set order_id = $1 where order_id = $2", [id, pending]);
    expect((await dbError(moved)).message).toBe(locked);
  });

  it("an item insert waits for a concurrent status change and is then refused", async () => {
    const id = await orderIn("pending");
    const payer = new pg.Client({ connectionString: stack.dbUrl });
    const adder = new pg.Client({ connectionString: stack.dbUrl });
    await Promise.all([payer.connect(), adder.connect()]);
    try {
      await payer.query("begin");
      await payer.query("update orders set status = 'paid' where id = $1", [id]);
      const adding = adder.query("insert into order_items (order_id, product_id, quantity) values ($1, 5, 1)", [id]);
      const outcome = adding.then(
        () => "inserted",
        (err: Error) => err.message,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await payer.query("commit");
      expect(await outcome).toBe("Items can only be changed while the order is pending.");
    } finally {
      await Promise.all([payer.end(), adder.end()]);
    }
  });

  it("deleting a cancelled order deletes its items with it", async () => {
    const id = await orderIn("cancelled");
    await stack.sql("delete from orders where id = $1", [id]);
    expect(await stack.sql("select 1 from order_items where order_id = $1", [id])).toEqual([]);
  });

  it("defaults unit_price to the product's price, computes line_total and keeps the order total in sync", async () => {
    const id = await orderIn("pending");
    const product = await one<{ price: string }>("select price from products where id = 6");
    const line = await insert("order_items", { order_id: id, product_id: 6, quantity: 3 });
    expect(line.unit_price).toBe(product.price);
    expect(Number(line.line_total)).toBeCloseTo(3 * Number(product.price), 2);
    const total = async () => (await one<{ total: string }>("select total from orders where id = $1", [id])).total;
    expect(Number(await total())).toBeCloseTo(2 * 62.99 + 3 * Number(product.price), 2);
    await stack.sql("update order_items set quantity = 1, unit_price = 10 where id = $1", [line.id]);
    expect(await total()).toBe(String((2 * 62.99 + 10).toFixed(2)));
    await stack.sql("delete from order_items where order_id = $1", [id]);
    expect(await total()).toBe("0.00");
    await stack.sql("update orders set total = 999 where id = $1", [id]);
    expect(await total()).toBe("0.00");
  });

  it("every seeded order's total is the sum of its lines and its times follow its status", async () => {
    const bad = await stack.sql(
      `select o.number from orders o
       where o.total <> coalesce((select sum(i.line_total) from order_items i where i.order_id = o.id), 0)
          or (o.status in ('paid', 'shipped', 'delivered') and o.paid_at is null)
          or (o.status in ('shipped', 'delivered') and o.shipped_at is null)
          or (o.status = 'delivered' and o.delivered_at is null)
          or (o.status = 'pending' and (o.paid_at is not null or o.shipped_at is not null))`,
    );
    expect(bad).toEqual([]);
    const statuses = await stack.sql<{ status: string }>("select distinct status::text from orders order by 1");
    expect(statuses.map((s) => s.status)).toEqual(["cancelled", "delivered", "paid", "pending", "refunded", "shipped"]);
  });
});

describe("operators", () => {
  it("an operator's e-mail follows an e-mail change of the auth account", async () => {
    await stack.sql("update auth.users set email = 'vera@example.com' where id = $1", [DEMO.viewer.id]);
    expect(await one("select email from opsdesk.operators where user_id = $1", [DEMO.viewer.id])).toEqual({
      email: "vera@example.com",
    });
    await stack.sql("update auth.users set email = $2 where id = $1", [DEMO.viewer.id, DEMO.viewer.email]);
  });
});

// The store's trail is Opsdesk's (opsdesk.audit_log, 20250731100000_demo_opsdesk_switch.sql).
describe("audit log", () => {
  it("records an update with actor, e-mail, old and new values and the changed columns", async () => {
    await queryAs(stack, "editor", "update products set name = 'Renamed by editor' where id = 20", [], {
      commit: true,
    });
    const row = await one(
      `select actor_id, actor_email, action, record_id, record_key, old ->> 'name' as old_name, new ->> 'name' as new_name, changed
       from opsdesk.audit_log where schema_name = 'public' and table_name = 'products' and record_id = '20'
       order by id desc limit 1`,
    );
    expect(row).toMatchObject({
      actor_id: DEMO.editor.id,
      actor_email: DEMO.editor.email,
      action: "UPDATE",
      record_id: "20",
      record_key: { id: 20 },
      new_name: "Renamed by editor",
      changed: ["name", "updated_at", "version"],
    });
    expect(row.old_name).not.toBe("Renamed by editor");
  });

  it("records a bulk update as one row per record, and a re-keyed record as its two sides", async () => {
    const count = async () =>
      (
        await one<{ n: number }>(
          "select count(*)::int as n from opsdesk.audit_log where schema_name = 'public' and action = 'UPDATE'",
        )
      ).n;
    const before = await count();
    const updated = await queryAs(
      stack,
      "admin",
      "update products set stock = stock + 1 where id between 100 and 149",
      [],
      {
        commit: true,
      },
    );
    const last = await one<{ changed: string[] }>("select changed from opsdesk.audit_log order by id desc limit 1");
    expect(updated.rowCount).toBe(50);
    expect(last.changed).toEqual(["stock", "updated_at", "version"]);
    expect(await count()).toBe(before + 50);
    const lonely = await insert("categories", { name: "Re-keyed" });
    await stack.sql("update categories set id = 9999 where id = $1", [lonely.id]);
    const sides = await stack.sql(
      `select record_id, old is null as no_old, new is null as no_new from opsdesk.audit_log
       where table_name = 'categories' and action = 'UPDATE' and record_id in ($1, '9999') order by record_id`,
      [String(lonely.id)],
    );
    expect(sides).toEqual([
      { record_id: String(lonely.id), no_old: false, no_new: true },
      { record_id: "9999", no_old: true, no_new: false },
    ]);
  });

  it("records inserts and deletes, keyed by the record's primary key", async () => {
    const created = await queryAs<{ id: string }>(
      stack,
      "admin",
      "insert into categories (name) values ('Audited') returning id",
      [],
      { commit: true },
    );
    const id = created.rows[0].id;
    await queryAs(stack, "admin", "delete from categories where id = $1", [id], { commit: true });
    const matrixRow = { role: "viewer", schema_name: "public", table_name: "products", action: "export" };
    await queryAs(
      stack,
      "admin",
      `delete from opsdesk.permissions
       where role = 'viewer' and schema_name = 'public' and table_name = 'products' and action = 'export'`,
      [],
      {
        commit: true,
      },
    );
    const rows = await stack.sql(
      `select schema_name, table_name, record_key, action, actor_email, old is null as no_old, new is null as no_new
       from opsdesk.audit_log
       where (schema_name = 'public' and table_name = 'categories' and record_id = $1)
          or (schema_name = 'opsdesk' and table_name = 'permissions' and record_key = $2 and actor_id is not null)
       order by id`,
      [String(id), JSON.stringify(matrixRow)],
    );
    const entry = {
      schema_name: "public",
      table_name: "categories",
      record_key: { id: Number(id) },
      actor_email: DEMO.admin.email,
    };
    expect(rows).toEqual([
      { ...entry, action: "INSERT", no_old: true, no_new: false },
      { ...entry, action: "DELETE", no_old: false, no_new: true },
      {
        schema_name: "opsdesk",
        table_name: "permissions",
        record_key: matrixRow,
        action: "DELETE",
        actor_email: DEMO.admin.email,
        no_old: false,
        no_new: true,
      },
    ]);
    await stack.sql("insert into opsdesk.permissions values ('viewer', 'public', 'products', 'export')");
  });

  // service_role: install 0009 (the install had granted it every privilege on opsdesk's tables).
  it.each(["service_role", "admin", "editor"] as const)(
    "is append-only for %s through the API roles: no insert, update or delete",
    async (account) => {
      for (const sql of [
        "update opsdesk.audit_log set actor_email = 'forged'",
        "delete from opsdesk.audit_log",
        "insert into opsdesk.audit_log (schema_name, table_name, record_id, action) values ('public', 'x', '1', 'INSERT')",
      ]) {
        expect((await dbError(queryAs(stack, account, sql))).code, sql).toBe("42501");
      }
    },
  );

  it("is append-only even for the database owner", async () => {
    for (const sql of [
      "update opsdesk.audit_log set actor_email = 'forged'",
      "delete from opsdesk.audit_log",
      "truncate opsdesk.audit_log",
    ]) {
      expect(await dbError(stack.sql(sql)), sql).toMatchObject({
        code: "P0001",
        message: "The audit log cannot be changed.",
      });
    }
  });
});

describe('Opsdesk runs the store as any project (docs/any-project.md, "The demo store")', () => {
  it("holds every install file and manages the store's tables with Opsdesk's policies and audit triggers only", async () => {
    const versions = readdirSync(path.join(REPO_ROOT, "install", "sql"))
      .map((f) => /^(\d{4})_/.exec(f)?.[1])
      .filter(Boolean);
    const installed = await stack.sql<{ version: string }>("select version from opsdesk.installed order by 1");
    expect(installed.map((r) => r.version)).toEqual(versions);
    const managed = await stack.sql<{ name: string }>(
      "select schema_name || '.' || table_name as name from opsdesk.managed_tables order by 1",
    );
    expect(managed.map((r) => r.name)).toEqual([
      "opsdesk.audit_log",
      "opsdesk.operators",
      "opsdesk.permissions",
      "opsdesk.roles",
      "opsdesk.table_settings",
      "public.categories",
      "public.customers",
      "public.order_items",
      "public.orders",
      "public.products",
    ]);
    // Every policy on the store's tables is Opsdesk's; every audit trigger too.
    const storePolicies = await stack.sql<{ name: string }>(
      `select tablename || ': ' || policyname as name from pg_policies
       where schemaname = 'public' and tablename in ('categories', 'products', 'customers', 'orders', 'order_items')
       order by 1`,
    );
    expect(storePolicies.every((p) => /: opsdesk: operators (select|insert|update|delete)$/.test(p.name))).toBe(true);
    expect(storePolicies).toHaveLength(20);
    const audit = await stack.sql<{ name: string }>(
      `select tgname::text as name from pg_trigger
       where tgrelid = 'public.products'::regclass and tgname like '%audit%' order by 1`,
    );
    expect(audit.map((t) => t.name)).toEqual(["opsdesk_audit_delete", "opsdesk_audit_insert", "opsdesk_audit_update"]);
    expect(
      await one("select settings from opsdesk.table_settings where schema_name = 'public' and table_name = 'products'"),
    ).toEqual({ settings: { audit_exclude: ["category_name"] } });
    // The store's own grants, as its migrations make them: the audit log is read-only for the API
    // roles, and a record's key and timestamps are never inserted through the API.
    expect(
      await one(
        `select has_table_privilege('authenticated', 'opsdesk.audit_log', 'insert, update, delete') as audit_writable,
                has_table_privilege('authenticated', 'public.categories', 'insert') as categories_whole_table,
                has_column_privilege('authenticated', 'public.categories', 'name', 'insert') as categories_name`,
      ),
    ).toEqual({ audit_writable: false, categories_whole_table: false, categories_name: true });
  });
});
