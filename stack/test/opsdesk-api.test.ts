// Opsdesk through the official client: each demo account signs in with
// supabase-js and the role matrix, generated from the seeded `permissions` rows,
// is exercised as from(resource).select/insert/update/delete over /rest/v1.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Inbox, subscribe } from "./fixtures/realtime/helpers.js";
import { REPO_ROOT, startTestStack, type TestStack } from "./harness.js";
import { ACCOUNTS, type Account, DEMO, DEMO_PASSWORD, RESOURCES, type Resource, specRows } from "./opsdesk-db.js";

let stack: TestStack;
const clients = new Map<Account, SupabaseClient>();
/** role → "resource:action" rows, read from the seeded table (not from SPEC). */
const granted = new Map<string, Set<string>>();

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
  for (const row of await stack.sql<{ role: string; resource: string; action: string }>(
    "select role::text, resource, action::text from permissions",
  )) {
    if (!granted.has(row.role)) granted.set(row.role, new Set());
    granted.get(row.role)?.add(`${row.resource}:${row.action}`);
  }
  for (const account of ACCOUNTS) {
    if (account === "anon" || account === "service_role") {
      clients.set(account, stack.anon());
      continue;
    }
    const client = stack.anon();
    const { error } = await client.auth.signInWithPassword({ email: DEMO[account].email, password: DEMO_PASSWORD });
    if (error) throw error;
    clients.set(account, client);
  }
});
afterAll(async () => {
  await stack?.stop();
});

function client(account: Account): SupabaseClient {
  const c = clients.get(account);
  if (!c) throw new Error(`no client for ${account}`);
  return c;
}

/** What the seeded matrix grants the account (nothing without an active staff row). */
function allowed(account: Account, resource: Resource, action: string): boolean {
  if (account !== "admin" && account !== "editor" && account !== "viewer") return false;
  return granted.get(account)?.has(`${resource}:${action}`) ?? false;
}

describe("sign-in", () => {
  it.each(["admin", "editor", "viewer", "outsider", "former"] as const)(
    "%s@example.com signs in with the demo password",
    async (account) => {
      const { data } = await client(account).auth.getSession();
      expect(data.session?.user.email).toBe(DEMO[account].email);
    },
  );

  it("refuses a wrong password", async () => {
    const { data, error } = await stack
      .anon()
      .auth.signInWithPassword({ email: DEMO.admin.email, password: "wrong-password" });
    expect(data.session).toBeNull();
    expect(error?.code).toBe("invalid_credentials");
  });

  it.each([
    ["admin", { role: "admin", active: true }],
    ["former", { role: "editor", active: false }],
  ] as const)("%s reads their own staff row", async (account, expected) => {
    const { data, error } = await client(account).from("staff").select("role, active").eq("user_id", DEMO[account].id);
    expect(error).toBeNull();
    expect(data).toEqual([expected]);
  });

  it.each(ACCOUNTS)("rpc('my_permissions') for %s", async (account) => {
    const { data, error } = await client(account).rpc("my_permissions");
    expect(error).toBeNull();
    const role = account === "admin" || account === "editor" || account === "viewer" ? account : null;
    const key = (r: { resource: string; action: string }) => `${r.resource}:${r.action}`;
    expect((data as { resource: string; action: string }[]).map(key).sort()).toEqual(
      role ? specRows(role).map(key).sort() : [],
    );
  });
});

/** Rows created for one probe: what to insert, and an existing row to edit and delete. */
interface Probe {
  insert: Record<string, unknown>;
  key: [string, unknown][];
  patch: Record<string, unknown>;
}

let serial = 0;
async function prepare(resource: Resource): Promise<Probe> {
  serial += 1;
  const n = serial;
  const sql = async (text: string, values: unknown[] = []) => Object.values((await stack.sql(text, values))[0])[0];
  switch (resource) {
    case "categories":
      return {
        insert: { name: `API new ${n}` },
        key: [["id", await sql("insert into categories (name) values ($1) returning id", [`API existing ${n}`])]],
        patch: { description: "patched" },
      };
    case "products":
      return {
        insert: { sku: `API-NEW-${n}`, name: "New", price: 3, category_id: 1 },
        key: [
          ["id", await sql("insert into products (sku, name) values ($1, 'Existing') returning id", [`API-OLD-${n}`])],
        ],
        patch: { stock: 7 },
      };
    case "customers":
      return {
        insert: { full_name: "New", email: `api.new.${n}@example.com`, country: "SE" },
        key: [
          [
            "id",
            await sql("insert into customers (full_name, email, country) values ('Old', $1, 'SE') returning id", [
              `api.old.${n}@example.com`,
            ]),
          ],
        ],
        patch: { notes: "patched" },
      };
    case "orders": {
      const customer = await sql("select id from customers order by id limit 1");
      return {
        insert: { customer_id: customer },
        key: [["id", await sql("insert into orders (customer_id) values ($1) returning id", [customer])]],
        patch: { notes: "patched" },
      };
    }
    case "order_items": {
      const order = await sql("insert into orders (customer_id) select id from customers limit 1 returning id");
      return {
        insert: { order_id: order, product_id: 4, quantity: 1 },
        key: [
          [
            "id",
            await sql("insert into order_items (order_id, product_id, quantity) values ($1, 5, 2) returning id", [
              order,
            ]),
          ],
        ],
        patch: { quantity: 3 },
      };
    }
    case "staff": {
      const user = async (email: string) =>
        sql(
          `insert into auth.users (instance_id, id, aud, role, email) values
           ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1) returning id`,
          [email],
        );
      const newUser = await user(`api.staff.new.${n}@example.com`);
      const oldEmail = `api.staff.old.${n}@example.com`;
      const oldUser = await user(oldEmail);
      await stack.sql("insert into staff (user_id, full_name, email, role) values ($1, 'Old', $2, 'viewer')", [
        oldUser,
        oldEmail,
      ]);
      return {
        insert: { user_id: newUser, full_name: "New", email: `api.staff.new.${n}@example.com`, role: "viewer" },
        key: [["user_id", oldUser]],
        patch: { full_name: "Patched" },
      };
    }
    case "permissions":
      await stack.sql("insert into permissions values ('viewer', $1, 'list')", [`api_old_${n}`]);
      return {
        insert: { role: "viewer", resource: `api_new_${n}`, action: "list" },
        key: [
          ["role", "viewer"],
          ["resource", `api_old_${n}`],
          ["action", "list"],
        ],
        patch: { action: "show" },
      };
    case "audit_log":
      return {
        insert: { table_name: "x", record_id: "1", action: "INSERT" },
        key: [["id", await sql("select min(id) from audit_log")]],
        patch: { actor_email: "forged@example.com" },
      };
  }
}

describe("the role matrix through supabase-js (from the seeded permissions)", () => {
  const cases = ACCOUNTS.flatMap((account) =>
    RESOURCES.flatMap((resource) =>
      (["list", "create", "edit", "delete"] as const).map((action) => ({ account, resource, action })),
    ),
  );

  it.each(cases)("$account $action $resource", async ({ account, resource, action }) => {
    const expected = allowed(account, resource, action);
    const db = client(account);
    if (action === "list") {
      let query = db.from(resource).select("*", { count: "exact", head: true });
      // Everyone reads their own staff row; listing means seeing others.
      if (resource === "staff" && account in DEMO) query = query.neq("user_id", DEMO[account as keyof typeof DEMO].id);
      const { count, error } = await query;
      expect(error).toBeNull();
      expect((count ?? 0) > 0).toBe(expected);
      return;
    }
    const probe = await prepare(resource);
    const denied = account === "anon" ? 401 : 403;
    if (action === "create") {
      const { data, error, status } = await db.from(resource).insert(probe.insert).select();
      if (expected) {
        expect(error).toBeNull();
        expect(data).toHaveLength(1);
      } else {
        expect(status).toBe(denied);
        expect(error?.code).toBe("42501");
      }
      return;
    }
    let query = action === "edit" ? db.from(resource).update(probe.patch) : db.from(resource).delete();
    for (const [column, value] of probe.key) query = query.eq(column, value as string);
    const { data, error, status } = await query.select();
    if (resource === "audit_log") {
      // Append-only: the privilege is revoked for every API role.
      expect(status).toBe(denied);
      expect(error?.code).toBe("42501");
      return;
    }
    expect(error).toBeNull();
    expect(data?.length ?? 0).toBe(expected ? 1 : 0);
  });
});

describe("errors as the console receives them", () => {
  it("a stale version is HTTP 409 with the conflict message", async () => {
    const db = client("editor");
    const { data: row } = await db.from("products").select("id, version").eq("id", 30).single();
    const first = await db.from("products").update({ stock: 11, version: row?.version }).eq("id", 30).select("version");
    expect(first.error).toBeNull();
    const stale = await db.from("products").update({ stock: 12, version: row?.version }).eq("id", 30).select();
    expect(stale.status).toBe(409);
    expect(stale.error).toMatchObject({
      code: "PT409",
      message: "Someone else changed this record. Reload to see their changes.",
    });
  });

  it("an illegal status change is HTTP 400 with the rule in plain words", async () => {
    const [{ id }] = await stack.sql<{ id: string }>("select id from orders where status = 'delivered' limit 1");
    const { error, status } = await client("editor").from("orders").update({ status: "pending" }).eq("id", id).select();
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "P0001", message: "An order that is delivered cannot become pending." });
  });

  it("a duplicate SKU is HTTP 409 naming products_sku_key", async () => {
    const { error, status } = await client("editor")
      .from("products")
      .insert({ sku: "FAS-0001", name: "Twin" })
      .select();
    expect(status).toBe(409);
    expect(error?.code).toBe("23505");
    expect(error?.message).toContain("products_sku_key");
  });

  it("rpc('dashboard_kpis') returns the four figures", async () => {
    const { data, error } = await client("viewer").rpc("dashboard_kpis");
    expect(error).toBeNull();
    expect(Object.keys(data as object).sort()).toEqual([
      "low_stock_products",
      "orders_today",
      "pending_orders",
      "revenue_30d",
    ]);
  });
});

// Files sit in the folder of their record ('<product id>/', '<order id>/'); the folder
// rules themselves are covered in opsdesk-storage.test.ts.
describe("storage buckets and their policies", () => {
  const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
  const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");

  it.each([
    ["editor", true],
    ["admin", true],
    ["viewer", false],
    ["outsider", false],
    ["former", false],
  ] as const)("%s may upload a product image: %s", async (account, ok) => {
    const { error } = await client(account)
      .storage.from("product-images")
      .upload(`40/probe-${account}.png`, png, { contentType: "image/png" });
    if (ok) expect(error).toBeNull();
    else expect(error).toMatchObject({ statusCode: "403" });
  });

  it("product images are PNG, JPEG or WebP up to 5 MB, and public to read", async () => {
    const images = client("editor").storage.from("product-images");
    const gif = await images.upload("40/probe.gif", Buffer.from("GIF89a"), { contentType: "image/gif" });
    expect(gif.error).toMatchObject({ statusCode: "415" });
    const big = await images.upload("40/probe-big.png", Buffer.alloc(5 * 1024 * 1024 + 1), {
      contentType: "image/png",
    });
    expect(big.error).toMatchObject({ statusCode: "413" });
    const { data } = stack.anon().storage.from("product-images").getPublicUrl("40/probe-editor.png");
    expect((await fetch(data.publicUrl)).status).toBe(200);
  });

  it("order documents are private PDFs readable by roles that may show orders", async () => {
    const path = "1/invoice.pdf";
    const upload = await client("editor")
      .storage.from("order-documents")
      .upload(path, pdf, { contentType: "application/pdf" });
    expect(upload.error).toBeNull();
    const viewer = await client("viewer").storage.from("order-documents").download(path);
    expect(viewer.error).toBeNull();
    expect(Buffer.from(await (viewer.data as Blob).arrayBuffer()).equals(pdf)).toBe(true);
    const outsider = await client("outsider").storage.from("order-documents").download(path);
    expect(outsider.data).toBeNull();
    const { data } = stack.anon().storage.from("order-documents").getPublicUrl(path);
    expect((await fetch(data.publicUrl)).status).not.toBe(200);
    const notPdf = await client("editor")
      .storage.from("order-documents")
      .upload("1/x.png", png, { contentType: "image/png" });
    expect(notPdf.error).toMatchObject({ statusCode: "415" });
  });
});

describe("realtime on the business tables", () => {
  interface Change {
    eventType: string;
    new: Record<string, unknown>;
    old: Record<string, unknown>;
  }

  it("staff receive product updates with the old row; non-staff receive nothing", async () => {
    const inboxes = { editor: new Inbox<Change>(), outsider: new Inbox<Change>() };
    const channels = await Promise.all(
      (["editor", "outsider"] as const).map((account) =>
        subscribe(
          client(account)
            .channel(`products-${account}`)
            .on(
              "postgres_changes",
              { event: "UPDATE", schema: "public", table: "products", filter: "id=eq.40" },
              (payload) => inboxes[account].push(payload as unknown as Change),
            ),
        ),
      ),
    );
    try {
      await stack.sql("update products set stock = 123 where id = 40");
      const change = await inboxes.editor.next(() => true, 15_000);
      expect(change.new).toMatchObject({ id: 40, stock: 123 });
      expect(change.old).toMatchObject({ id: 40, sku: expect.any(String) });
      expect(change.old.stock).not.toBe(123);
      expect(inboxes.outsider.items).toEqual([]);
    } finally {
      await Promise.all(channels.map((c) => c.unsubscribe()));
    }
  });
});
