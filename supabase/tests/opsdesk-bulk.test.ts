// Bulk write RPC (issue 14 item 8, docs/product.md "Bulk actions") through supabase-js:
// one call writes every row the database accepts and names each refused row with the
// raw parts of its error (a check rule, a still-used row, a stale version, a hidden row);
// permissions and RLS apply as for the REST API.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { DEMO, type DemoClients, signInDemoAccounts } from "./opsdesk-db.js";

let stack: TestStack;
let as: DemoClients;

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
  as = await signInDemoAccounts(stack);
});
afterAll(async () => {
  await stack?.stop();
});

interface Refused {
  id: unknown;
  code: string;
  message: string;
  details: string | null;
  constraint: string | null;
  column: string | null;
}
interface BulkResult {
  changed: unknown[];
  refused: Refused[];
}

async function bulkWrite(
  client: SupabaseClient,
  resource: string,
  action: string,
  rows: Record<string, unknown>[],
  changes: Record<string, unknown> = {},
) {
  return client.rpc("bulk_write", { resource, action, rows, changes }) as unknown as Promise<{
    data: BulkResult | null;
    error: { code: string; message: string } | null;
  }>;
}

async function newCategory(name: string): Promise<number> {
  const [row] = await stack.sql<{ id: number }>("insert into public.categories (name) values ($1) returning id", [
    name,
  ]);
  return row.id;
}

async function newProducts(
  category: number,
  prices: number[],
  prefix: string,
): Promise<{ id: number; version: number }[]> {
  return stack.sql(
    `insert into public.products (sku, name, price, category_id)
     select $1 || '-' || n, 'Bulk ' || n, p, $2 from unnest($3::numeric[]) with ordinality u(p, n)
     order by n returning id, version`,
    [prefix, category, prices],
  );
}

describe("bulk update", () => {
  it("sets the status of every row it may and reports the one a check rule refuses", async () => {
    const category = await newCategory("Bulk update rules");
    const [priced, free, alsoPriced] = await newProducts(category, [5, 0, 7], "BULKUPD");
    const { data, error } = await bulkWrite(as("editor"), "products", "update", [priced, free, alsoPriced], {
      status: "active",
    });
    expect(error).toBeNull();
    expect(data?.changed.sort()).toEqual([priced.id, alsoPriced.id].sort());
    expect(data?.refused).toEqual([
      expect.objectContaining({ id: free.id, code: "23514", constraint: "products_status_check_active" }),
    ]);
    const rows = await stack.sql<{ id: number; status: string; version: number }>(
      "select id, status::text, version from public.products where category_id = $1 order by id",
      [category],
    );
    expect(rows).toEqual([
      { id: priced.id, status: "active", version: priced.version + 1 },
      { id: free.id, status: "draft", version: free.version },
      { id: alsoPriced.id, status: "active", version: alsoPriced.version + 1 },
    ]);
    // The audit trail names the caller, once per changed row.
    const [audit] = await stack.sql<{ n: number }>(
      `select count(*)::int as n from opsdesk.audit_log
       where schema_name = 'public' and table_name = 'products' and action = 'UPDATE' and actor_id = $1
         and record_id = any($2)`,
      [DEMO.editor.id, [String(priced.id), String(alsoPriced.id)]],
    );
    expect(audit.n).toBe(2);
  });

  it("refuses a row changed since it was listed, and a row that is gone", async () => {
    const category = await newCategory("Bulk update stale");
    const [fresh, stale] = await newProducts(category, [5, 6], "BULKSTALE");
    await stack.sql("update public.products set stock = 3 where id = $1", [stale.id]);
    const { data, error } = await bulkWrite(
      as("editor"),
      "products",
      "update",
      [fresh, stale, { id: 987654321, version: 1 }],
      { status: "archived" },
    );
    expect(error).toBeNull();
    expect(data?.changed).toEqual([fresh.id]);
    expect(data?.refused.map(({ id, code }) => ({ id, code }))).toEqual([
      { id: stale.id, code: "PT409" },
      { id: 987654321, code: "42501" },
    ]);
  });

  it("refuses a column that is not there, and more than 5000 rows, writing nothing", async () => {
    const unknownColumn = await bulkWrite(as("editor"), "products", "update", [{ id: 1 }], { colour: "red" });
    expect(unknownColumn.error).toMatchObject({ code: "P0001", message: "products has no column colour to set." });
    const rows = Array.from({ length: 5001 }, (_, i) => ({ id: i + 1 }));
    const tooMany = await bulkWrite(as("editor"), "products", "update", rows, { status: "draft" });
    expect(tooMany.error).toMatchObject({ code: "P0001", message: "At most 5000 rows at once." });
  });
});

describe("bulk delete", () => {
  it("deletes the categories no product uses and names the one still used", async () => {
    const used = await newCategory("Bulk delete used");
    const free = await newCategory("Bulk delete free");
    await newProducts(used, [3], "BULKDEL");
    const { data, error } = await bulkWrite(as("admin"), "categories", "delete", [{ id: used }, { id: free }]);
    expect(error).toBeNull();
    expect(data?.changed).toEqual([free]);
    expect(data?.refused).toEqual([
      expect.objectContaining({ id: used, code: "23503", constraint: "products_category_id_fkey" }),
    ]);
    const left = await stack.sql("select id from public.categories where id = any($1)", [[used, free]]);
    expect(left).toEqual([{ id: used }]);
  });

  it("finds every refused row among many in one call", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push(await newCategory(`Bulk many ${i}`));
    const used = [ids[3], ids[17], ids[38]];
    for (const id of used) await newProducts(id, [1], `BULKMANY${id}`);
    const { data } = await bulkWrite(
      as("admin"),
      "categories",
      "delete",
      ids.map((id) => ({ id })),
    );
    expect(data?.refused.map((r) => r.id).sort()).toEqual([...used].sort());
    expect(data?.changed).toHaveLength(37);
  });
});

describe("permissions", () => {
  it("refuses callers without the right, whoever they are", async () => {
    const category = await newCategory("Bulk permissions");
    const [product] = await newProducts(category, [5], "BULKPERM");
    const editorDelete = await bulkWrite(as("editor"), "products", "delete", [product]);
    expect(editorDelete.error).toMatchObject({ code: "42501" });
    const viewerUpdate = await bulkWrite(as("viewer"), "products", "update", [product], { status: "active" });
    expect(viewerUpdate.error).toMatchObject({ code: "42501" });
    const anonymous = await bulkWrite(stack.anon(), "categories", "delete", [{ id: category }]);
    expect(anonymous.error).not.toBeNull();
    const [row] = await stack.sql<{ status: string }>("select status::text from public.products where id = $1", [
      product.id,
    ]);
    expect(row.status).toBe("draft");
  });
});
