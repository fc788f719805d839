// Each rule of supabase/migrations/20250721100000_rule_codes.sql refuses with SQLSTATE P0001 and
// its code in HINT (facts as JSON in DETAIL), through the REST API as the console meets it or,
// where no operator can reach the rule, as the table owner: the console words refusals by these
// codes (src/providers/ruleErrors.ts), so a code renamed here without the console fails here.
import type { SupabaseClient } from "@supabase/supabase-js";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { DEMO, signInDemoAccounts } from "./opsdesk-db.js";

let stack: TestStack;
let admin: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
  admin = (await signInDemoAccounts(stack))("admin");
});
afterAll(async () => {
  await stack?.stop();
});

type Refusal = { code?: string; hint?: string | null; details?: string | null } | null;
const refusal = (error: Refusal) => ({
  code: error?.code,
  hint: error?.hint,
  facts: JSON.parse(error?.details ?? "null"),
});
const coded = (hint: string, facts: object = {}) => ({ code: "P0001", hint, facts });

/** The refusal of a statement run as the table owner (Postgres's own error fields). */
async function ownerError(sql: string): Promise<Refusal> {
  try {
    await stack.sql(sql);
  } catch (thrown) {
    const error = thrown as pg.DatabaseError;
    return { code: error.code, hint: error.hint, details: error.detail };
  }
  return null;
}

/** The refusal of a statement run as the table owner, read as `refusal` reads the API's. */
async function ownerRefused(sql: string) {
  return refusal(await ownerError(sql));
}

describe("the database's rules refuse with a code", () => {
  const me = DEMO.admin.id;

  it("operators: one's own role, active flag and row, and the last active admin (Opsdesk's codes)", async () => {
    // A second admin, so the admin's own changes meet their own rule before the last-admin one.
    await stack.sql("update opsdesk.operators set role = 'admin' where user_id = $1", [DEMO.editor.id]);
    try {
      const operators = () => admin.schema("opsdesk").from("operators");
      const opsdesk = (hint: string) => ({ code: "P0001", hint, facts: null });
      const role = await operators().update({ role: "editor" }).eq("user_id", me);
      expect(refusal(role.error)).toEqual(opsdesk("OPSDESK_SELF_ROLE"));
      const deactivate = await operators().update({ active: false }).eq("user_id", me);
      expect(refusal(deactivate.error)).toEqual(opsdesk("OPSDESK_SELF_DEACTIVATE"));
      const remove = await operators().delete().eq("user_id", me);
      expect(refusal(remove.error)).toEqual(opsdesk("OPSDESK_SELF_REMOVE"));
      const lastAdmin = await ownerRefused("update opsdesk.operators set active = false where role = 'admin'");
      expect(lastAdmin).toEqual(opsdesk("OPSDESK_LAST_ADMIN"));
    } finally {
      await stack.sql("update opsdesk.operators set role = 'editor' where user_id = $1", [DEMO.editor.id]);
    }
  });

  it("the audit log is append-only (Opsdesk's code)", async () => {
    // A changed record key is no refusal any more: Opsdesk logs it as its two sides
    // (opsdesk-schema.test.ts, "audit log").
    expect(await ownerRefused("delete from opsdesk.audit_log")).toEqual({
      code: "P0001",
      hint: "OPSDESK_AUDIT_APPEND_ONLY",
      facts: null,
    });
  });

  it("merging customers: not with itself, not with one that is gone", async () => {
    const [{ id, version }] = await stack.sql<{ id: string; version: number }>(
      "select id, version from public.customers order by id limit 1",
    );
    const self = await admin.rpc("merge_customers", {
      keep_id: id,
      keep_version: version,
      duplicate_id: id,
      duplicate_version: version,
    });
    expect(refusal(self.error)).toEqual(coded("customer_merge_self"));
    const gone = await admin.rpc("merge_customers", {
      keep_id: id,
      keep_version: version,
      duplicate_id: "00000000-0000-4000-8000-00000000dead",
      duplicate_version: 1,
    });
    expect(refusal(gone.error)).toEqual(coded("customer_gone"));
  });

  it("imports and bulk actions: a list of rows, at most 5000", async () => {
    const notRows = await admin.rpc("import_rows", { resource: "categories", rows: { name: "x" } });
    expect(refusal(notRows.error)).toEqual(coded("import_not_rows"));
    const many = Array.from({ length: 5001 }, (_, i) => ({ name: `c${i}` }));
    const tooMany = await admin.rpc("import_rows", { resource: "categories", rows: many });
    expect(refusal(tooMany.error)).toEqual(coded("import_too_many_rows", { max: 5000 }));
    const ids = Array.from({ length: 5001 }, (_, i) => ({ id: i + 1 }));
    const bulk = await admin.rpc("bulk_write", { resource: "categories", action: "delete", rows: ids });
    expect(refusal(bulk.error)).toEqual(coded("bulk_too_many_rows", { max: 5000 }));
  });

  it("imports and bulk actions: a request of the wrong shape (20250727100000_request_codes)", async () => {
    const importing = (args: object) => admin.rpc("import_rows", { resource: "categories", rows: [], ...args });
    // A table the matrix still names (import, delete for admins) with no table behind it: a row
    // of opsdesk.managed_tables whose table is gone, written as the owner.
    await stack.sql(
      `insert into opsdesk.managed_tables (schema_name, table_name) values ('public', 'nowhere') on conflict do nothing;
       insert into opsdesk.permissions (role, schema_name, table_name, action)
       values ('admin', 'public', 'nowhere', 'import'), ('admin', 'public', 'nowhere', 'delete') on conflict do nothing`,
    );
    const noTable = await admin.rpc("import_rows", { resource: "nowhere", rows: [] });
    expect(refusal(noTable.error)).toEqual(coded("request_no_table", { table: "nowhere" }));
    const noBulkTable = await admin.rpc("bulk_write", { resource: "nowhere", action: "delete", rows: [] });
    expect(refusal(noBulkTable.error)).toEqual(coded("request_no_table", { table: "nowhere" }));
    expect(refusal((await importing({ rows: [{ colour: "red" }] })).error)).toEqual(
      coded("request_unknown_column", { table: "categories", column: "colour" }),
    );
    expect(
      refusal((await admin.rpc("import_rows", { resource: "products", rows: [], labels: { name: "x" } })).error),
    ).toEqual(coded("import_not_a_reference", { table: "products", column: "name" }));
    expect(
      refusal(
        (await admin.rpc("import_rows", { resource: "products", rows: [], labels: { category_id: "nope" } })).error,
      ),
    ).toEqual(coded("request_unknown_column", { table: "public.categories", column: "nope" }));

    const bulk = (args: object) =>
      admin.rpc("bulk_write", {
        resource: "categories",
        action: "update",
        rows: [{ id: 1 }],
        changes: { name: "x" },
        ...args,
      });
    expect(refusal((await bulk({ action: "merge" })).error)).toEqual(coded("bulk_bad_action", { action: "merge" }));
    expect(refusal((await bulk({ rows: [1, 2] })).error)).toEqual(coded("bulk_not_rows"));
    expect(refusal((await bulk({ rows: [{ name: "no key" }] })).error)).toEqual(
      coded("bulk_key_missing", { column: "id" }),
    );
    expect(refusal((await bulk({ changes: {} })).error)).toEqual(coded("bulk_no_changes"));
    expect(refusal((await bulk({ changes: { colour: "red" } })).error)).toEqual(
      coded("bulk_column_not_settable", { table: "categories", column: "colour" }),
    );
    // A managed table without a single-column key (the store has none: one made for this test).
    await stack.sql(
      `create table public.rule_codes_pairs (a int, b int, primary key (a, b));
       alter table public.rule_codes_pairs enable row level security;
       select opsdesk.manage_table('public', 'rule_codes_pairs')`,
    );
    try {
      const keyless = await admin.rpc("bulk_write", { resource: "rule_codes_pairs", action: "delete", rows: [] });
      expect(refusal(keyless.error)).toEqual(coded("bulk_no_key", { table: "rule_codes_pairs" }));
    } finally {
      await stack.sql(
        "select opsdesk.unmanage_table('public', 'rule_codes_pairs'); drop table public.rule_codes_pairs",
      );
    }
  });
});
