// The palette's search (issue 14 item 3, docs/search.md): public.search_all returns the
// best few matches of every resource the caller may list, grouped and ranked. And the
// products' category_name (issue 18), which the database keeps equal to the category's
// name through inserts, edits and renames, without touching the products' history.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { type DEMO, type DemoClients, signInDemoAccounts, withoutRights } from "./opsdesk-db.js";

let stack: TestStack;
let client: DemoClients;

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
  client = await signInDemoAccounts(stack);
});
afterAll(async () => {
  await stack?.stop();
});

interface Hit {
  resource: string;
  id: string;
  title: string;
  subtitle: string;
  details: Record<string, unknown>;
  tier: number;
}
async function palette(account: keyof typeof DEMO, q: string, perResource?: number): Promise<Hit[]> {
  const { data, error } = await client(account).rpc("search_all", { q, per_resource: perResource });
  if (error) throw new Error(`${error.code} ${error.message}`);
  return data as Hit[];
}
const resources = (hits: Hit[]) => [...new Set(hits.map((h) => h.resource))];

describe("search_all, the palette", () => {
  it('finds the customer Amir… first for "amir", with the e-mail on the second line', async () => {
    const hits = await palette("viewer", "amir");
    const [customer] = hits.filter((h) => h.resource === "customers");
    expect(customer.title).toMatch(/^Amir /);
    expect(customer.tier).toBe(1);
    const [row] = await stack.sql<{ email: string }>("select email from customers where id = $1", [customer.id]);
    expect(customer).toMatchObject({ subtitle: row.email, details: { email: row.email } });
  });

  it("groups the hits by resource, a few each, best tier first", async () => {
    const hits = await palette("admin", "e", 3);
    const order = ["products", "customers", "orders", "categories", "audit_log"];
    expect(resources(hits).length).toBeGreaterThanOrEqual(4);
    expect(resources(hits)).toEqual(order.filter((r) => resources(hits).includes(r)));
    for (const resource of resources(hits)) {
      const group = hits.filter((h) => h.resource === resource);
      expect(group.length).toBeLessThanOrEqual(3);
      const tiers = group.map((h) => h.tier);
      expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
    }
  });

  it("gives each resource its second line: SKU, e-mail, status and total", async () => {
    const [product] = await stack.sql<{ id: string; sku: string; name: string }>(
      "select id::text, sku, name from products order by id limit 1",
    );
    const byProduct = (await palette("viewer", product.sku)).find((h) => h.resource === "products");
    expect(byProduct).toMatchObject({ id: product.id, title: product.name, subtitle: product.sku, tier: 2 });
    const byOrder = (await palette("viewer", "ORD-000123")).find((h) => h.resource === "orders");
    const [order] = await stack.sql<{ status: string; total: string; full_name: string }>(
      "select o.status, o.total::text, c.full_name from orders o join customers c on c.id = o.customer_id where o.id = 123",
    );
    expect(byOrder).toMatchObject({
      id: "123",
      title: "ORD-000123",
      subtitle: `${order.status} · ${order.total}`,
      details: { status: order.status, customer: order.full_name },
    });
  });

  it("searches only what the role may list", async () => {
    // The viewer may not list the audit log; the editor may (operators are found on the
    // Operators screen, no longer in the palette).
    const viewer = resources(await palette("viewer", "a"));
    expect(viewer).toContain("products");
    expect(viewer).not.toContain("audit_log");
    const editor = resources(await palette("editor", "a"));
    expect(editor).toContain("audit_log");
    expect(resources(await palette("admin", "a"))).not.toContain("staff");
    expect(await palette("outsider", "a")).toEqual([]);
    expect(await palette("former", "a")).toEqual([]);
  });

  it("leaves an order's customer out for a role that may not read customers", async () => {
    const amirOrders = async () => (await palette("viewer", "amir", 20)).filter((h) => h.resource === "orders");
    expect((await amirOrders()).length).toBeGreaterThan(0);
    await withoutRights(stack, "viewer", "public.customers", null, async () => {
      // Orders are found by their customer's name only by those who may read customers.
      expect(await amirOrders()).toEqual([]);
      const byNumber = (await palette("viewer", "ORD-000123")).find((h) => h.resource === "orders");
      expect(byNumber?.details.customer).toBeNull();
    });
  });

  it("finds nothing for blank words", async () => {
    expect(await palette("admin", "  ")).toEqual([]);
  });
});

describe("products.category_name", () => {
  const categoryOf = async (productId: number) =>
    (
      await stack.sql<{ category_name: string | null; version: number; updated_at: Date }>(
        "select category_name, version, updated_at from products where id = $1",
        [productId],
      )
    )[0];

  it("follows the category of every insert and edit, whatever the client sends", async () => {
    const db = client("editor");
    const { data, error } = await db
      .from("products")
      .insert({ sku: "CAT-0001", name: "Label test", price: 5, category_id: 1, category_name: "Forged" })
      .select("id,category_name")
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ category_name: "Electronics" });
    await db.from("products").update({ category_id: 3, category_name: "Forged" }).eq("id", data?.id);
    expect((await categoryOf(data?.id)).category_name).toBe("Garden");
    await db.from("products").update({ category_id: null }).eq("id", data?.id);
    expect((await categoryOf(data?.id)).category_name).toBeNull();
  });

  it("follows a rename without a new version, updated_at or audit entry for the products", async () => {
    const [product] = await stack.sql<{ id: number }>(
      "select id from products where category_id = 6 order by id limit 1",
    );
    const before = await categoryOf(product.id);
    const [audited] = await stack.sql<{ n: number }>(
      "select count(*)::int as n from opsdesk.audit_log where schema_name = 'public' and table_name = 'products'",
    );
    const { error } = await client("editor").from("categories").update({ name: "Books & Comics" }).eq("id", 6);
    expect(error).toBeNull();
    const after = await categoryOf(product.id);
    expect(after).toEqual({ ...before, category_name: "Books & Comics" });
    const [stale] = await stack.sql<{ n: number }>(
      "select count(*)::int as n from products where category_id = 6 and category_name is distinct from 'Books & Comics'",
    );
    expect(stale.n).toBe(0);
    const [audit] = await stack.sql<{ n: number }>(
      "select count(*)::int as n from opsdesk.audit_log where schema_name = 'public' and table_name = 'products'",
    );
    expect(audit.n).toBe(audited.n);
  });

  it("sorts a list by category name through /rest/v1 like the related order did", async () => {
    const db = client("viewer");
    const byColumn = await db.from("products").select("id").order("category_name").order("id").limit(50);
    const byJoin = await db
      .from("products")
      .select("id,categories!inner(name)")
      .order("categories(name)")
      .order("id")
      .limit(50);
    expect(byColumn.error).toBeNull();
    expect(byColumn.data?.map((r) => r.id)).toEqual(byJoin.data?.map((r) => r.id));
  });
});
