// The demo's live features through supabase-js, on Opsdesk's private channels
// (docs/any-project.md, "What lives in opsdesk"): who is on a record (opsdesk.record_presence,
// told on `opsdesk:record:<schema>:<table>:<key>`) is open to operators who may show the
// table and to nobody else; a table's changes (`opsdesk:table:<schema>:<table>`) reach each
// operator only where the matrix lets them read the table (operators' own rows: admins, not
// editors); the access watch runs on each user's private `opsdesk:access:<user id>` channel,
// and operators / permissions changes reach no one else.
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Inbox, subscribe } from "../../stack/test/fixtures/realtime/helpers.js";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { DEMO, DEMO_PASSWORD } from "./opsdesk-db.js";

type Person = "admin" | "editor" | "viewer" | "outsider";

let stack: TestStack;
const clients = new Map<Person, SupabaseClient>();
const channels: RealtimeChannel[] = [];

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
  for (const person of ["admin", "editor", "viewer", "outsider"] as const) {
    const client = stack.anon();
    const { error } = await client.auth.signInWithPassword({ email: DEMO[person].email, password: DEMO_PASSWORD });
    if (error) throw error;
    clients.set(person, client);
  }
});
afterAll(async () => {
  await Promise.all(channels.map((c) => c.unsubscribe()));
  await stack?.stop();
});

const client = (person: Person) => {
  const c = clients.get(person);
  if (!c) throw new Error(`no client for ${person}`);
  return c;
};

function recordChannel(person: Person, topic: string): RealtimeChannel {
  const channel = client(person).channel(topic, {
    config: { private: true },
  });
  channels.push(channel);
  return channel;
}

describe("presence on record channels", () => {
  it("operators who may show the table see each other there, with what they are doing", async () => {
    const topic = "opsdesk:record:public:products:40";
    const heard = new Inbox<{ viewers: { user_id: string; name: string; mode: string }[] }>();
    await subscribe(recordChannel("editor", topic).on("broadcast", { event: "viewers" }, (m) => heard.push(m.payload)));
    const tab = crypto.randomUUID();
    const args = { schema_name: "public", table_name: "products", record_id: "40" };
    const presence = (person: Person, mode: string) =>
      client(person)
        .schema("opsdesk")
        .rpc("record_presence", { ...args, tab, mode });
    expect((await presence("editor", "editing")).error).toBeNull();
    const { data, error } = await presence("viewer", "viewing");
    expect(error).toBeNull();
    const both = [
      { user_id: DEMO.editor.id, name: "Eddie Editor", mode: "editing", tabs: [tab] },
      { user_id: DEMO.viewer.id, name: "Vera Viewer", mode: "viewing", tabs: [tab] },
    ];
    expect(data.viewers).toEqual(both);
    const told = await heard.next((m) => m.viewers.length === 2, 10_000);
    expect(told.viewers).toEqual(both);
  });

  it("refuses accounts without an operator row", async () => {
    await expect(subscribe(recordChannel("outsider", "opsdesk:record:public:products:41"))).rejects.toThrow(
      /CHANNEL_ERROR/,
    );
  });

  it("refuses operators whose role may not show the table", async () => {
    await expect(subscribe(recordChannel("viewer", "opsdesk:record:opsdesk:audit_log:1"))).rejects.toThrow(
      /CHANNEL_ERROR/,
    );
    await expect(subscribe(recordChannel("admin", "opsdesk:record:opsdesk:audit_log:1"))).resolves.toBeDefined();
  });

  it("opens no other private topic", async () => {
    for (const topic of ["opsdesk:record:public:products", "record:products:1", "lobby:products:1"]) {
      await expect(subscribe(recordChannel("admin", topic)), topic).rejects.toThrow(/CHANNEL_ERROR/);
    }
  });
});

describe("table changes", () => {
  /** Joins `opsdesk:table:<schema>:<table>` as `person` and collects its `change` broadcasts. */
  async function tableChannel(person: Person, table: string) {
    const inbox = new Inbox<{ schema: string; table: string; op: string; keys: Record<string, unknown>[] | null }>();
    await client(person).realtime.setAuth();
    const channel = recordChannel(person, `opsdesk:table:${table}`).on("broadcast", { event: "change" }, (m) =>
      inbox.push(m.payload as never),
    );
    await subscribe(channel);
    return inbox;
  }

  it("reach the operators who may read the table, and nobody else", async () => {
    const editorHears = await tableChannel("editor", "public:products");
    const viewerHears = await tableChannel("viewer", "public:products");
    await expect(tableChannel("outsider", "public:products")).rejects.toThrow(/CHANNEL_ERROR/);
    const { error } = await client("editor").from("products").update({ stock: 77 }).eq("id", 42);
    expect(error).toBeNull();
    for (const inbox of [editorHears, viewerHears]) {
      const change = await inbox.next((m) => m.op === "UPDATE", 15_000);
      expect(change).toMatchObject({ schema: "public", table: "products", keys: [{ id: 42 }] });
    }

    // An operator's row changes too, but only admins may read operators: editors cannot listen.
    await expect(tableChannel("editor", "opsdesk:operators")).rejects.toThrow(/CHANNEL_ERROR/);
    const operators = await tableChannel("admin", "opsdesk:operators");
    const { error: renameError } = await client("admin")
      .schema("opsdesk")
      .from("operators")
      .update({ full_name: "Fran Formerly" })
      .eq("user_id", DEMO.former.id);
    expect(renameError).toBeNull();
    expect(await operators.next((m) => m.op === "UPDATE", 15_000)).toMatchObject({
      keys: [{ user_id: DEMO.former.id }],
    });
  });
});

describe("the access watch", () => {
  /** Joins `opsdesk:access:<id of person>` as `person` (private) and collects its broadcasts. */
  async function accessChannel(person: Person, of: Person = person) {
    const inbox = new Inbox<{ event: string; payload: Record<string, unknown> }>();
    await client(person).realtime.setAuth();
    const channel = client(person)
      .channel(`opsdesk:access:${DEMO[of].id}`, { config: { private: true } })
      .on("broadcast", { event: "*" }, (message) => inbox.push(message as never));
    channels.push(channel);
    await subscribe(channel);
    return inbox;
  }

  it("keeps operators and permissions out of the postgres_changes publication", async () => {
    const rows = await stack.sql<{ table: string }>(
      `select schemaname || '.' || tablename as table from pg_publication_tables
       where pubname = 'supabase_realtime' order by 1`,
    );
    expect(rows.map((r) => r.table)).not.toContain("opsdesk.operators");
    expect(rows.map((r) => r.table)).not.toContain("opsdesk.permissions");
  });

  it("tells an operator of changes to their own operator row and their role's permissions, and no one else", async () => {
    const viewer = await accessChannel("viewer");
    const editor = await accessChannel("editor");
    await expect(accessChannel("editor", "viewer")).rejects.toThrow(/Unauthorized|CHANNEL_ERROR/);
    await expect(
      subscribe(stack.anon().channel(`opsdesk:access:${DEMO.viewer.id}`, { config: { private: true } })),
    ).rejects.toThrow(/CHANNEL_ERROR/);

    const admin = client("admin").schema("opsdesk");
    expect(
      (await admin.from("operators").update({ full_name: "Vera Renamed" }).eq("user_id", DEMO.viewer.id)).error,
    ).toBeNull();
    const renamed = await viewer.next((m) => m.payload.table === "operators", 10_000);
    expect(renamed).toMatchObject({
      event: "access",
      payload: { operation: "UPDATE", table: "operators", record: { active: true } },
    });

    // A revoked and a re-granted permission of the viewer role.
    const cell = { role: "viewer", schema_name: "public", table_name: "products", action: "list" };
    expect((await admin.from("permissions").delete().match(cell)).error).toBeNull();
    expect((await admin.from("permissions").insert(cell)).error).toBeNull();
    await viewer.next((m) => m.payload.operation === "DELETE", 10_000);
    await viewer.next((m) => m.payload.operation === "INSERT", 10_000);

    // The editor heard of none of it: not the viewer's row, not the viewer role's matrix.
    expect(await editor.settle()).toEqual([]);
  });

  it("sends an anonymous subscriber nothing when an operator or a permission is deleted", async () => {
    const anon = stack.anon();
    const heard = new Inbox<unknown>();
    for (const table of ["operators", "permissions"]) {
      const channel = anon
        .channel(`snoop-${table}`)
        .on("postgres_changes", { event: "*", schema: "opsdesk", table }, (payload) => heard.push(payload));
      channels.push(channel);
      await subscribe(channel);
    }
    // A throwaway operator, then removed; and a permission row removed.
    await stack.sql("insert into opsdesk.operators (user_id, full_name, role) values ($1, 'Oscar', 'viewer')", [
      DEMO.outsider.id,
    ]);
    await stack.sql("delete from opsdesk.operators where user_id = $1", [DEMO.outsider.id]);
    await stack.sql(
      "delete from opsdesk.permissions where role = 'viewer' and schema_name = 'public' and table_name = 'customers' and action = 'export'",
    );
    // A change that is published, after the deletes: once it arrives, theirs would have too.
    const published = new Inbox<unknown>();
    const probe = anon
      .channel("snoop-products")
      .on("postgres_changes", { event: "DELETE", schema: "public", table: "products" }, (payload) =>
        published.push(payload),
      );
    channels.push(probe);
    await subscribe(probe);
    await stack.sql(
      "delete from public.products where id = (select max(id) from public.products where id not in (select product_id from public.order_items))",
    );
    await published.next(() => true, 15_000);
    expect(heard.items).toEqual([]);
  });
});
