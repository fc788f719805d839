// The demo store's switch onto Opsdesk (supabase/migrations/20250731100000_demo_opsdesk_switch.sql
// and the 20250731* after it; docs/any-project.md, "The demo store") on a database where the demo
// ran before: the store's folder copied without the switch's migrations and without its seed,
// served by a test stack, the old tables filled by this file (staff, a matrix an admin changed,
// audited writes by operators, saved views, list columns, preferences, a record's viewer); then
// the switch's migrations applied as `supabase db push` applies them. What arrived in opsdesk.*,
// what went, and that every account gets exactly what the moved matrix says (also the MFA rule
// and install 0009's access channel) are checked on the switched database.
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "../../stack/src/db/migrate.js";
import { withScope } from "../../stack/src/db/scope.js";
import { createLogger } from "../../stack/src/shared/log.js";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { DEMO, DEMO_PASSWORD } from "./opsdesk-db.js";

/** The switch's first migration version: it and every later migration are applied as its push. */
const SWITCH = "20250731";
/** A migration file the push applies (the switch's own and the later install upgrades). */
const pushed = (file: string) => file.slice(0, SWITCH.length) >= SWITCH;
const MFA = { id: "0d000000-0000-4000-8000-000000000006", email: "mfa@example.com" } as const;
const TABLES = ["categories", "products", "customers", "orders", "order_items"] as const;
type Table = (typeof TABLES)[number];
const ACTIONS = ["list", "show", "create", "edit", "delete", "export", "import"] as const;

// The demo's matrix as an admin left it before the switch: viewers may also create categories,
// editors may no longer import customers; the admin rows on staff and permissions are Opsdesk's
// admin role afterwards, not matrix rows.
const RECORDS = ["categories", "products", "customers"];
const OLD_MATRIX: [role: string, resource: string, actions: string][] = [
  ...RECORDS.map((r): [string, string, string] => ["viewer", r, "list show export"]),
  ...RECORDS.map((r): [string, string, string] => ["editor", r, "list show export create edit import"]),
  ...RECORDS.map((r): [string, string, string] => ["admin", r, "list show export create edit import delete"]),
  ...["orders", "order_items"].flatMap((r): [string, string, string][] => [
    ["viewer", r, "list show export"],
    ["editor", r, "list show export create edit"],
    ["admin", r, "list show export create edit delete"],
  ]),
  ["editor", "audit_log", "list show export"],
  ["admin", "audit_log", "list show export"],
  ["admin", "staff", ACTIONS.join(" ")],
  ["admin", "permissions", ACTIONS.join(" ")],
];
const changedMatrix = () => {
  const rows = OLD_MATRIX.flatMap(([role, resource, actions]) =>
    actions.split(" ").map((action) => ({ role, resource, action })),
  ).filter((r) => !(r.role === "editor" && r.resource === "customers" && r.action === "import"));
  return [...rows, { role: "viewer", resource: "categories", action: "create" }];
};
/** The moved matrix: opsdesk.permissions rows of the store's tables and the audit log. */
const expectedMatrix = () =>
  changedMatrix()
    .filter((r) => r.resource !== "staff" && r.resource !== "permissions")
    .map((r) => `${r.role} ${r.resource === "audit_log" ? "opsdesk.audit_log" : `public.${r.resource}`} ${r.action}`)
    .sort();

let dir: string;
let stack: TestStack;
const ids = {} as Record<"category" | "product" | "customer" | "order" | "item" | "spare", string>;
let oldAudit: { table_name: string; record_id: string; action: string; actor_email: string | null }[];
let auditBefore: number;
const tab = "7ab00000-0000-4000-8000-000000000001";

type Who = { id: string; email: string; aal?: "aal1" | "aal2" };
function as<T>(who: Who, fn: (c: pg.PoolClient) => Promise<T>, commit = false): Promise<T> {
  const claims = { sub: who.id, email: who.email, role: "authenticated", aud: "authenticated", aal: who.aal ?? "aal1" };
  return withScope(
    stack.ctx.db.api,
    { role: "authenticated", claims, method: "POST", path: "/test", headers: {}, searchPath: ["public", "extensions"] },
    fn,
    { rollback: !commit },
  );
}
const sqlAs = <T extends pg.QueryResultRow = pg.QueryResultRow>(who: Who, text: string, values: unknown[] = []) =>
  as(who, (c) => c.query<T>(text, values), true);
const one = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await stack.sql(text, values))[0] as T;

async function writeOldDemo(): Promise<void> {
  const accounts = [
    [DEMO.admin.id, DEMO.admin.email, "Ada Admin", "admin", true],
    [DEMO.editor.id, DEMO.editor.email, "Eddie Editor", "editor", true],
    [DEMO.viewer.id, DEMO.viewer.email, "Vera Viewer", "viewer", true],
    [DEMO.outsider.id, DEMO.outsider.email, "Oscar Outsider", null, null],
    [DEMO.former.id, DEMO.former.email, "Fran Former", "editor", false],
    [MFA.id, MFA.email, "Mia Factor", "editor", true],
  ];
  await stack.sql(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                             confirmation_token, recovery_token, email_change_token_new, email_change)
     select '00000000-0000-0000-0000-000000000000', (a ->> 0)::uuid, 'authenticated', 'authenticated', a ->> 1,
            extensions.crypt($2, extensions.gen_salt('bf', 4)), now(), '{"provider":"email","providers":["email"]}', '{}',
            now(), now(), '', '', '', ''
     from jsonb_array_elements($1::jsonb) a`,
    [JSON.stringify(accounts), DEMO_PASSWORD],
  );
  await stack.sql(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true), 'email', now(), now()
     from auth.users u`,
  );
  await stack.sql(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
     values (gen_random_uuid(), $1, 'phone', 'totp', 'verified', now(), now())`,
    [MFA.id],
  );
  await stack.sql(
    `insert into public.staff (user_id, full_name, email, role, active)
     select (a ->> 0)::uuid, a ->> 2, a ->> 1, (a ->> 3)::public.staff_role, (a ->> 4)::boolean
     from jsonb_array_elements($1::jsonb) a where a ->> 3 is not null`,
    [JSON.stringify(accounts)],
  );
  const matrix = OLD_MATRIX.flatMap(([role, resource, actions]) =>
    actions.split(" ").map((action) => ({ role, resource, action })),
  );
  await stack.sql(
    `insert into public.permissions (role, resource, action)
     select (r ->> 'role')::public.staff_role, r ->> 'resource', (r ->> 'action')::public.permission_action
     from jsonb_array_elements($1::jsonb) r`,
    [JSON.stringify(matrix)],
  );

  // The store's rows, written by operators (the old trail names them).
  const admin = { id: DEMO.admin.id, email: DEMO.admin.email };
  const editor = { id: DEMO.editor.id, email: DEMO.editor.email };
  const first = async (who: Who, text: string, values: unknown[] = []) =>
    String(Object.values((await sqlAs(who, text, values)).rows[0])[0]);
  ids.category = await first(editor, "insert into categories (name) values ('Switch lamps') returning id");
  await sqlAs(editor, "update categories set description = 'Moved with the store' where id = $1", [ids.category]);
  ids.spare = await first(admin, "insert into categories (name) values ('Spare shelf') returning id");
  ids.product = await first(
    admin,
    `insert into products (sku, name, price, stock, status, category_id)
     values ('LAMP-0001', 'Brass desk lamp', 49.5, 10, 'active', $1) returning id`,
    [ids.category],
  );
  ids.customer = await first(
    admin,
    "insert into customers (full_name, email, country) values ('Lena Licht', 'lena@example.com', 'DE') returning id",
  );
  ids.order = await first(admin, "insert into orders (customer_id) values ($1) returning id", [ids.customer]);
  ids.item = await first(
    editor,
    "insert into order_items (order_id, product_id, quantity) values ($1, $2, 2) returning id",
    [ids.order, ids.product],
  );
  // The matrix and staff were audited too.
  await sqlAs(admin, "update public.staff set full_name = 'Vera V. Viewer' where user_id = $1", [DEMO.viewer.id]);
  await sqlAs(admin, "insert into public.permissions values ('viewer', 'categories', 'create')");
  await sqlAs(
    admin,
    "delete from public.permissions where role = 'editor' and resource = 'customers' and action = 'import'",
  );

  // Each operator's console state.
  await sqlAs(
    editor,
    `insert into public.saved_views (resource, name, filters, sorters, columns, page_size, is_default) values
       ('products', 'Cheap', '[{"field": "price", "operator": "lt", "value": 10}]', '[{"field": "price", "order": "asc"}]',
        '{name,price}', 50, true),
       ('audit_log', 'Mine', '[]', '[]', null, 25, false)`,
  );
  await sqlAs(
    editor,
    `insert into public.list_columns (resource, columns, widths) values ('orders', '{number,status}', '{"number": 120}')`,
  );
  await sqlAs(
    { id: DEMO.viewer.id, email: DEMO.viewer.email },
    "insert into public.operator_preferences (theme, locale) values ('dark', 'de')",
  );
  await sqlAs(editor, "select public.record_presence('products', $1, $2, 'editing')", [ids.product, tab]);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-switch-"));
  cpSync(path.join(REPO_ROOT, "supabase"), path.join(dir, "supabase"), {
    recursive: true,
    filter: (source) => {
      const rel = path.relative(path.join(REPO_ROOT, "supabase"), source);
      const migration = rel.startsWith(`migrations${path.sep}`) && pushed(path.basename(rel));
      return !(migration || rel === "tests" || rel === "functions");
    },
  });
  writeFileSync(path.join(dir, "supabase", "seed.sql"), "-- The test writes the demo's rows itself.\n");
  stack = await startTestStack({ projectDir: dir });
  await writeOldDemo();
  oldAudit = await stack.sql("select table_name, record_id, action, actor_email from public.audit_log order by id");
  auditBefore = (await one<{ n: number }>("select coalesce(max(id), 0)::int as n from opsdesk.audit_log")).n;

  // The switch, as `supabase db push` applies the folder's new migrations.
  const migrations = path.join(REPO_ROOT, "supabase", "migrations");
  for (const file of readdirSync(migrations).filter(pushed))
    cpSync(path.join(migrations, file), path.join(dir, "supabase", "migrations", file));
  const client = await stack.ctx.db.admin.connect();
  try {
    const applied = await applyMigrations(client, { ...stack.config }, createLogger("switch-test"));
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.every((f) => pushed(path.basename(f)))).toBe(true);
  } finally {
    client.release();
    await stack.ctx.hooks.reloadSchema();
  }
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("what moves", () => {
  it("staff become operators with their name, role and state; the outsider stays none", async () => {
    expect(await stack.sql("select email, full_name, role, active from opsdesk.operators order by email")).toEqual([
      { email: DEMO.admin.email, full_name: "Ada Admin", role: "admin", active: true },
      { email: DEMO.editor.email, full_name: "Eddie Editor", role: "editor", active: true },
      { email: DEMO.former.email, full_name: "Fran Former", role: "editor", active: false },
      { email: MFA.email, full_name: "Mia Factor", role: "editor", active: true },
      { email: DEMO.viewer.email, full_name: "Vera V. Viewer", role: "viewer", active: true },
    ]);
  });

  it("the matrix as the admin left it, by table: the store's in public, the audit log Opsdesk's", async () => {
    const rows = await stack.sql<{ row: string }>(
      `select role || ' ' || schema_name || '.' || table_name || ' ' || action as row from opsdesk.permissions
       where schema_name = 'public' or table_name = 'audit_log' order by 1`,
    );
    expect(rows.map((r) => r.row)).toEqual(expectedMatrix());
  });

  it("every audit entry, in order, with its actor, keyed by its record", async () => {
    const moved = await stack.sql<{
      schema_name: string;
      table_name: string;
      record_id: string;
      record_key: Record<string, unknown>;
      action: string;
      actor_email: string | null;
      new: Record<string, unknown> | null;
    }>(
      `select schema_name, table_name, record_id, record_key, action, actor_email, new
       from opsdesk.audit_log where id > $1 order by id`,
      [auditBefore],
    );
    expect(oldAudit.length).toBeGreaterThan(10);
    expect(moved.map((e) => [e.action, e.actor_email])).toEqual(oldAudit.map((e) => [e.action, e.actor_email]));
    expect(moved.map((e) => e.table_name)).toEqual(
      oldAudit.map((e) => (e.table_name === "staff" ? "operators" : e.table_name)),
    );
    const entryOf = (table: string, id: string) => moved.filter((e) => e.table_name === table && e.record_id === id);
    expect(entryOf("categories", ids.category).map((e) => [e.schema_name, e.record_key, e.action])).toEqual([
      ["public", { id: Number(ids.category) }, "INSERT"],
      ["public", { id: Number(ids.category) }, "UPDATE"],
    ]);
    expect(entryOf("customers", ids.customer)[0].record_key).toEqual({ id: ids.customer });
    expect(entryOf("operators", DEMO.viewer.id)).toMatchObject([
      { schema_name: "opsdesk", record_key: { user_id: DEMO.viewer.id }, action: "INSERT", actor_email: null },
      {
        schema_name: "opsdesk",
        record_key: { user_id: DEMO.viewer.id },
        action: "UPDATE",
        actor_email: DEMO.admin.email,
      },
    ]);
    const matrixRow = { role: "viewer", schema_name: "public", table_name: "categories", action: "create" };
    expect(moved.filter((e) => e.table_name === "permissions" && e.actor_email !== null)).toMatchObject([
      { schema_name: "opsdesk", record_key: matrixRow, new: matrixRow, action: "INSERT" },
      {
        schema_name: "opsdesk",
        record_key: { role: "editor", table_name: "customers", action: "import" },
        action: "DELETE",
      },
    ]);
  });

  it("an order's History holds its items' moved entries", async () => {
    const filed = await stack.sql<{ table_name: string }>(
      "select table_name from opsdesk.audit_log where history_of = $1 order by id",
      [ids.order],
    );
    expect(filed.map((e) => e.table_name)).toEqual(["orders", "order_items", "orders"]);
  });

  it("saved views, list columns, preferences and a record's viewer, under Opsdesk's names", async () => {
    const editor = { id: DEMO.editor.id, email: DEMO.editor.email };
    // Read as the editor: Opsdesk's policies (own rows, tables they may list) let them through.
    const views = await as(editor, (c) =>
      c.query("select resource, name, filters, columns, page_size, is_default from opsdesk.saved_views order by name"),
    );
    expect(views.rows).toEqual([
      {
        resource: "public.products",
        name: "Cheap",
        filters: [{ field: "price", operator: "lt", value: 10 }],
        columns: ["name", "price"],
        page_size: 50,
        is_default: true,
      },
      { resource: "opsdesk.audit_log", name: "Mine", filters: [], columns: null, page_size: 25, is_default: false },
    ]);
    const columns = await as(editor, (c) => c.query("select resource, columns, widths from opsdesk.list_columns"));
    expect(columns.rows).toEqual([
      { resource: "public.orders", columns: ["number", "status"], widths: { number: 120 } },
    ]);
    const prefs = await as({ id: DEMO.viewer.id, email: DEMO.viewer.email }, (c) =>
      c.query("select theme, locale from opsdesk.preferences"),
    );
    expect(prefs.rows).toEqual([{ theme: "dark", locale: "de" }]);
    expect(await stack.sql("select topic, user_id, tab, editing from opsdesk.record_viewers")).toEqual([
      { topic: `opsdesk:record:public:products:${ids.product}`, user_id: DEMO.editor.id, tab, editing: true },
    ]);
  });
});

describe("what goes", () => {
  it("the old tables, their functions, the store's audit triggers and operator policies", async () => {
    expect(
      await one(
        `select to_regclass('public.staff') as staff, to_regclass('public.permissions') as permissions,
                to_regclass('public.audit_log') as audit_log, to_regclass('public.saved_views') as saved_views,
                to_regclass('public.list_columns') as list_columns, to_regclass('public.operator_preferences') as prefs,
                to_regclass('app.record_viewers') as viewers, to_regprocedure('public.my_permissions()') as my_permissions,
                to_regprocedure('app.allowed_resources(text)') as allowed, to_regprocedure('app.audit_rows()') as audit_rows`,
      ),
    ).toEqual({
      staff: null,
      permissions: null,
      audit_log: null,
      saved_views: null,
      list_columns: null,
      prefs: null,
      viewers: null,
      my_permissions: null,
      allowed: null,
      audit_rows: null,
    });
    const triggers = await stack.sql("select tgname from pg_trigger where tgname like 'a00_audit%'");
    expect(triggers).toEqual([]);
    const policies = await stack.sql<{ name: string }>(
      `select tablename || ': ' || policyname as name from pg_policies
       where schemaname = 'public' and tablename = any ($1) and policyname not like 'opsdesk: operators %'`,
      [TABLES],
    );
    expect(policies).toEqual([]);
  });
});

describe("who may do what after the switch", () => {
  const row = (table: Table) =>
    ({
      categories: ids.spare,
      products: ids.product,
      customers: ids.customer,
      orders: ids.order,
      order_items: ids.item,
    })[table];
  const accounts: [name: string, who: Who, role: string | null][] = [
    ["admin", DEMO.admin, "admin"],
    ["editor", DEMO.editor, "editor"],
    ["viewer", DEMO.viewer, "viewer"],
    ["outsider", DEMO.outsider, null],
    ["former (inactive)", DEMO.former, null],
    ["an operator with an app, password only", MFA, null],
    ["an operator with an app, with its code", { ...MFA, aal: "aal2" }, "editor"],
  ];
  const allowed = (role: string | null, resource: string, action: string) =>
    role !== null && changedMatrix().some((r) => r.role === role && r.resource === resource && r.action === action);

  it.each(accounts)("%s: app.can answers the moved matrix", async (_name, who, role) => {
    const asked = [...TABLES, "audit_log"].flatMap((resource) => ACTIONS.map((action) => ({ resource, action })));
    const { rows } = await as(who, (c) =>
      c.query<{ resource: string; action: string; can: boolean }>(
        "select r ->> 'resource' as resource, r ->> 'action' as action, app.can(r ->> 'resource', r ->> 'action') as can from jsonb_array_elements($1::jsonb) r",
        [JSON.stringify(asked)],
      ),
    );
    expect(rows).toEqual(asked.map((a) => ({ ...a, can: allowed(role, a.resource, a.action) })));
  });

  it.each(accounts)(
    "%s: reads, edits and deletes the store's rows exactly as the matrix says",
    async (_name, who, role) => {
      for (const table of TABLES) {
        const seen = await as(who, (c) => c.query(`select id from public.${table} where id = $1`, [row(table)]));
        expect(seen.rowCount, `${table} select`).toBe(
          allowed(role, table, "list") || allowed(role, table, "show") ? 1 : 0,
        );
        const edited = await as(who, (c) =>
          c.query(`update public.${table} set updated_at = updated_at where id = $1`, [row(table)]),
        );
        expect(edited.rowCount, `${table} update`).toBe(allowed(role, table, "edit") ? 1 : 0);
        const deleted = await as(who, (c) => c.query(`delete from public.${table} where id = $1`, [row(table)])).then(
          (r) => (r.rowCount === 1 ? "deleted" : "nothing"),
          (e: pg.DatabaseError) => (e.code === "23503" ? "deleted" : `error ${e.code}`), // reached the row; a key refused it
        );
        expect(deleted, `${table} delete`).toBe(allowed(role, table, "delete") ? "deleted" : "nothing");
      }
      const created = await as(who, (c) => c.query("insert into public.categories (name) values ('Probe')")).then(
        () => true,
        (e: pg.DatabaseError) => (e.code === "42501" ? false : Promise.reject(e)),
      );
      expect(created, "categories insert").toBe(allowed(role, "categories", "create"));
    },
  );

  it("an operator with an app joins their access channel only with its code (install 0009)", async () => {
    const topic = `opsdesk:access:${MFA.id}`;
    const mayJoin = (who: Who) =>
      as(who, (c) => c.query<{ ok: boolean }>("select opsdesk.may_join($1) as ok", [topic])).then((r) => r.rows[0].ok);
    expect(await mayJoin(MFA)).toBe(false);
    expect(await mayJoin({ ...MFA, aal: "aal2" })).toBe(true);
  });

  it("the palette finds the moved entries for who may read the audit log, and no one else", async () => {
    const search = (who: Who) =>
      as(who, (c) =>
        c.query<{ table_name: string; record_id: string }>(
          "select table_name, record_id from public.search_audit_log('Switch lamps')",
        ),
      ).then((r) => r.rows);
    expect(await search(DEMO.editor)).toContainEqual({ table_name: "categories", record_id: ids.category });
    expect(await search(DEMO.viewer)).toEqual([]);
  });

  it("an operator deactivated by an admin is signed out everywhere", async () => {
    const { error } = await stack.anon().auth.signInWithPassword({ email: DEMO.editor.email, password: DEMO_PASSWORD });
    expect(error).toBeNull();
    const sessions = () =>
      one<{ n: number }>("select count(*)::int as n from auth.sessions where user_id = $1", [DEMO.editor.id]);
    expect((await sessions()).n).toBeGreaterThan(0);
    await sqlAs(DEMO.admin, "update opsdesk.operators set active = false where user_id = $1", [DEMO.editor.id]);
    expect((await sessions()).n).toBe(0);
  });
});
