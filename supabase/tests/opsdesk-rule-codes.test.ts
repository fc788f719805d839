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

  it("staff: one's own role, active flag and row, and the last active admin", async () => {
    // A second admin, so the admin's own changes meet their own rule before the last-admin one.
    await stack.sql("update public.staff set role = 'admin' where user_id = $1", [DEMO.editor.id]);
    const role = await admin.from("staff").update({ role: "editor" }).eq("user_id", me);
    expect(refusal(role.error)).toEqual(coded("staff_own_role"));
    const deactivate = await admin.from("staff").update({ active: false }).eq("user_id", me);
    expect(refusal(deactivate.error)).toEqual(coded("staff_own_deactivate"));
    const remove = await admin.from("staff").delete().eq("user_id", me);
    expect(refusal(remove.error)).toEqual(coded("staff_own_delete"));
    const lastAdmin = await ownerRefused("update public.staff set active = false where role = 'admin'");
    expect(lastAdmin).toEqual(coded("staff_last_admin"));
  });

  it("permissions: a role keeps its own access to the matrix", async () => {
    const { error } = await admin
      .from("permissions")
      .delete()
      .match({ role: "admin", resource: "permissions", action: "list" });
    expect(refusal(error)).toEqual(coded("permissions_own_access"));
  });

  it("the audit log is append-only and record keys are fixed", async () => {
    expect(await ownerRefused("delete from public.audit_log")).toEqual(coded("audit_log_append_only"));
    // A category of its own: no product refers to it, so no foreign key answers first.
    const [{ id }] = await stack.sql<{ id: number }>(
      "insert into public.categories (name) values ('Rule codes') returning id",
    );
    const key = await ownerRefused(`update public.categories set id = id + 100000 where id = ${Number(id)}`);
    expect(key).toEqual(coded("record_key_fixed"));
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
    // A resource the matrix lets the admin import into and delete from, with no table behind it.
    await stack.sql(
      "insert into public.permissions values ('admin', 'nowhere', 'import'), ('admin', 'nowhere', 'delete'), ('admin', 'permissions', 'delete') on conflict do nothing",
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
    // A table without a single-column key (the permissions matrix: role, resource, action).
    const keyless = await admin.rpc("bulk_write", { resource: "permissions", action: "delete", rows: [] });
    expect(refusal(keyless.error)).toEqual(coded("bulk_no_key", { table: "permissions" }));
  });
});
