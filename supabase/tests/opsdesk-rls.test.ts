// Opsdesk's access rules in the database: app.can, RLS on every table for each demo
// account, my_permissions and the dashboard RPCs, run as the caller the way the
// REST service runs requests (role + JWT claims in one transaction).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import {
  ACCOUNTS,
  type Account,
  asAccount,
  createProbeFixtures,
  DEMO,
  dbError,
  deleteSql,
  existingRow,
  insertSql,
  newRow,
  type ProbeFixtures,
  queryAs,
  RESOURCES,
  type Resource,
  specAllows,
  specRows,
  updateSql,
} from "./opsdesk-db.js";

let stack: TestStack;
let fixtures: ProbeFixtures;

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
  fixtures = await createProbeFixtures(stack);
});
afterAll(async () => {
  await stack?.stop();
});

/** Whether the account managed the action (every probe is rolled back). */
async function probe(account: Account, resource: Resource, action: string): Promise<boolean> {
  const table = `public.${resource}`;
  if (action === "list") {
    // Everyone reads their own staff row; listing means seeing others.
    const others = resource === "staff" ? " where user_id is distinct from auth.uid()" : "";
    const { rows } = await queryAs<{ n: number }>(stack, account, `select count(*)::int as n from ${table}${others}`);
    return rows[0].n > 0;
  }
  if (action === "create") {
    const { text, values } = insertSql(resource, newRow(resource, fixtures));
    const result = await queryAs(stack, account, text, values).catch((err) => err);
    if (result instanceof Error) {
      expect((result as { code?: string }).code, `${account} create ${resource}: ${result.message}`).toBe("42501");
      return false;
    }
    return result.rowCount === 1;
  }
  const { key, patch } = existingRow(resource, fixtures);
  const { text, values } = action === "edit" ? updateSql(resource, key, patch) : deleteSql(resource, key);
  const result = await queryAs(stack, account, text, values).catch((err) => err);
  if (result instanceof Error) {
    // audit_log refuses all writes by privilege, not by policy.
    expect((result as { code?: string }).code, `${account} ${action} ${resource}: ${result.message}`).toBe("42501");
    return false;
  }
  return result.rowCount === 1;
}

describe("the seeded permission matrix", () => {
  it("is exactly docs/product.md §6", async () => {
    for (const role of ["admin", "editor", "viewer"] as const) {
      const rows = await stack.sql<{ resource: string; action: string }>(
        "select resource, action::text from permissions where role = $1",
        [role],
      );
      const key = (r: { resource: string; action: string }) => `${r.resource}:${r.action}`;
      expect(rows.map(key).sort(), role).toEqual(specRows(role).map(key).sort());
    }
  });
});

describe("row-level security per demo account (rolled-back probes)", () => {
  const cases = ACCOUNTS.flatMap((account) =>
    RESOURCES.flatMap((resource) =>
      ["list", "create", "edit", "delete"].map((action) => ({
        account,
        resource,
        action,
        allowed: specAllows(account, resource, action),
      })),
    ),
  );

  it.each(cases)("$account $action $resource → $allowed", async ({ account, resource, action, allowed }) => {
    expect(await probe(account, resource, action)).toBe(allowed);
  });

  it("lets service_role (the staff-admin function) past RLS", async () => {
    expect(await probe("service_role", "staff", "edit")).toBe(true);
    expect(await probe("service_role", "products", "delete")).toBe(true);
  });

  it("RLS is enabled on every table of the schema", async () => {
    const rows = await stack.sql(
      "select relname from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and not relrowsecurity",
    );
    expect(rows).toEqual([]);
  });

  it.each([
    ["admin", 4],
    ["editor", 1],
    ["viewer", 1],
    ["former", 1],
    ["outsider", 0],
    ["anon", 0],
  ] as const)("%s sees %i staff rows (their own, or all for admins)", async (account, count) => {
    const { rows } = await queryAs<{ user_id: string; active: boolean }>(
      stack,
      account,
      "select user_id, active from staff",
    );
    expect(rows).toHaveLength(count);
    if (count === 1) expect(rows[0].user_id).toBe(DEMO[account as keyof typeof DEMO].id);
  });

  it("sees every row it may list: viewer and admin read all 500 products", async () => {
    for (const account of ["viewer", "admin"] as const) {
      const { rows } = await queryAs<{ n: number }>(stack, account, "select count(*)::int as n from products");
      expect(rows[0].n).toBeGreaterThanOrEqual(500);
    }
  });

  it("rejects an editor's insert with the RLS message once the matrix loses the right", async () => {
    const err = await dbError(
      asAccount(
        stack,
        "admin",
        async (client) => {
          await client.query(
            "delete from permissions where role = 'editor' and resource = 'products' and action = 'create'",
          );
          await client.query(
            "select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)",
            [JSON.stringify({ sub: DEMO.editor.id, role: "authenticated" }), DEMO.editor.id],
          );
          const { text, values } = insertSql("products", newRow("products", fixtures));
          await client.query(text, values);
        },
        { rollback: true },
      ),
    );
    expect(err).toMatchObject({
      code: "42501",
      message: 'new row violates row-level security policy for table "products"',
    });
  });
});

describe("app.can and my_permissions", () => {
  it.each(ACCOUNTS)(
    "my_permissions() for %s is its role's docs/product.md §6 rows (none without an active staff row)",
    async (account) => {
      const { rows } = await queryAs<{ resource: string; action: string }>(
        stack,
        account,
        "select resource, action from my_permissions()",
      );
      const role = account === "admin" || account === "editor" || account === "viewer" ? account : null;
      const key = (r: { resource: string; action: string }) => `${r.resource}:${r.action}`;
      expect(rows.map(key).sort()).toEqual(role ? specRows(role).map(key).sort() : []);
    },
  );

  it("app.can answers per account and is callable by anon and authenticated", async () => {
    const ask = async (account: Account, resource: string, action: string) =>
      (await queryAs<{ ok: boolean }>(stack, account, "select app.can($1, $2) as ok", [resource, action])).rows[0].ok;
    expect(await ask("admin", "products", "delete")).toBe(true);
    expect(await ask("editor", "products", "delete")).toBe(false);
    expect(await ask("editor", "products", "create")).toBe(true);
    expect(await ask("former", "products", "list")).toBe(false);
    expect(await ask("anon", "products", "list")).toBe(false);
    expect(await ask("viewer", "products", "nonsense")).toBe(false);
  });

  it("an admin cannot remove their own role's access to permissions, but may edit other roles'", async () => {
    for (const action of ["list", "edit"]) {
      const err = await dbError(
        queryAs(
          stack,
          "admin",
          "delete from permissions where role = 'admin' and resource = 'permissions' and action = $1",
          [action],
        ),
      );
      expect(err).toMatchObject({ code: "P0001", message: "You cannot remove your own role's access to permissions." });
    }
    const moved = await dbError(
      queryAs(
        stack,
        "admin",
        "update permissions set role = 'editor' where role = 'admin' and resource = 'permissions' and action = 'edit'",
      ),
    );
    expect(moved.code).toBe("P0001");
    const other = await queryAs(
      stack,
      "admin",
      "delete from permissions where role = 'editor' and resource = 'products'",
    );
    expect(other.rowCount).toBe(6);
    const delAny = await queryAs(
      stack,
      "admin",
      "delete from permissions where role = 'admin' and resource = 'permissions' and action = 'export'",
    );
    expect(delAny.rowCount).toBe(1);
  });

  it("the last active admin cannot be demoted or deactivated", async () => {
    for (const sql of [
      "update staff set role = 'editor' where user_id = $1",
      "update staff set active = false where user_id = $1",
      "delete from staff where user_id = $1",
    ]) {
      const err = await dbError(queryAs(stack, "service_role", sql, [DEMO.admin.id]));
      expect(err).toMatchObject({ code: "P0001", message: "At least one active admin must remain." });
    }
    const promoted = await asAccount(
      stack,
      "service_role",
      async (client) => {
        await client.query("update staff set role = 'admin' where user_id = $1", [DEMO.editor.id]);
        return client.query("update staff set role = 'viewer' where user_id = $1", [DEMO.admin.id]);
      },
      { rollback: true },
    );
    expect(promoted.rowCount).toBe(1);
  });

  it("a deactivated staff member loses access on the next statement", async () => {
    const rows = await asAccount(
      stack,
      "service_role",
      async (client) => {
        await client.query("update staff set active = false where user_id = $1", [DEMO.viewer.id]);
        await client.query(
          "select set_config('role', 'authenticated', true), set_config('request.jwt.claim.sub', $1, true)",
          [DEMO.viewer.id],
        );
        return (await client.query("select count(*)::int as n from products")).rows[0].n;
      },
      { rollback: true },
    );
    expect(rows).toBe(0);
  });
});

describe("dashboard RPCs", () => {
  interface OrderRow {
    status: string;
    total: string;
    today: boolean;
    within30: boolean;
  }
  const cents = (v: string | number) => Math.round(Number(v) * 100);
  const REVENUE = new Set(["paid", "shipped", "delivered"]);

  it.each(["admin", "viewer", "editor"] as const)(
    "dashboard_kpis() for %s equals figures computed from the rows",
    async (account) => {
      const orders = await stack.sql<OrderRow>(
        `select status::text, total, placed_at::date = current_date as today,
              placed_at >= app.period_start(30) as within30 from orders`,
      );
      const [{ low }] = await stack.sql<{ low: number }>(
        "select count(*)::int as low from products where status = 'active' and stock between 0 and 9",
      );
      const { rows } = await queryAs<{ kpis: Record<string, number> }>(
        stack,
        account,
        "select dashboard_kpis() as kpis",
      );
      const kpis = rows[0].kpis;
      expect(kpis.orders_today).toBe(orders.filter((o) => o.today).length);
      expect(kpis.pending_orders).toBe(orders.filter((o) => o.status === "pending").length);
      expect(kpis.low_stock_products).toBe(low);
      expect(cents(kpis.revenue_30d)).toBe(
        orders.filter((o) => o.within30 && REVENUE.has(o.status)).reduce((sum, o) => sum + cents(o.total), 0),
      );
      expect(kpis.pending_orders).toBeGreaterThan(0);
      expect(kpis.low_stock_products).toBeGreaterThan(0);
    },
  );

  it.each(["outsider", "former", "anon"] as const)("dashboard_kpis() for %s is all zeros (RLS)", async (account) => {
    const { rows } = await queryAs<{ kpis: unknown }>(stack, account, "select dashboard_kpis() as kpis");
    expect(rows[0].kpis).toMatchObject({ orders_today: 0, revenue_30d: 0, pending_orders: 0, low_stock_products: 0 });
  });

  it("orders_per_day(7) has one row per day ending today, summing to the week's orders", async () => {
    const { rows } = await queryAs<{ day: Date; orders: string; revenue: string }>(
      stack,
      "viewer",
      "select day::text as day, orders, revenue from orders_per_day(7)",
    );
    expect(rows).toHaveLength(7);
    const [{ today, n, revenue }] = await stack.sql<{ today: string; n: number; revenue: string }>(
      `select current_date::text as today, count(*)::int as n,
              coalesce(sum(total) filter (where status in ('paid', 'shipped', 'delivered')), 0) as revenue
       from orders where placed_at >= current_date - 6`,
    );
    expect(String(rows[6].day)).toBe(today);
    expect(rows.reduce((sum, r) => sum + Number(r.orders), 0)).toBe(n);
    expect(rows.reduce((sum, r) => sum + cents(r.revenue), 0)).toBe(cents(revenue));
    const err = await dbError(queryAs(stack, "viewer", "select * from orders_per_day(0)"));
    expect(err).toMatchObject({ code: "22023", message: "days must be between 1 and 366." });
  });

  it("revenue_by_category(30) adds up to the revenue of the lines of paid, shipped and delivered orders", async () => {
    const { rows } = await queryAs<{ category_name: string; revenue: string }>(
      stack,
      "admin",
      "select category_name, revenue from revenue_by_category(30)",
    );
    const [{ revenue }] = await stack.sql<{ revenue: string }>(
      `select sum(i.quantity * i.unit_price) as revenue from order_items i join orders o on o.id = i.order_id
       where o.status in ('paid', 'shipped', 'delivered') and o.placed_at >= current_date - 29`,
    );
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.reduce((sum, r) => sum + cents(r.revenue), 0)).toBe(cents(revenue));
    const outsider = await queryAs(stack, "outsider", "select * from revenue_by_category(30)");
    expect(outsider.rows).toEqual([]);
  });
});
