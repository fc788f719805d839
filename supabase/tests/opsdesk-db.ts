// Shared by the Opsdesk schema tests: the demo accounts of supabase/seed.sql, the
// docs/product.md §6 permission matrix, running SQL as one of the accounts the way the REST
// service does it (withScope: role + JWT claims in one transaction), and the rows
// the permission probes create, edit and delete (opsdesk-rls, opsdesk-role-matrix).
import type { SupabaseClient } from "@supabase/supabase-js";
import type pg from "pg";
import { withScope } from "../../stack/src/db/scope.js";
import { quoteIdent, quoteQualified } from "../../stack/src/shared/sql.js";
import type { TestStack } from "../../stack/test/harness.js";

export const DEMO_PASSWORD = "opsdesk-demo";

export const DEMO = {
  admin: { id: "0d000000-0000-4000-8000-000000000001", email: "admin@example.com", role: "admin" },
  editor: { id: "0d000000-0000-4000-8000-000000000002", email: "editor@example.com", role: "editor" },
  viewer: { id: "0d000000-0000-4000-8000-000000000003", email: "viewer@example.com", role: "viewer" },
  outsider: { id: "0d000000-0000-4000-8000-000000000004", email: "outsider@example.com", role: null },
  former: { id: "0d000000-0000-4000-8000-000000000005", email: "former@example.com", role: "editor" },
} as const;

export type Account = keyof typeof DEMO | "anon" | "service_role";

/** An API client per demo account, each with its own JWT. */
export type DemoClients = (account: keyof typeof DEMO) => SupabaseClient;

/** Every demo account signed in with its password. */
export async function signInDemoAccounts(stack: TestStack): Promise<DemoClients> {
  const clients = new Map<keyof typeof DEMO, SupabaseClient>();
  for (const account of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
    const { data, error } = await stack
      .anon()
      .auth.signInWithPassword({ email: DEMO[account].email, password: DEMO_PASSWORD });
    if (error) throw error;
    clients.set(account, stack.asUser(data.session.access_token));
  }
  return (account) => clients.get(account) as SupabaseClient;
}
export const ACCOUNTS: Account[] = ["admin", "editor", "viewer", "outsider", "former", "anon"];

export const RESOURCES = [
  "categories",
  "products",
  "customers",
  "orders",
  "order_items",
  "staff",
  "permissions",
  "audit_log",
] as const;
export type Resource = (typeof RESOURCES)[number];
export const ACTIONS = ["list", "show", "create", "edit", "delete", "export", "import"] as const;

// docs/product.md §6, written out by hand: the seed must produce exactly this.
const RECORDS = { viewer: "list show export", editor: "list show export create edit import", admin: "*" };
const ORDERS = {
  viewer: "list show export",
  editor: "list show export create edit",
  admin: "list show export create edit delete",
};
const ADMIN_ONLY = { viewer: "", editor: "", admin: "*" };
const AUDIT = { viewer: "", editor: "list show export", admin: "list show export" };
const PRODUCT_MATRIX: Record<Resource, Record<"viewer" | "editor" | "admin", string>> = {
  categories: RECORDS,
  products: RECORDS,
  customers: RECORDS,
  orders: ORDERS,
  order_items: ORDERS,
  staff: ADMIN_ONLY,
  permissions: ADMIN_ONLY,
  audit_log: AUDIT,
};

/** What an account may do on a resource per docs/product.md §6 (nothing for non-staff and inactive staff). */
export function specAllows(account: Account, resource: Resource, action: string): boolean {
  if (account !== "admin" && account !== "editor" && account !== "viewer") return false;
  const allowed = PRODUCT_MATRIX[resource][account];
  return allowed === "*" || allowed.split(" ").includes(action);
}

/** The docs/product.md §6 rows of one role, sorted like my_permissions(). */
export function specRows(role: "admin" | "editor" | "viewer"): { resource: string; action: string }[] {
  return RESOURCES.flatMap((resource) =>
    ACTIONS.filter((action) => specAllows(role, resource, action)).map((action) => ({ resource, action })),
  ).sort((a, b) => a.resource.localeCompare(b.resource) || ACTIONS.indexOf(a.action) - ACTIONS.indexOf(b.action));
}

function claimsOf(account: Account): { role: string; claims: Record<string, unknown> } {
  if (account === "anon" || account === "service_role") return { role: account, claims: { role: account } };
  const { id, email } = DEMO[account];
  return { role: "authenticated", claims: { sub: id, email, role: "authenticated", aud: "authenticated" } };
}

/** Runs `fn` in one transaction as the account, through the API pool (authenticator → SET ROLE). */
export function asAccount<T>(
  stack: TestStack,
  account: Account,
  fn: (client: pg.PoolClient) => Promise<T>,
  options: { rollback?: boolean } = {},
): Promise<T> {
  const { role, claims } = claimsOf(account);
  return withScope(
    stack.ctx.db.api,
    { role, claims, method: "POST", path: "/test", headers: {}, searchPath: ["public", "extensions"] },
    fn,
    options,
  );
}

/** One statement as the account; rolled back unless `commit` is set. */
export async function queryAs<T extends pg.QueryResultRow = pg.QueryResultRow>(
  stack: TestStack,
  account: Account,
  text: string,
  values: unknown[] = [],
  options: { commit?: boolean } = {},
): Promise<pg.QueryResult<T>> {
  return asAccount(stack, account, (client) => client.query<T>(text, values), { rollback: !options.commit });
}

/** `insert into public.<table> (<keys of row>) … returning *` with the row as one JSON parameter. */
export function insertSql(table: string, row: Record<string, unknown>): { text: string; values: unknown[] } {
  const target = quoteQualified("public", table);
  const columns = Object.keys(row).map(quoteIdent).join(", ");
  return {
    text: `insert into ${target} (${columns}) select ${columns} from jsonb_populate_record(null::${target}, $1) returning *`,
    values: [JSON.stringify(row)],
  };
}

/** Rows the permission probes work on, made once per test stack. */
export interface ProbeFixtures {
  pendingOrder: string;
  pendingItem: string;
  unusedCategory: string;
  unusedProduct: string;
  unusedCustomer: string;
  firstAuditEntry: string;
}

export async function createProbeFixtures(stack: TestStack): Promise<ProbeFixtures> {
  const one = async (sql: string) => String(Object.values((await stack.sql(sql))[0])[0]);
  return {
    pendingOrder: await one("select id from orders where status = 'pending' order by id limit 1"),
    pendingItem: await one(
      "select i.id from order_items i join orders o on o.id = i.order_id where o.status = 'pending' order by i.id limit 1",
    ),
    unusedCategory: await one("insert into categories (name) values ('Nothing here yet') returning id"),
    unusedProduct: await one("insert into products (sku, name) values ('UNUSED-1', 'Never sold') returning id"),
    unusedCustomer: await one(
      "insert into customers (full_name, email, country) values ('No Orders', 'no.orders@example.com', 'FR') returning id",
    ),
    firstAuditEntry: await one("select min(id) from audit_log"),
  };
}

/** Looks a resource up in a per-resource table; a resource the seed gained but the probes lack fails loudly. */
function perResource<T>(table: Record<Resource, T>, resource: string, what: string): T {
  const found = (table as Record<string, T>)[resource];
  if (found === undefined) throw new Error(`no ${what} for "${resource}": add one in stack/test/opsdesk-db.ts`);
  return found;
}

/** A valid new row per resource (what `create` and `import` are probed with). */
export function newRow(resource: string, f: ProbeFixtures): Record<string, unknown> {
  const rows: Record<Resource, Record<string, unknown>> = {
    categories: { name: "Probe category" },
    products: { sku: "PROBE-2", name: "Probe", price: 5, category_id: 1 },
    customers: { full_name: "Probe", email: "probe@example.com", country: "NL" },
    orders: { customer_id: f.unusedCustomer },
    order_items: { order_id: f.pendingOrder, product_id: 4, quantity: 1 },
    staff: { user_id: DEMO.outsider.id, full_name: "Oscar", email: DEMO.outsider.email, role: "viewer" },
    permissions: { role: "viewer", resource: "probe", action: "list" },
    audit_log: { table_name: "x", record_id: "1", action: "INSERT" },
  };
  return perResource(rows, resource, "new probe row");
}

/** One existing row per resource that may be edited and deleted: its key and a harmless change. */
export function existingRow(
  resource: string,
  f: ProbeFixtures,
): { key: Record<string, unknown>; patch: Record<string, unknown> } {
  const rows: Record<Resource, { key: Record<string, unknown>; patch: Record<string, unknown> }> = {
    categories: { key: { id: f.unusedCategory }, patch: { description: "probed" } },
    products: { key: { id: f.unusedProduct }, patch: { stock: 1 } },
    customers: { key: { id: f.unusedCustomer }, patch: { notes: "probed" } },
    orders: { key: { id: f.pendingOrder }, patch: { notes: "probed" } },
    order_items: { key: { id: f.pendingItem }, patch: { quantity: 2 } },
    staff: { key: { user_id: DEMO.former.id }, patch: { full_name: "Fran F." } },
    permissions: {
      key: { role: "viewer", resource: "products", action: "export" },
      patch: { resource: "products" },
    },
    audit_log: { key: { id: f.firstAuditEntry }, patch: { actor_email: "x" } },
  };
  return perResource(rows, resource, "existing probe row");
}

/** `… where <key columns> = <values>`, numbering parameters from `first`. */
function whereKey(key: Record<string, unknown>, first: number): string {
  return Object.keys(key)
    .map((column, i) => `${quoteIdent(column)} = $${first + i}`)
    .join(" and ");
}

/** `update public.<table> set <patch> where <key>` with every value a parameter. */
export function updateSql(
  table: string,
  key: Record<string, unknown>,
  patch: Record<string, unknown>,
): { text: string; values: unknown[] } {
  const set = Object.keys(patch)
    .map((column, i) => `${quoteIdent(column)} = $${i + 1}`)
    .join(", ");
  return {
    text: `update ${quoteQualified("public", table)} set ${set} where ${whereKey(key, Object.keys(patch).length + 1)}`,
    values: [...Object.values(patch), ...Object.values(key)],
  };
}

/** `delete from public.<table> where <key>` with every value a parameter. */
export function deleteSql(table: string, key: Record<string, unknown>): { text: string; values: unknown[] } {
  return {
    text: `delete from ${quoteQualified("public", table)} where ${whereKey(key, 1)}`,
    values: Object.values(key),
  };
}

/** The database error a promise rejects with (fails the test when it resolves). */
export async function dbError(promise: Promise<unknown>): Promise<pg.DatabaseError> {
  try {
    await promise;
  } catch (err) {
    return err as pg.DatabaseError;
  }
  throw new Error("expected the statement to fail, but it succeeded");
}
