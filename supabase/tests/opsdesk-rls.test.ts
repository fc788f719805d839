// The demo store's access rules in the database: its matrix in opsdesk.permissions, RLS on
// every table (the store's and Opsdesk's) for each demo account, my_access and app.can (the
// store's RPCs ask it, answered by opsdesk.can), the guards of opsdesk.operators, and the
// dashboard RPCs, run as the caller the way the REST service runs requests (role + JWT claims
// in one transaction).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteQualified } from "../../stack/src/shared/sql.js";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import {
  ACCOUNTS,
  type Account,
  accessRows,
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
  splitName,
  updateSql,
  withoutRights,
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

/** Rows a list must see to count as listing: not the caller's own (operator row, role's matrix rows). */
const OTHERS: Partial<Record<Resource, string>> = {
  "opsdesk.operators": " where user_id is distinct from auth.uid()",
  "opsdesk.permissions":
    " where role is distinct from (select o.role from opsdesk.operators o where o.user_id = auth.uid())",
};

/** Whether the account managed the action (every probe is rolled back). */
async function probe(account: Account, resource: Resource, action: string): Promise<boolean> {
  const what = `${account} ${action} ${resource}`;
  /** A refusal is a privilege or RLS error (42501), nothing else. */
  const refused = (err: unknown) => {
    expect((err as { code?: string }).code, `${what}: ${(err as Error).message}`).toBe("42501");
    return false;
  };
  if (action === "list") {
    const [schema, table] = splitName(resource);
    const text = `select count(*)::int as n from ${quoteQualified(schema, table)}${OTHERS[resource] ?? ""}`;
    const result = await queryAs<{ n: number }>(stack, account, text).catch((err) => err);
    return result instanceof Error ? refused(result) : result.rows[0].n > 0;
  }
  if (action === "create") {
    const { text, values } = insertSql(resource, newRow(resource, fixtures));
    const result = await queryAs(stack, account, text, values).catch((err) => err);
    return result instanceof Error ? refused(result) : result.rowCount === 1;
  }
  const { key, patch } = existingRow(resource, fixtures);
  const { text, values } = action === "edit" ? updateSql(resource, key, patch) : deleteSql(resource, key);
  const result = await queryAs(stack, account, text, values).catch((err) => err);
  // The audit log refuses all writes by privilege, not by policy.
  return result instanceof Error ? refused(result) : result.rowCount === 1;
}

describe("the seeded permission matrix", () => {
  it('is exactly the demo\'s matrix (docs/any-project.md, "The demo store")', async () => {
    for (const role of ["admin", "editor", "viewer"] as const) {
      const rows = await stack.sql<{ row: string }>(
        "select schema_name || '.' || table_name || ':' || action as row from opsdesk.permissions where role = $1",
        [role],
      );
      expect(rows.map((r) => r.row).sort(), role).toEqual(specRows(role));
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

  it("lets service_role (the opsdesk-admin function's Auth calls, the embed worker) past RLS", async () => {
    expect(await probe("service_role", "opsdesk.operators", "edit")).toBe(true);
    expect(await probe("service_role", "public.products", "delete")).toBe(true);
  });

  it("RLS is enabled on every table of the store and of Opsdesk", async () => {
    const rows = await stack.sql(
      `select relnamespace::regnamespace::text || '.' || relname as name from pg_class
       where relnamespace in ('public'::regnamespace, 'opsdesk'::regnamespace) and relkind in ('r', 'p')
         and not relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  it.each([
    ["admin", 4],
    ["editor", 1],
    ["viewer", 1],
    ["former", 1],
    ["outsider", 0],
  ] as const)("%s sees %i operator rows (their own, or all for admins)", async (account, count) => {
    const { rows } = await queryAs<{ user_id: string; active: boolean }>(
      stack,
      account,
      "select user_id, active from opsdesk.operators",
    );
    expect(rows).toHaveLength(count);
    if (count === 1) expect(rows[0].user_id).toBe(DEMO[account as keyof typeof DEMO].id);
  });

  it("anon may not even use the schema opsdesk", async () => {
    const err = await dbError(queryAs(stack, "anon", "select user_id from opsdesk.operators"));
    expect(err).toMatchObject({ code: "42501", message: "permission denied for schema opsdesk" });
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
            "delete from opsdesk.permissions where role = 'editor' and schema_name = 'public' and table_name = 'products' and action = 'create'",
          );
          await client.query(
            "select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)",
            [JSON.stringify({ sub: DEMO.editor.id, role: "authenticated" }), DEMO.editor.id],
          );
          const { text, values } = insertSql("public.products", newRow("public.products", fixtures));
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

describe("my_access and app.can", () => {
  it.each(ACCOUNTS)(
    "my_access() for %s holds its role's matrix rows (none without an active operator row)",
    async (account) => {
      const answer = await queryAs<{ access: { permissions: Record<string, string[]> } }>(
        stack,
        account,
        "select opsdesk.my_access() as access",
      ).then(
        (result) => result.rows[0].access,
        (err: Error) => err,
      );
      if (answer instanceof Error) {
        // Only an anonymous caller may be refused the call itself.
        expect([account, (answer as { code?: string }).code]).toEqual(["anon", "42501"]);
        return;
      }
      const role = account === "admin" || account === "editor" || account === "viewer" ? account : null;
      expect(accessRows(answer.permissions)).toEqual(role ? specRows(role) : []);
    },
  );

  it("app.can answers per account through opsdesk.can, and is callable by anon and authenticated", async () => {
    const ask = async (account: Account, resource: string, action: string) =>
      (await queryAs<{ ok: boolean }>(stack, account, "select app.can($1, $2) as ok", [resource, action])).rows[0].ok;
    expect(await ask("admin", "products", "delete")).toBe(true);
    expect(await ask("editor", "products", "delete")).toBe(false);
    expect(await ask("editor", "products", "create")).toBe(true);
    expect(await ask("former", "products", "list")).toBe(false);
    expect(await ask("anon", "products", "list")).toBe(false);
    expect(await ask("viewer", "products", "nonsense")).toBe(false);
    // The matrix decides: a right taken from the role is gone for app.can at once.
    await withoutRights(stack, "editor", "public.products", ["create"], async () => {
      expect(await ask("editor", "products", "create")).toBe(false);
    });
  });

  it("an admin administers the matrix by role, not by matrix rows: taking all of admin's rows locks nobody out", async () => {
    const still = await asAccount(
      stack,
      "admin",
      async (client) => {
        await client.query("delete from opsdesk.permissions where role = 'admin' and schema_name = 'opsdesk'");
        const other = await client.query(
          "delete from opsdesk.permissions where role = 'editor' and schema_name = 'public' and table_name = 'products'",
        );
        const back = await client.query(
          "insert into opsdesk.permissions (role, schema_name, table_name, action) values ('admin', 'opsdesk', 'operators', 'show')",
        );
        return [other.rowCount, back.rowCount];
      },
      { rollback: true },
    );
    expect(still).toEqual([6, 1]);
  });

  it("the last active admin cannot be demoted, deactivated or removed", async () => {
    for (const sql of [
      "update opsdesk.operators set role = 'editor' where user_id = $1",
      "update opsdesk.operators set active = false where user_id = $1",
      "delete from opsdesk.operators where user_id = $1",
    ]) {
      const err = await dbError(queryAs(stack, "service_role", sql, [DEMO.admin.id]));
      expect(err).toMatchObject({
        code: "P0001",
        message: "At least one active admin must remain.",
        hint: "OPSDESK_LAST_ADMIN",
      });
    }
    const promoted = await asAccount(
      stack,
      "service_role",
      async (client) => {
        await client.query("update opsdesk.operators set role = 'admin' where user_id = $1", [DEMO.editor.id]);
        return client.query("update opsdesk.operators set role = 'viewer' where user_id = $1", [DEMO.admin.id]);
      },
      { rollback: true },
    );
    expect(promoted.rowCount).toBe(1);
  });

  it("a deactivated operator loses access on the next statement", async () => {
    const rows = await asAccount(
      stack,
      "service_role",
      async (client) => {
        await client.query("update opsdesk.operators set active = false where user_id = $1", [DEMO.viewer.id]);
        await client.query(
          "select set_config('role', 'authenticated', true), set_config('request.jwt.claim.sub', $1, true), set_config('request.jwt.claims', $2, true)",
          [DEMO.viewer.id, JSON.stringify({ sub: DEMO.viewer.id, role: "authenticated" })],
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
