// The demo store through the official client: each demo account signs in with supabase-js;
// sign-in outcomes, their operator row and opsdesk.my_access, the errors the console maps,
// storage and realtime.
// The role matrix itself is opsdesk-role-matrix.test.ts.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Inbox, subscribe } from "../../stack/test/fixtures/realtime/helpers.js";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { ACCOUNTS, type Account, accessRows, DEMO, DEMO_PASSWORD, specRows } from "./opsdesk-db.js";

let stack: TestStack;
const clients = new Map<Account, SupabaseClient>();

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
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
  ] as const)("%s reads their own operator row", async (account, expected) => {
    const { data, error } = await client(account)
      .schema("opsdesk")
      .from("operators")
      .select("role, active")
      .eq("user_id", DEMO[account].id);
    expect(error).toBeNull();
    expect(data).toEqual([expected]);
  });

  it.each(ACCOUNTS)("rpc('my_access') for %s", async (account) => {
    const { data, error, status } = await client(account).schema("opsdesk").rpc("my_access");
    if (account === "anon" || account === "service_role") {
      // Without a session: refused, or an answer without a role and rights.
      if (error) expect([status, error.code]).toEqual([401, "42501"]);
      else expect(data).toMatchObject({ role: null, permissions: {} });
      return;
    }
    expect(error).toBeNull();
    const role = account === "admin" || account === "editor" || account === "viewer" ? account : null;
    expect(data).toMatchObject({ user_id: DEMO[account].id, role: account === "former" ? "editor" : role });
    expect(data.active).toBe(role !== null);
    expect(accessRows(data.permissions)).toEqual(role ? specRows(role) : []);
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

  it("rpc('dashboard_kpis') returns the four figures and the windows they count", async () => {
    const { data, error } = await client("viewer").rpc("dashboard_kpis");
    expect(error).toBeNull();
    expect(Object.keys(data as object).sort()).toEqual([
      "low_stock_products",
      "orders_today",
      "pending_orders",
      "revenue_30d",
      "windows",
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

  it("operators receive product updates with the old row; non-operators receive nothing", async () => {
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
