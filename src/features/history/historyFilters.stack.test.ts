// A record's History (src/features/history): its own audit entries and, for a record with
// `historyIncludes` (an order), those of the rows that belong to it, through the filters the
// console sends, read as a signed-in operator under the audit log's RLS.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestStack, type TestStack } from "../../../stack/test/harness.js";
import { type DemoClients, signInDemoAccounts } from "../../../supabase/tests/opsdesk-db.js";
import { findResource, menuResources, nestedResources } from "../../resources";
import { historyFilters } from "./historyFilters";

let stack: TestStack;
let as: DemoClients;

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
  as = await signInDemoAccounts(stack);
});
afterAll(async () => {
  await stack?.stop();
});

interface Entry {
  table_name: string;
  record_id: string;
  action: string;
}

/** The entries a record's History tab lists, newest first, as the console asks for them. */
async function history(table: string, id: string | number): Promise<Entry[]> {
  const definition = findResource(table);
  let query = as("admin").from("audit_log").select("table_name,record_id,action");
  for (const filter of historyFilters(definition, table, id)) {
    if (!("field" in filter)) throw new Error(`unexpected filter ${JSON.stringify(filter)}`);
    if (filter.operator === "eq") query = query.eq(filter.field, filter.value);
    else if (filter.operator === "in") query = query.in(filter.field, filter.value);
    else throw new Error(`unexpected operator ${filter.operator}`);
  }
  const { data, error } = await query.order("at").order("id");
  if (error) throw error;
  return data as Entry[];
}

/** A new order; with `id`, that one (free in both orders and order items). */
async function newOrder(id?: number): Promise<number> {
  const [row] = await stack.sql<{ id: number }>(
    `insert into public.orders (id, customer_id) overriding system value
       select coalesce($1, nextval(pg_get_serial_sequence('public.orders', 'id'))), id from public.customers
        where not is_blocked order by id limit 1
     returning id`,
    [id ?? null],
  );
  return row.id;
}
const freeId = async () =>
  (
    await stack.sql<{ id: number }>(
      "select greatest((select max(id) from public.orders), (select max(id) from public.order_items)) + 1000 as id",
    )
  )[0].id;
// The store's rules (20250712100000_store_rules.sql): lines take active products in stock.
const aProduct = async () =>
  (
    await stack.sql<{ id: number }>(
      "select id from public.products where status = 'active' and stock >= 2 order by id limit 1",
    )
  )[0].id;

describe("an order's History", () => {
  it("lists the order's entries and its items' added, changed and removed, and no other order's", async () => {
    const [order, other, product] = [await newOrder(await freeId()), await newOrder(), await aProduct()];
    const [item] = await stack.sql<{ id: number }>(
      "insert into public.order_items (order_id, product_id, quantity, unit_price) values ($1, $2, 1, 5) returning id",
      [order, product],
    );
    await stack.sql("update public.order_items set quantity = 2 where id = $1", [item.id]);
    await stack.sql("delete from public.order_items where id = $1", [item.id]);
    // Items change only while pending, and an empty order is never paid: it is cancelled.
    await stack.sql("update public.orders set status = 'cancelled' where id = $1", [order]);
    // Another order's item whose own id is this order's: its entries are that order's.
    await stack.sql(
      `insert into public.order_items (id, order_id, product_id, quantity, unit_price)
       overriding system value values ($1, $2, $3, 1, 5)`,
      [order, other, product],
    );

    const entries = await history("orders", order);
    // The order's own: created, its total following its items, paid.
    const own = entries.filter((e) => e.table_name === "orders");
    expect(own.map((e) => e.record_id)).toEqual(own.map(() => String(order)));
    expect(own[0].action).toBe("INSERT");
    expect(own.length).toBeGreaterThan(1);
    expect(entries.filter((e) => e.table_name === "order_items")).toEqual(
      ["INSERT", "UPDATE", "DELETE"].map((action) => ({
        table_name: "order_items",
        record_id: String(item.id),
        action,
      })),
    );
    expect(await history("orders", other)).toContainEqual({
      table_name: "order_items",
      record_id: String(order),
      action: "INSERT",
    });
  });

  it("is filed by the database for every table a definition's historyIncludes names", async () => {
    // The migration's mapping and the definitions' must name the same pairs.
    const [{ mapping }] = await stack.sql<{ mapping: string }>(
      `select pg_get_expr(adbin, adrelid) as mapping from pg_attrdef d
         join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
        where d.adrelid = 'public.audit_log'::regclass and a.attname = 'history_of'`,
    );
    for (const definition of [...menuResources, ...nestedResources].filter((r) => r.historyIncludes?.length)) {
      expect(mapping).toContain(`'${definition.name}'::text`);
      for (const child of definition.historyIncludes ?? []) {
        expect(mapping).toContain(`'${child.table}'::text`);
        expect(mapping).toContain(`'${child.foreignKey}'::text`);
      }
    }
  });
});

describe("a record without historyIncludes", () => {
  it("lists its own entries", async () => {
    const [row] = await stack.sql<{ id: number }>(
      "insert into public.categories (name) values ('History test') returning id",
    );
    await stack.sql("update public.categories set name = 'History test 2' where id = $1", [row.id]);
    expect((await history("categories", row.id)).map((e) => e.action)).toEqual(["INSERT", "UPDATE"]);
  });
});
