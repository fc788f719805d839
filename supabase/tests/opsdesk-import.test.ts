// CSV import RPC (issue 5, docs/product.md §9) through supabase-js: a dry run reports every bad
// row and writes nothing, a commit writes all rows or none, references are resolved by
// their label, and only callers holding `import` (and, through RLS, `create`) may import.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { DEMO, DEMO_PASSWORD, withoutRights } from "./opsdesk-db.js";

let stack: TestStack;
const as: Record<"admin" | "editor" | "viewer", SupabaseClient> = {} as never;

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
  for (const account of ["admin", "editor", "viewer"] as const) {
    const client = stack.anon();
    const { error } = await client.auth.signInWithPassword({ email: DEMO[account].email, password: DEMO_PASSWORD });
    if (error) throw error;
    as[account] = client;
  }
});
afterAll(async () => {
  await stack?.stop();
});

interface RowError {
  row: number;
  code: string;
  message: string;
  details: string | null;
  constraint: string | null;
  column: string | null;
  label?: string;
  ambiguous?: boolean;
}
interface ImportResult {
  inserted: number;
  committed: boolean;
  errors: RowError[];
  truncated: boolean;
}

const CATEGORY_LABEL = { category_id: "name" };

async function importRows(
  client: SupabaseClient,
  resource: string,
  rows: Record<string, unknown>[],
  options: { dryRun?: boolean; labels?: Record<string, string> } = {},
) {
  return client.rpc("import_rows", {
    resource,
    rows,
    labels: options.labels ?? {},
    dry_run: options.dryRun ?? true,
  }) as unknown as Promise<{ data: ImportResult | null; error: { code: string; message: string } | null }>;
}

async function countWhere(table: string, column: string, values: string[]): Promise<number> {
  const [row] = await stack.sql<{ n: number }>(
    `select count(*)::int as n from public.${table} where ${column} = any($1)`,
    [values],
  );
  return row.n;
}

const product = (sku: string, extra: Record<string, unknown> = {}) => ({
  sku,
  name: `Imported ${sku}`,
  category_id: "Books",
  price: "9.50",
  ...extra,
});

describe("a clean file", () => {
  const skus = ["IMP-CLEAN-1", "IMP-CLEAN-2", "IMP-CLEAN-3"];
  const rows = [
    product(skus[0], { stock: 4, status: "active", tags: ["a", "b"] }),
    product(skus[1], { description: "Second" }),
    // No category: the column keeps its default (null), the status its default (draft).
    { sku: skus[2], name: "Imported without category", price: 0 },
  ];

  it("validates on a dry run and writes nothing", async () => {
    const { data, error } = await importRows(as.editor, "products", rows, { labels: CATEGORY_LABEL });
    expect(error).toBeNull();
    expect(data).toEqual({ inserted: 3, committed: false, errors: [], truncated: false });
    expect(await countWhere("products", "sku", skus)).toBe(0);
  });

  it("commits every row, references resolved by label, audited as the caller", async () => {
    const { data, error } = await importRows(as.editor, "products", rows, { labels: CATEGORY_LABEL, dryRun: false });
    expect(error).toBeNull();
    expect(data).toEqual({ inserted: 3, committed: true, errors: [], truncated: false });
    const written = await stack.sql(
      `select p.sku, c.name as category, p.price::text, p.stock, p.status::text, p.tags
       from public.products p left join public.categories c on c.id = p.category_id
       where p.sku = any($1) order by p.sku`,
      [skus],
    );
    expect(written).toEqual([
      { sku: skus[0], category: "Books", price: "9.50", stock: 4, status: "active", tags: ["a", "b"] },
      { sku: skus[1], category: "Books", price: "9.50", stock: 0, status: "draft", tags: [] },
      { sku: skus[2], category: null, price: "0.00", stock: 0, status: "draft", tags: [] },
    ]);
    const audit = await stack.sql<{ actor_id: string; n: number }>(
      `select actor_id, count(*)::int as n from opsdesk.audit_log
       where schema_name = 'public' and table_name = 'products' and action = 'INSERT' and new ->> 'sku' = any($1)
       group by actor_id`,
      [skus],
    );
    expect(audit).toEqual([{ actor_id: DEMO.editor.id, n: 3 }]);
  });

  it("categories get their slug from the trigger as in a form", async () => {
    const { data } = await importRows(as.editor, "categories", [{ name: "Imported Garden Tools" }], { dryRun: false });
    expect(data?.committed).toBe(true);
    const [row] = await stack.sql("select slug from public.categories where name = 'Imported Garden Tools'");
    expect(row).toEqual({ slug: "imported-garden-tools" });
  });
});

describe("a file with errors", () => {
  it("reports every bad row with its code, column and constraint, and commits nothing", async () => {
    const good = "IMP-ERR-OK";
    const rows = [
      product(good),
      product("IMP-CLEAN-1"), // exists already (committed above)
      product("IMP-ERR-DUP"),
      product("IMP-ERR-DUP"), // the same SKU twice in one file
      product("IMP-ERR-CAT", { category_id: "No Such Category" }),
      product("IMP-ERR-ACT", { status: "active", price: 0 }),
      product("bad sku"),
      { sku: "IMP-ERR-NONAME", price: 1 },
      product("IMP-ERR-STOCK", { stock: -1 }),
    ];
    const { data, error } = await importRows(as.editor, "products", rows, { labels: CATEGORY_LABEL, dryRun: false });
    expect(error).toBeNull();
    expect(data?.committed).toBe(false);
    expect(data?.inserted).toBe(2); // the good row and the first IMP-ERR-DUP would have gone in
    const summary = data?.errors.map((e) => ({ row: e.row, code: e.code, constraint: e.constraint, column: e.column }));
    expect(summary).toEqual([
      { row: 2, code: "23505", constraint: "products_sku_key", column: null },
      { row: 4, code: "23505", constraint: "products_sku_key", column: null },
      { row: 5, code: "23503", constraint: null, column: "category_id" },
      { row: 6, code: "23514", constraint: "products_status_check_active", column: null },
      { row: 7, code: "23514", constraint: "products_sku_check", column: null },
      { row: 8, code: "23502", constraint: null, column: "name" },
      { row: 9, code: "23514", constraint: "products_stock_check", column: null },
    ]);
    expect(data?.errors[2]).toMatchObject({ label: "No Such Category", ambiguous: false });
    // The raw message carries what the console parses into docs/product.md §8 text (with RLS on,
    // Postgres leaves the key values out of the details).
    expect(data?.errors[0].message).toContain('"products_sku_key"');
    expect(await countWhere("products", "sku", [good, "IMP-ERR-DUP"])).toBe(0);
  });

  it("customers' e-mails are unique regardless of case, within the file and against the table", async () => {
    const [existing] = await stack.sql<{ email: string }>("select email from public.customers limit 1");
    const customer = (email: string) => ({ full_name: "Imported Person", email, country: "DE" });
    const rows = [
      customer("import.one@example.com"),
      customer("IMPORT.ONE@example.com"),
      customer(existing.email.toUpperCase()),
      customer("import.two@example.com"),
      { ...customer("import.three@example.com"), country: "XX" },
    ];
    const { data } = await importRows(as.editor, "customers", rows);
    expect(data?.errors.map((e) => [e.row, e.code, e.constraint])).toEqual([
      [2, "23505", "customers_email_key"],
      [3, "23505", "customers_email_key"],
      [5, "23514", "customers_country_check"],
    ]);
  });

  it("a label carried by several referenced rows is ambiguous", async () => {
    // Labels need not be unique in general: resolve by a non-unique column.
    const [{ description }] = await stack.sql<{ description: string }>(
      "update public.categories set description = 'Shared label' where id in (1, 2) returning description",
    );
    const { data } = await importRows(as.editor, "products", [product("IMP-AMB", { category_id: description })], {
      labels: { category_id: "description" },
    });
    expect(data?.errors).toMatchObject([{ row: 1, code: "23503", column: "category_id", ambiguous: true }]);
  });
});

describe("the call itself", () => {
  it("needs the import permission: a viewer is refused before anything runs", async () => {
    const { data, error } = await importRows(as.viewer, "products", [product("IMP-VIEWER")], { dryRun: false });
    expect(data).toBeNull();
    expect(error?.code).toBe("42501");
    expect(await countWhere("products", "sku", ["IMP-VIEWER"])).toBe(0);
  });

  it("needs create through RLS too: import without create is refused as a whole", async () => {
    await withoutRights(stack, "editor", "public.customers", ["create"], async () => {
      const { error } = await importRows(as.editor, "customers", [
        { full_name: "No Create", email: "no.create@example.com", country: "DE" },
      ]);
      expect(error?.code).toBe("42501");
    });
  });

  it("refuses more than 5000 rows, unknown columns, non-references and non-lists", async () => {
    const many = Array.from({ length: 5001 }, (_, i) => ({ name: `Many ${i}` }));
    const tooMany = await importRows(as.admin, "categories", many);
    expect(tooMany.error).toMatchObject({ code: "P0001", message: "A CSV file can have at most 5000 rows." });

    const unknown = await importRows(as.admin, "categories", [{ name: "X", colour: "red" }]);
    expect(unknown.error).toMatchObject({ code: "P0001", message: "categories has no column colour." });

    const generated = await importRows(as.admin, "products", [{ ...product("IMP-GEN"), search: "x" }]);
    expect(generated.error).toMatchObject({ code: "P0001", message: "products has no column search." });

    const notReference = await importRows(as.admin, "products", [product("IMP-NREF")], { labels: { name: "sku" } });
    expect(notReference.error).toMatchObject({ code: "P0001", message: "name is not a reference of products." });

    const { error } = await as.admin.rpc("import_rows", { resource: "categories", rows: { name: "X" } });
    expect(error).toMatchObject({ code: "P0001", message: "The import must be a list of rows." });
  });

  it("checks 5000 rows within the statement timeout, clean, with a few bad rows, or with very many", async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ name: `Bulk category ${i}` }));
    const timed = async (file: Record<string, unknown>[]) => {
      const started = performance.now();
      const { data, error } = await importRows(as.admin, "categories", file);
      expect(error).toBeNull();
      return { data: data as ImportResult, ms: Math.round(performance.now() - started) };
    };
    const clean = await timed(rows);
    expect(clean.data).toMatchObject({ inserted: 5000, errors: [], truncated: false });

    const bad = [17, 2500, 5000];
    const few = await timed(rows.map((row, i) => (bad.includes(i + 1) ? { name: "" } : row)));
    expect(few.data.errors.map((e) => [e.row, e.constraint])).toEqual(bad.map((row) => [row, "categories_name_check"]));
    expect(few.data).toMatchObject({ inserted: 4997, truncated: false });

    // Every row bad: the report stops at 100 errors and says so.
    const all = await timed(rows.map(() => ({ name: "" })));
    expect(all.data.errors).toHaveLength(100);
    expect(all.data.errors.map((e) => e.row)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(all.data.truncated).toBe(true);
    console.log(`import_rows 5000 categories: clean ${clean.ms} ms, 3 bad rows ${few.ms} ms, all bad ${all.ms} ms`);
  });
});
