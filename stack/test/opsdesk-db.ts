// Shared by the Opsdesk schema tests: the demo accounts of supabase/seed.sql, the
// SPEC §6 permission matrix, and running SQL as one of the accounts the way the
// REST service does it (withScope: role + JWT claims in one transaction).
import type pg from "pg";
import { withScope } from "../src/db/index.js";
import { quoteIdent, quoteQualified } from "../src/shared/sql.js";
import type { TestStack } from "./harness.js";

export const DEMO_PASSWORD = "opsdesk-demo";

export const DEMO = {
  admin: { id: "0d000000-0000-4000-8000-000000000001", email: "admin@example.com", role: "admin" },
  editor: { id: "0d000000-0000-4000-8000-000000000002", email: "editor@example.com", role: "editor" },
  viewer: { id: "0d000000-0000-4000-8000-000000000003", email: "viewer@example.com", role: "viewer" },
  outsider: { id: "0d000000-0000-4000-8000-000000000004", email: "outsider@example.com", role: null },
  former: { id: "0d000000-0000-4000-8000-000000000005", email: "former@example.com", role: "editor" },
} as const;

export type Account = keyof typeof DEMO | "anon" | "service_role";
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

// SPEC §6, written out by hand: the seed must produce exactly this.
const RECORDS = { viewer: "list show export", editor: "list show export create edit import", admin: "*" };
const ORDERS = {
  viewer: "list show export",
  editor: "list show export create edit",
  admin: "list show export create edit delete",
};
const ADMIN_ONLY = { viewer: "", editor: "", admin: "*" };
const AUDIT = { viewer: "", editor: "list show export", admin: "list show export" };
const SPEC_MATRIX: Record<Resource, Record<"viewer" | "editor" | "admin", string>> = {
  categories: RECORDS,
  products: RECORDS,
  customers: RECORDS,
  orders: ORDERS,
  order_items: ORDERS,
  staff: ADMIN_ONLY,
  permissions: ADMIN_ONLY,
  audit_log: AUDIT,
};

/** What an account may do on a resource per SPEC §6 (nothing for non-staff and inactive staff). */
export function specAllows(account: Account, resource: Resource, action: string): boolean {
  if (account !== "admin" && account !== "editor" && account !== "viewer") return false;
  const allowed = SPEC_MATRIX[resource][account];
  return allowed === "*" || allowed.split(" ").includes(action);
}

/** The SPEC §6 rows of one role, sorted like my_permissions(). */
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

/** The database error a promise rejects with (fails the test when it resolves). */
export async function dbError(promise: Promise<unknown>): Promise<pg.DatabaseError> {
  try {
    await promise;
  } catch (err) {
    return err as pg.DatabaseError;
  }
  throw new Error("expected the statement to fail, but it succeeded");
}
