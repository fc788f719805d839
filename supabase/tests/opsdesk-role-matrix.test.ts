// The role matrix (issue 6) through supabase-js: every account × every table of the seeded
// opsdesk.permissions rows × list/show/create/edit/delete/export/import. The expected
// outcomes are derived from those rows and the accounts' opsdesk.operators rows, so a table
// added to the matrix adds its cases (opsdesk-rls.test.ts checks that the seed is the demo's
// matrix). Opsdesk's administration tables (roles, operators, permissions, table settings) are
// left to opsdesk-rls.test.ts: admins write them by role, not by matrix rows. Writes carry
// Prefer: tx=rollback and import is a dry run (opsdesk.import_rows): the database ends as it began.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, describe, expect, it } from "vitest";
import { quoteIdent, quoteQualified } from "../../stack/src/shared/sql.js";
import { REPO_ROOT, startTestStack } from "../../stack/test/harness.js";
import { allowTxOverride } from "../../stack/test/rest-helpers.js";
import {
  ACCOUNTS,
  ACTIONS,
  type Account,
  createProbeFixtures,
  DEMO,
  DEMO_PASSWORD,
  existingRow,
  newRow,
  splitName,
} from "./opsdesk-db.js";

type Action = (typeof ACTIONS)[number];

// The cases are generated from the database, so the stack starts while the file is collected.
const stack = await startTestStack({ projectDir: REPO_ROOT });
await allowTxOverride(stack);
afterAll(async () => {
  await stack.stop();
});

/** Opsdesk's administration tables: their rows give admins `show` only, admins write them by role. */
const ADMINISTERED = ["opsdesk.roles", "opsdesk.operators", "opsdesk.permissions", "opsdesk.table_settings"];
const permissionRows = await stack.sql<{ role: string; resource: string; action: Action }>(
  "select role, schema_name || '.' || table_name as resource, action from opsdesk.permissions",
);
const operatorRows = await stack.sql<{ user_id: string; role: string; active: boolean }>(
  "select user_id, role, active from opsdesk.operators",
);

/** Every table the matrix names and decides alone, as `schema.table`. */
const resources = [...new Set(permissionRows.map((p) => p.resource))]
  .filter((resource) => !ADMINISTERED.includes(resource))
  .sort();

/** supabase-js on the table's schema. */
const from = (db: SupabaseClient, resource: string) => {
  const [schema, table] = splitName(resource);
  return db.schema(schema).from(table);
};

/** The account's user id (none for anon). */
const userIdOf = (account: Account): string | undefined =>
  account in DEMO ? DEMO[account as keyof typeof DEMO].id : undefined;

/** `resource:action` rows the account's active operator role holds; nothing without one. */
const held = new Map(
  ACCOUNTS.map((account) => {
    const operator = operatorRows.find((o) => o.user_id === userIdOf(account) && o.active);
    const rows = permissionRows.filter((p) => operator && p.role === operator.role);
    return [account, new Set(rows.map((p) => `${p.resource}:${p.action}`))];
  }),
);

/**
 * Whether the database lets the account do it, given the rows it holds. One select policy,
 * "list or show", serves every read, and an export is such a read (`.csv()`): the database
 * cannot tell list, show and export apart (the first test checks the matrix never asks it to).
 * import_rows requires `import` and then inserts under RLS, which requires `create`.
 */
function enforced(account: Account, resource: string, action: Action): boolean {
  const has = (a: Action) => held.get(account)?.has(`${resource}:${a}`) ?? false;
  if (action === "list" || action === "show" || action === "export") return has("list") || has("show");
  if (action === "import") return has("import") && has("create");
  return has(action);
}

/** One supabase-js client per account: signed in with the demo password, or just the anon key. */
const clients = new Map<Account, SupabaseClient>();
for (const account of ACCOUNTS) {
  const client = stack.anon();
  if (account in DEMO) {
    const { email } = DEMO[account as keyof typeof DEMO];
    const { error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
    if (error) throw error;
  }
  clients.set(account, client);
}

const fixtures = await createProbeFixtures(stack);

/** Primary key columns per table, in key order. */
async function primaryKey(resource: string): Promise<string[]> {
  const rows = await stack.sql<{ column: string }>(
    `select a.attname as column
     from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
     where i.indrelid = $1::regclass and i.indisprimary
     order by array_position(i.indkey::int2[], a.attnum)`,
    [quoteQualified(...splitName(resource))],
  );
  return rows.map((r) => r.column);
}
const keys = new Map(await Promise.all(resources.map(async (r) => [r, await primaryKey(r)] as const)));

/** Rows a show is tried on, where not every row is alike: audit entries of a records table (see the last describe). */
const SHOW_AMONG: Record<string, string> = {
  "opsdesk.audit_log": "where schema_name = 'public' and table_name = 'products'",
};

/** Rows of every table of the store and of Opsdesk. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await stack.sql<{ schema: string; name: string }>(
    `select relnamespace::regnamespace::text as schema, relname as name from pg_class
     where relnamespace in ('public'::regnamespace, 'opsdesk'::regnamespace) and relkind = 'r' order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables) {
    counts[`${schema}.${name}`] = (
      await stack.sql<{ n: number }>(`select count(*)::int as n from ${quoteQualified(schema, name)}`)
    )[0].n;
  }
  return counts;
}
const countsBefore = await rowCounts();

interface Response {
  status: number;
  error: { code?: string; message: string } | null;
}

/**
 * A refusal is an RLS/privilege error (42501), never a server error, answered as PostgREST
 * does: 401 to an anonymous caller, 403 to a signed-in one.
 */
function refused(account: Account, what: string, response: Response): boolean {
  expect(response.status, `${what}: ${response.error?.message}`).toBeLessThan(500);
  if (!response.error) return false;
  expect(response.error.code, `${what}: ${response.error.message}`).toBe("42501");
  expect(response.status, what).toBe(account === "anon" ? 401 : 403);
  return true;
}

/** Whether the account managed the action on the resource (writes rolled back, import a dry run). */
async function attempt(account: Account, resource: string, action: Action): Promise<boolean> {
  const db = clients.get(account) as SupabaseClient;
  const what = `${account} ${action} ${resource}`;
  const pk = keys.get(resource) ?? [];
  switch (action) {
    case "list":
    case "export": {
      const query = from(db, resource).select(pk.join(",")).limit(5);
      if (action === "list") {
        const response = await query;
        return !refused(account, what, response) && (response.data?.length ?? 0) > 0;
      }
      const response = await query.csv();
      // The header line, then one line per row.
      return !refused(account, what, response) && (response.data ?? "").trim().split("\n").length > 1;
    }
    case "show": {
      const columns = pk.map(quoteIdent).join(", ");
      const [target] = await stack.sql(
        `select ${pk.map((c) => `${quoteIdent(c)}::text`).join(", ")} from ${quoteQualified(...splitName(resource))} ${SHOW_AMONG[resource] ?? ""} order by ${columns} limit 1`,
      );
      expect(target, `${what}: no row to show`).toBeDefined();
      const response = await from(db, resource)
        .select(pk.join(","))
        .match(target as Record<string, unknown>)
        .maybeSingle();
      return !refused(account, what, response) && response.data !== null;
    }
    case "create": {
      const response = await from(db, resource).insert(newRow(resource, fixtures)).select().rollback();
      return !refused(account, what, response) && response.data?.length === 1;
    }
    case "edit":
    case "delete": {
      const { key, patch } = existingRow(resource, fixtures);
      const write = action === "edit" ? from(db, resource).update(patch) : from(db, resource).delete();
      const response = await write.match(key).select().rollback();
      // Without the right, RLS hides the row from update/delete: 0 rows, or 42501 for revoked privileges.
      return !refused(account, what, response) && response.data?.length === 1;
    }
    case "import": {
      const [schema_name, table_name] = splitName(resource);
      const response = await db.schema("opsdesk").rpc("import_rows", {
        schema_name,
        table_name,
        rows: [newRow(resource, fixtures)],
        labels: {},
        dry_run: true,
      });
      if (refused(account, what, response)) return false;
      expect(response.data, what).toMatchObject({ inserted: 1, committed: false, errors: [] });
      return true;
    }
  }
}

describe("the seeded matrix asks only what the database can enforce", () => {
  it("list, show and export are granted together (one select policy serves all three)", () => {
    const reads = new Map<string, string[]>();
    const asked = permissionRows.filter(
      (p) => resources.includes(p.resource) && ["list", "show", "export"].includes(p.action),
    );
    for (const p of asked) {
      const cell = `${p.role} ${p.resource}`;
      reads.set(cell, [...(reads.get(cell) ?? []), p.action].sort());
    }
    for (const [cell, actions] of reads) expect(actions, cell).toEqual(["export", "list", "show"]);
  });

  it("every resource of the matrix is a table with a primary key", () => {
    expect(resources.length).toBeGreaterThan(0);
    for (const resource of resources) expect(keys.get(resource), resource).not.toEqual([]);
  });
});

describe("every account × resource × action through supabase-js (writes rolled back)", () => {
  const cases = ACCOUNTS.flatMap((account) =>
    resources.flatMap((resource) =>
      ACTIONS.map((action) => {
        const allowed = enforced(account, resource, action);
        const title = `${account} ${action} ${resource} → ${allowed ? "allowed" : "denied"}`;
        return [title, { account, resource, action, allowed }] as const;
      }),
    ),
  );

  it.each(cases)("%s", async (_, { account, resource, action, allowed }) => {
    expect(await attempt(account, resource, action)).toBe(allowed);
  });

  it("changed no row of any table", async () => {
    expect(await rowCounts()).toEqual(countsBefore);
  });
});

/** One audit entry's record per audited table, as `schema.table` (the seed writes entries for each). */
const auditSample = new Map(
  (
    await stack.sql<{ resource: string; record_id: string }>(
      `select distinct on (schema_name, table_name) schema_name || '.' || table_name as resource, record_id
       from opsdesk.audit_log order by schema_name, table_name, id`,
    )
  ).map((row) => [row.resource, row.record_id]),
);

describe("audit entries follow the records they describe", () => {
  const cases = ACCOUNTS.flatMap((account) =>
    [...auditSample.keys()].sort().map((table) => {
      const readsLog = enforced(account, "opsdesk.audit_log", "list");
      const allowed = readsLog && (held.get(account)?.has(`${table}:show`) ?? false);
      return [
        `${account} reads entries of ${table} → ${allowed ? "allowed" : "denied"}`,
        { account, table, allowed },
      ] as const;
    }),
  );

  it("the seed audits every table the cases need", () => {
    expect([...auditSample.keys()]).toEqual(
      expect.arrayContaining(["public.products", "opsdesk.operators", "opsdesk.permissions"]),
    );
  });

  it.each(cases)(
    "%s (the log's list, History, export, the issue's operator probe)",
    async (_, { account, table, allowed }) => {
      const db = clients.get(account) as SupabaseClient;
      const what = `${account} audit ${table}`;
      const [schema_name, table_name] = splitName(table);
      const log = () => db.schema("opsdesk").from("audit_log");
      const list = await log().select("id").match({ schema_name, table_name }).limit(1);
      const history = await log()
        .select("id")
        .match({ schema_name, table_name, record_id: auditSample.get(table) as string });
      const exported = await log().select("table_name, new").match({ schema_name, table_name }).csv();
      const probe = await log().select("email:new->>email,role:new->>role").match({ schema_name, table_name });
      for (const response of [list, history, exported, probe]) refused(account, what, response);
      expect((list.data?.length ?? 0) > 0, `${what}: list`).toBe(allowed);
      expect((history.data?.length ?? 0) > 0, `${what}: history`).toBe(allowed);
      expect((exported.data ?? "").trim().split("\n").length > 1, `${what}: export`).toBe(allowed);
      expect((probe.data?.length ?? 0) > 0, `${what}: probe`).toBe(allowed);
    },
  );
});
