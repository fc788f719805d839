// The role matrix (issue 6) through supabase-js: every account × every resource of the
// seeded `permissions` rows × list/show/create/edit/delete/export/import. The expected
// outcomes are derived from those rows and the accounts' `staff` rows, so a resource added
// to the seed adds its cases (opsdesk-rls.test.ts checks that the seed is docs/product.md §6). Writes
// carry Prefer: tx=rollback and import is a dry run: the database ends as it began.
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
} from "./opsdesk-db.js";

type Action = (typeof ACTIONS)[number];

// The cases are generated from the database, so the stack starts while the file is collected.
const stack = await startTestStack({ projectDir: REPO_ROOT });
await allowTxOverride(stack);
afterAll(async () => {
  await stack.stop();
});

const service = stack.service();
const { data: permissionRows, error: permissionsError } = await service
  .from("permissions")
  .select("role, resource, action");
if (permissionsError) throw permissionsError;
const { data: staffRows, error: staffError } = await service.from("staff").select("user_id, role, active");
if (staffError) throw staffError;

/** Every resource the matrix names. */
const resources = [...new Set(permissionRows.map((p) => p.resource as string))].sort();

/** The account's user id (none for anon). */
const userIdOf = (account: Account): string | undefined =>
  account in DEMO ? DEMO[account as keyof typeof DEMO].id : undefined;

/** `resource:action` rows the account's active staff role holds; nothing without one. */
const held = new Map(
  ACCOUNTS.map((account) => {
    const staff = staffRows.find((s) => s.user_id === userIdOf(account) && s.active);
    const rows = permissionRows.filter((p) => staff && p.role === staff.role);
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
async function primaryKey(table: string): Promise<string[]> {
  const rows = await stack.sql<{ column: string }>(
    `select a.attname as column
     from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
     where i.indrelid = $1::regclass and i.indisprimary
     order by array_position(i.indkey::int2[], a.attnum)`,
    [`public.${table}`],
  );
  return rows.map((r) => r.column);
}
const keys = new Map(await Promise.all(resources.map(async (r) => [r, await primaryKey(r)] as const)));

/** Tables whose policies also let everyone read their own row ("staff: own row"): listing means seeing others'. */
const OWN_ROW: Record<string, string> = { staff: "user_id" };

/** Rows a show is tried on, where not every row is alike: audit entries of a records table (see the last describe). */
const SHOW_AMONG: Record<string, string> = { audit_log: "where table_name = 'products'" };

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await stack.sql<{ name: string }>(
    "select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    counts[name] = (
      await stack.sql<{ n: number }>(`select count(*)::int as n from ${quoteQualified("public", name)}`)
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
  const userId = userIdOf(account);
  const own = OWN_ROW[resource];
  switch (action) {
    case "list":
    case "export": {
      let query = db.from(resource).select(pk.join(",")).limit(5);
      if (own && userId) query = query.neq(own, userId);
      if (action === "list") {
        const response = await query;
        return !refused(account, what, response) && (response.data?.length ?? 0) > 0;
      }
      const response = await query.csv();
      // The header line, then one line per row.
      return !refused(account, what, response) && (response.data ?? "").trim().split("\n").length > 1;
    }
    case "show": {
      // A row that is not the caller's own (which every account may read on staff).
      const columns = pk.map(quoteIdent).join(", ");
      const candidates = await stack.sql(
        `select ${pk.map((c) => `${quoteIdent(c)}::text`).join(", ")} from ${quoteQualified("public", resource)} ${SHOW_AMONG[resource] ?? ""} order by ${columns} limit 2`,
      );
      const target = candidates.find((row) => !Object.values(row).includes(userId));
      expect(target, `${what}: no row to show`).toBeDefined();
      const response = await db
        .from(resource)
        .select(pk.join(","))
        .match(target as Record<string, unknown>)
        .maybeSingle();
      return !refused(account, what, response) && response.data !== null;
    }
    case "create": {
      const response = await db.from(resource).insert(newRow(resource, fixtures)).select().rollback();
      return !refused(account, what, response) && response.data?.length === 1;
    }
    case "edit":
    case "delete": {
      const { key, patch } = existingRow(resource, fixtures);
      const write = action === "edit" ? db.from(resource).update(patch) : db.from(resource).delete();
      const response = await write.match(key).select().rollback();
      // Without the right, RLS hides the row from update/delete: 0 rows, or 42501 for revoked privileges.
      return !refused(account, what, response) && response.data?.length === 1;
    }
    case "import": {
      const response = await db.rpc("import_rows", {
        resource,
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
    for (const p of permissionRows.filter((p) => ["list", "show", "export"].includes(p.action))) {
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

/** One audit entry's record per audited table (the seed writes entries for each). */
const auditSample = new Map(
  (
    await stack.sql<{ table_name: string; record_id: string }>(
      "select distinct on (table_name) table_name, record_id from public.audit_log order by table_name, id",
    )
  ).map((row) => [row.table_name, row.record_id]),
);

describe("audit entries follow the records they describe", () => {
  const cases = ACCOUNTS.flatMap((account) =>
    [...auditSample.keys()].sort().map((table) => {
      const readsLog = enforced(account, "audit_log", "list");
      const allowed = readsLog && (held.get(account)?.has(`${table}:show`) ?? false);
      return [
        `${account} reads entries of ${table} → ${allowed ? "allowed" : "denied"}`,
        { account, table, allowed },
      ] as const;
    }),
  );

  it("the seed audits every table the cases need", () => {
    expect([...auditSample.keys()]).toEqual(expect.arrayContaining(["products", "staff", "permissions"]));
  });

  it.each(cases)("%s (/audit, History, export, the issue's staff probe)", async (_, { account, table, allowed }) => {
    const db = clients.get(account) as SupabaseClient;
    const what = `${account} audit ${table}`;
    const list = await db.from("audit_log").select("id").eq("table_name", table).limit(1);
    const history = await db
      .from("audit_log")
      .select("id")
      .eq("table_name", table)
      .eq("record_id", auditSample.get(table) as string);
    const exported = await db.from("audit_log").select("table_name, new").eq("table_name", table).csv();
    const probe = await db.from("audit_log").select("email:new->>email,role:new->>role").eq("table_name", table);
    for (const response of [list, history, exported, probe]) refused(account, what, response);
    expect((list.data?.length ?? 0) > 0, `${what}: list`).toBe(allowed);
    expect((history.data?.length ?? 0) > 0, `${what}: history`).toBe(allowed);
    expect((exported.data ?? "").trim().split("\n").length > 1, `${what}: export`).toBe(allowed);
    expect((probe.data?.length ?? 0) > 0, `${what}: probe`).toBe(allowed);
  });
});
