// The dashboard's figures (docs/product.md §2 "/"), fetched through supabase-js exactly as the
// console does (rpc dashboard_kpis, orders_per_day, revenue_by_category), checked day
// by day and category by category against the raw rows, aggregated here in the test.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { DEMO, DEMO_PASSWORD } from "./opsdesk-db.js";

const REVENUE = new Set(["paid", "shipped", "delivered"]);
const cents = (v: string | number) => Math.round(Number(v) * 100);

let stack: TestStack;
let viewer: SupabaseClient;

interface RawOrder {
  id: string;
  day: string;
  status: string;
  total: string;
}

/** Every order with its calendar day in the server's time zone, as plain rows. */
const rawOrders = () =>
  stack.sql<RawOrder>("select id::text, placed_at::date::text as day, status::text, total::text from orders");

/** The last `days` calendar days ending today, oldest first. */
async function lastDays(days: number): Promise<string[]> {
  const rows = await stack.sql<{ day: string }>(
    "select (current_date - n)::text as day from generate_series($1::int - 1, 0, -1) n",
    [days],
  );
  return rows.map((r) => r.day);
}

async function rpc<T>(name: string, args?: Record<string, unknown>): Promise<T> {
  const { data, error } = await viewer.rpc(name, args, { get: true });
  expect(error).toBeNull();
  return data as T;
}

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
  viewer = stack.anon();
  const { error } = await viewer.auth.signInWithPassword({ email: DEMO.viewer.email, password: DEMO_PASSWORD });
  if (error) throw error;
});
afterAll(async () => {
  await stack?.stop();
});

describe("orders_per_day", () => {
  it.each([7, 30, 90])("over %i days equals the orders counted per day from the rows", async (days) => {
    const answer = await rpc<{ day: string; orders: number; revenue: number }[]>("orders_per_day", { days });
    const orders = await rawOrders();
    const expected = (await lastDays(days)).map((day) => {
      const that = orders.filter((o) => o.day === day);
      return {
        day,
        orders: that.length,
        revenue: that.filter((o) => REVENUE.has(o.status)).reduce((sum, o) => sum + cents(o.total), 0),
      };
    });
    expect(answer.map((r) => ({ day: r.day, orders: Number(r.orders), revenue: cents(r.revenue) }))).toEqual(expected);
    // The seed spreads its orders over 90 days: the chart has something to show.
    expect(expected.filter((d) => d.orders > 0).length).toBeGreaterThan(days / 2);
  });

  it("refuses a period outside 1–366 days with the rule in words", async () => {
    const { error } = await viewer.rpc("orders_per_day", { days: 400 }, { get: true });
    expect(error).toMatchObject({ code: "22023", message: "days must be between 1 and 366." });
  });
});

describe("revenue_by_category", () => {
  it.each([7, 30, 90])("over %i days equals the lines of revenue orders summed per category", async (days) => {
    const answer = await rpc<
      { category_id: number | null; category_name: string | null; revenue: number; items: number }[]
    >("revenue_by_category", { days });
    const lines = await stack.sql<{ category: string | null; name: string | null; amount: string; quantity: number }>(
      `select p.category_id::text as category, c.name, (i.quantity * i.unit_price)::text as amount, i.quantity
       from order_items i join orders o on o.id = i.order_id join products p on p.id = i.product_id
       left join categories c on c.id = p.category_id
       where o.status::text = any ($1) and o.placed_at::date >= current_date - ($2::int - 1)`,
      [[...REVENUE], days],
    );
    const expected = new Map<string, { name: string | null; revenue: number; items: number }>();
    for (const line of lines) {
      const key = line.category ?? "none";
      const sum = expected.get(key) ?? { name: line.name, revenue: 0, items: 0 };
      sum.revenue += cents(line.amount);
      sum.items += line.quantity;
      expected.set(key, sum);
    }
    const got = new Map(
      answer.map((r) => [
        r.category_id === null ? "none" : String(r.category_id),
        { name: r.category_name, revenue: cents(r.revenue), items: Number(r.items) },
      ]),
    );
    expect(got).toEqual(expected);
    expect(got.size).toBeGreaterThan(1);
    // Largest first, as the chart lists them.
    const revenues = answer.map((r) => cents(r.revenue));
    expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
  });
});

describe("dashboard_kpis", () => {
  async function expectedKpis() {
    const [row] = await stack.sql<Record<string, string>>(
      `select
         (select count(*) from orders where placed_at::date = current_date)::text as orders_today,
         (select count(*) from orders where status = 'pending')::text as pending_orders,
         (select count(*) from products where status = 'active' and stock < 10)::text as low_stock_products`,
    );
    const orders = await stack.sql<{ total: string; status: string }>(
      "select total::text, status::text from orders where placed_at::date >= current_date - 29",
    );
    return {
      orders_today: Number(row.orders_today),
      pending_orders: Number(row.pending_orders),
      low_stock_products: Number(row.low_stock_products),
      revenue_30d: orders.filter((o) => REVENUE.has(o.status)).reduce((sum, o) => sum + cents(o.total), 0),
    };
  }

  const asFigures = (k: Record<string, number>) => ({
    orders_today: k.orders_today,
    pending_orders: k.pending_orders,
    low_stock_products: k.low_stock_products,
    revenue_30d: cents(k.revenue_30d),
  });

  it("follows a new order placed today and paid", async () => {
    const before = await rpc<Record<string, number>>("dashboard_kpis");
    expect(asFigures(before)).toEqual(await expectedKpis());

    const [{ customer, product, price }] = await stack.sql<{ customer: string; product: string; price: string }>(
      `select (select id from customers where not is_blocked limit 1)::text as customer, id::text as product, price::text
       from products where status = 'active' and price > 0 and stock >= 3 limit 1`,
    );
    const [order] = await stack.sql<{ id: string }>("insert into orders (customer_id) values ($1) returning id::text", [
      customer,
    ]);
    await stack.sql("insert into order_items (order_id, product_id, quantity) values ($1, $2, 3)", [order.id, product]);
    const placed = await rpc<Record<string, number>>("dashboard_kpis");
    expect(placed.orders_today).toBe(before.orders_today + 1);
    expect(placed.pending_orders).toBe(before.pending_orders + 1);
    expect(cents(placed.revenue_30d)).toBe(cents(before.revenue_30d));

    await stack.sql("update orders set status = 'paid' where id = $1", [order.id]);
    const paid = await rpc<Record<string, number>>("dashboard_kpis");
    expect(paid.pending_orders).toBe(before.pending_orders);
    expect(cents(paid.revenue_30d)).toBe(cents(before.revenue_30d) + 3 * cents(price));
    expect(asFigures(paid)).toEqual(await expectedKpis());
  });

  it("counts its 30 days as the chart does: the revenue card is the sum of the chart's 30 bars", async () => {
    const kpis = await rpc<Record<string, number>>("dashboard_kpis");
    const days = await rpc<{ revenue: number; day_from: string }[]>("orders_per_day", { days: 30 });
    expect(cents(kpis.revenue_30d)).toBe(days.reduce((sum, day) => sum + cents(day.revenue), 0));
    expect((kpis as unknown as { windows: { revenue_from: string } }).windows.revenue_from).toBe(days[0].day_from);
  });

  it("is all zeros for an account that is not staff (RLS)", async () => {
    const outsider = stack.anon();
    const { error } = await outsider.auth.signInWithPassword({ email: DEMO.outsider.email, password: DEMO_PASSWORD });
    expect(error).toBeNull();
    const { data } = await outsider.rpc("dashboard_kpis", undefined, { get: true });
    expect(data).toMatchObject({ orders_today: 0, revenue_30d: 0, pending_orders: 0, low_stock_products: 0 });
    const { data: categories } = await outsider.rpc("revenue_by_category", { days: 30 }, { get: true });
    expect(categories).toEqual([]);
  });
});

// The drill-down links (issue 14 item 11) filter the lists with the windows the figures
// answer: through the same REST filters, the lists must count what the figures count.
describe("drill-down windows", () => {
  /** The orders the viewer sees through these list filters, each `[column, operator, value]`. */
  const countOrders = async (...filters: [string, string, unknown][]) => {
    let query = viewer.from("orders").select("id", { count: "exact", head: true });
    for (const [column, operator, value] of filters) query = query.filter(column, operator, value);
    const { count, error } = await query;
    expect(error).toBeNull();
    return count;
  };

  it("each day's from–to bounds select exactly the orders its bar counts", async () => {
    const answer = await rpc<{ day: string; day_from: string; day_to: string; orders: number }[]>("orders_per_day", {
      days: 30,
    });
    const busy = answer.filter((r) => Number(r.orders) > 0);
    expect(busy.length).toBeGreaterThan(0);
    for (const row of busy.slice(-5)) {
      expect(row.day_from).toBe(`${row.day}T00:00:00.000000Z`);
      expect(row.day_to).toBe(`${row.day}T23:59:59.999999Z`);
      const count = await countOrders(["placed_at", "gte", row.day_from], ["placed_at", "lte", row.day_to]);
      expect(count).toBe(Number(row.orders));
    }
  });

  it("the cards' windows select what the cards count", async () => {
    const kpis = await rpc<{
      orders_today: number;
      pending_orders: number;
      windows: { today_from: string; revenue_from: string; revenue_statuses: string[] };
    }>("dashboard_kpis");
    expect([...kpis.windows.revenue_statuses].sort()).toEqual([...REVENUE].sort());
    expect(await countOrders(["placed_at", "gte", kpis.windows.today_from])).toBe(kpis.orders_today);
    expect(await countOrders(["status", "in", "(pending)"])).toBe(kpis.pending_orders);
    expect(kpis.windows.revenue_from).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });
});
