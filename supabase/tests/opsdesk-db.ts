// Shared by the demo store's backend tests: the demo accounts of supabase/seed.sql (operators
// in opsdesk.operators), the demo's matrix as rows of opsdesk.permissions, taking a right away
// for a test, running SQL as one of the accounts the way the REST service does it (withScope:
// role + JWT claims in one transaction), and the rows the permission probes create, edit and
// delete (opsdesk-rls, opsdesk-role-matrix).
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

/**
 * The tables of the demo's matrix as Opsdesk names them ("<schema>.<table>"): the store's
 * managed tables, the audit log, and Opsdesk's own administration tables (operators, the
 * matrix), which admins write whatever the matrix says (docs/any-project.md, "The permission
 * model").
 */
export const RESOURCES = [
  "public.categories",
  "public.products",
  "public.customers",
  "public.orders",
  "public.order_items",
  "opsdesk.operators",
  "opsdesk.permissions",
  "opsdesk.audit_log",
] as const;
export type Resource = (typeof RESOURCES)[number];
export const ACTIONS = ["list", "show", "create", "edit", "delete", "export", "import"] as const;
export type Role = "admin" | "editor" | "viewer";

// The demo's matrix (docs/any-project.md "The demo store"; SWITCH.md "The data contract"),
// written out by hand: the seed must produce exactly these rows of opsdesk.permissions.
const RECORDS = { viewer: "list show export", editor: "list show export create edit import", admin: "*" };
const ORDERS = {
  viewer: "list show export",
  editor: "list show export create edit",
  admin: "list show export create edit delete",
};
const AUDIT = { viewer: "", editor: "list show export", admin: "list show export" };
/** Opsdesk's own tables: the install gives admins `show` (their entries in the audit log). */
const ADMIN_SHOWS = { viewer: "", editor: "", admin: "show" };
const MATRIX: Record<string, Record<Role, string>> = {
  "public.categories": RECORDS,
  "public.products": RECORDS,
  "public.customers": RECORDS,
  "public.orders": ORDERS,
  "public.order_items": ORDERS,
  "opsdesk.audit_log": AUDIT,
  "opsdesk.roles": ADMIN_SHOWS,
  "opsdesk.operators": ADMIN_SHOWS,
  "opsdesk.permissions": ADMIN_SHOWS,
  "opsdesk.table_settings": ADMIN_SHOWS,
};
/** Opsdesk's administration tables: admins read and write them all (RLS: opsdesk.is_admin()). */
const ADMINISTERED = new Set<string>(["opsdesk.operators", "opsdesk.permissions"]);

const isRole = (account: Account): account is Role =>
  account === "admin" || account === "editor" || account === "viewer";

/** Whether the role's matrix holds the action on the table (`schema.table`). */
export function matrixHolds(role: Role, table: string, action: string): boolean {
  const allowed = MATRIX[table]?.[role] ?? "";
  return allowed === "*" || allowed.split(" ").includes(action);
}

/**
 * What an account may do on a resource (nothing for non-operators and inactive operators):
 * the matrix, and for Opsdesk's administration tables the admin role.
 */
export function specAllows(account: Account, resource: Resource, action: string): boolean {
  if (!isRole(account)) return false;
  if (ADMINISTERED.has(resource)) return account === "admin";
  return matrixHolds(account, resource, action);
}

/** The matrix rows of one role as `schema.table:action`, sorted. */
export function specRows(role: Role): string[] {
  return Object.keys(MATRIX)
    .flatMap((table) => ACTIONS.filter((action) => matrixHolds(role, table, action)).map((a) => `${table}:${a}`))
    .sort();
}

/** `my_access().permissions` ({"public.products": ["list", …]}) as sorted `schema.table:action` rows. */
export function accessRows(permissions: Record<string, string[]> | undefined | null): string[] {
  return Object.entries(permissions ?? {})
    .flatMap(([table, actions]) => actions.map((action) => `${table}:${action}`))
    .sort();
}

/** "public.products" → ["public", "products"]; a bare name is a table of `public`. */
export function splitName(name: string): [string, string] {
  const dot = name.indexOf(".");
  return dot < 0 ? ["public", name] : [name.slice(0, dot), name.slice(dot + 1)];
}

/**
 * Takes rights from a role's matrix (every action of the table when none are named) while
 * `run` runs, as the table owner, and gives exactly those rows back after.
 */
export async function withoutRights<T>(
  stack: TestStack,
  role: Role,
  table: string,
  actions: string[] | null,
  run: () => Promise<T>,
): Promise<T> {
  const [schema, name] = splitName(table);
  const taken = await stack.sql<{ action: string }>(
    `delete from opsdesk.permissions
     where role = $1 and schema_name = $2 and table_name = $3 and ($4::text[] is null or action = any($4))
     returning action`,
    [role, schema, name, actions],
  );
  try {
    return await run();
  } finally {
    await stack.sql(
      `insert into opsdesk.permissions (role, schema_name, table_name, action)
       select $1, $2, $3, unnest($4::text[]) on conflict do nothing`,
      [role, schema, name, taken.map((r) => r.action)],
    );
  }
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

/** `insert into <table> (<keys of row>) … returning *` with the row as one JSON parameter (`schema.table`, or a table of public). */
export function insertSql(table: string, row: Record<string, unknown>): { text: string; values: unknown[] } {
  const target = quoteQualified(...splitName(table));
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
    firstAuditEntry: await one("select min(id) from opsdesk.audit_log"),
  };
}

/** Looks a resource up in a per-resource table; a resource the seed gained but the probes lack fails loudly. */
function perResource<T>(table: Record<Resource, T>, resource: string, what: string): T {
  const found = (table as Record<string, T>)[resource];
  if (found === undefined) throw new Error(`no ${what} for "${resource}": add one in supabase/tests/opsdesk-db.ts`);
  return found;
}

/** A valid new row per resource (what `create` and `import` are probed with). */
export function newRow(resource: string, f: ProbeFixtures): Record<string, unknown> {
  const rows: Record<Resource, Record<string, unknown>> = {
    "public.categories": { name: "Probe category" },
    "public.products": { sku: "PROBE-2", name: "Probe", price: 5, category_id: 1 },
    "public.customers": { full_name: "Probe", email: "probe@example.com", country: "NL" },
    "public.orders": { customer_id: f.unusedCustomer },
    "public.order_items": { order_id: f.pendingOrder, product_id: 4, quantity: 1 },
    "opsdesk.operators": { user_id: DEMO.outsider.id, full_name: "Oscar", role: "viewer" },
    // A right no role holds yet.
    "opsdesk.permissions": { role: "viewer", schema_name: "public", table_name: "categories", action: "delete" },
    "opsdesk.audit_log": { schema_name: "public", table_name: "x", record_id: "1", action: "INSERT" },
  };
  return perResource(rows, resource, "new probe row");
}

/** One existing row per resource that may be edited and deleted: its key and a harmless change. */
export function existingRow(
  resource: string,
  f: ProbeFixtures,
): { key: Record<string, unknown>; patch: Record<string, unknown> } {
  const rows: Record<Resource, { key: Record<string, unknown>; patch: Record<string, unknown> }> = {
    "public.categories": { key: { id: f.unusedCategory }, patch: { description: "probed" } },
    "public.products": { key: { id: f.unusedProduct }, patch: { stock: 1 } },
    "public.customers": { key: { id: f.unusedCustomer }, patch: { notes: "probed" } },
    "public.orders": { key: { id: f.pendingOrder }, patch: { notes: "probed" } },
    "public.order_items": { key: { id: f.pendingItem }, patch: { quantity: 2 } },
    "opsdesk.operators": { key: { user_id: DEMO.former.id }, patch: { full_name: "Fran F." } },
    "opsdesk.permissions": {
      key: { role: "viewer", schema_name: "public", table_name: "products", action: "export" },
      patch: { action: "export" },
    },
    "opsdesk.audit_log": { key: { id: f.firstAuditEntry }, patch: { actor_email: "x" } },
  };
  return perResource(rows, resource, "existing probe row");
}

/** `… where <key columns> = <values>`, numbering parameters from `first`. */
function whereKey(key: Record<string, unknown>, first: number): string {
  return Object.keys(key)
    .map((column, i) => `${quoteIdent(column)} = $${first + i}`)
    .join(" and ");
}

/** `update <table> set <patch> where <key>` with every value a parameter. */
export function updateSql(
  table: string,
  key: Record<string, unknown>,
  patch: Record<string, unknown>,
): { text: string; values: unknown[] } {
  const set = Object.keys(patch)
    .map((column, i) => `${quoteIdent(column)} = $${i + 1}`)
    .join(", ");
  return {
    text: `update ${quoteQualified(...splitName(table))} set ${set} where ${whereKey(key, Object.keys(patch).length + 1)}`,
    values: [...Object.values(patch), ...Object.values(key)],
  };
}

/** `delete from <table> where <key>` with every value a parameter. */
export function deleteSql(table: string, key: Record<string, unknown>): { text: string; values: unknown[] } {
  return {
    text: `delete from ${quoteQualified(...splitName(table))} where ${whereKey(key, 1)}`,
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
