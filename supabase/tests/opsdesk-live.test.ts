// Opsdesk's live features through supabase-js: who is on a record (record_presence, told
// on private `record:<resource>:<id>` channels) is open to staff who may see the record
// and to nobody else; changes reach
// each operator only where RLS lets them read the row (audit entries: editors, not viewers,
// and only of records they may show); the access watch runs on each user's private
// `access:<user id>` channel, and `staff` / `permissions` changes reach no one else.
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
  it("staff who may see the record see each other there, with what they are doing", async () => {
    const topic = "record:products:40";
    const heard = new Inbox<{ viewers: { user_id: string; name: string; mode: string }[] }>();
    await subscribe(recordChannel("editor", topic).on("broadcast", { event: "viewers" }, (m) => heard.push(m.payload)));
    const tab = crypto.randomUUID();
    const args = { resource: "products", record_id: "40" };
    expect((await client("editor").rpc("record_presence", { ...args, tab, mode: "editing" })).error).toBeNull();
    const { data, error } = await client("viewer").rpc("record_presence", { ...args, tab, mode: "viewing" });
    expect(error).toBeNull();
    const both = [
      { user_id: DEMO.editor.id, name: "Eddie Editor", mode: "editing", tabs: [tab] },
      { user_id: DEMO.viewer.id, name: "Vera Viewer", mode: "viewing", tabs: [tab] },
    ];
    expect(data.viewers).toEqual(both);
    const told = await heard.next((m) => m.viewers.length === 2, 10_000);
    expect(told.viewers).toEqual(both);
  });

  it("refuses operators without a staff row", async () => {
    await expect(subscribe(recordChannel("outsider", "record:products:41"))).rejects.toThrow(/CHANNEL_ERROR/);
  });

  it("refuses staff whose role may not see the resource", async () => {
    await expect(subscribe(recordChannel("viewer", "record:audit_log:1"))).rejects.toThrow(/CHANNEL_ERROR/);
    await expect(subscribe(recordChannel("admin", "record:audit_log:1"))).resolves.toBeDefined();
  });

  it("opens no other private topic", async () => {
    await expect(subscribe(recordChannel("admin", "record:products"))).rejects.toThrow(/CHANNEL_ERROR/);
    await expect(subscribe(recordChannel("admin", "lobby:products:1"))).rejects.toThrow(/CHANNEL_ERROR/);
  });
});

describe("audit log changes", () => {
  it("reach the operators who may read the audit log and the record, and nobody else", async () => {
    const inboxes = {
      admin: new Inbox<Record<string, unknown>>(),
      editor: new Inbox<Record<string, unknown>>(),
      viewer: new Inbox<Record<string, unknown>>(),
    };
    for (const person of ["admin", "editor", "viewer"] as const) {
      const channel = client(person)
        .channel(`audit-${person}`)
        .on("postgres_changes", { event: "INSERT", schema: "public", table: "audit_log" }, (payload) =>
          inboxes[person].push(payload.new),
        );
      channels.push(channel);
      await subscribe(channel);
    }
    const { error } = await client("editor").from("products").update({ stock: 77 }).eq("id", 42);
    expect(error).toBeNull();

    const entry = await inboxes.editor.next((row) => row.record_id === "42", 15_000);
    expect(entry).toMatchObject({ table_name: "products", action: "UPDATE", actor_email: DEMO.editor.email });
    expect(inboxes.viewer.items).toEqual([]);

    // A staff change is audited too, but an editor may not show staff records.
    const { error: staffError } = await client("admin")
      .from("staff")
      .update({ full_name: "Fran Formerly" })
      .eq("user_id", DEMO.former.id);
    expect(staffError).toBeNull();
    await inboxes.admin.next((row) => row.table_name === "staff" && row.record_id === DEMO.former.id, 15_000);
    // Changes go out in commit order: once the editor has a later entry, the staff one would have come before.
    expect((await client("editor").from("products").update({ stock: 78 }).eq("id", 42)).error).toBeNull();
    await inboxes.editor.next((row) => row.record_id === "42" && (row.new as { stock?: number })?.stock === 78, 15_000);
    expect(inboxes.editor.items.filter((row) => row.table_name === "staff")).toEqual([]);
  });
});

describe("the access watch", () => {
  /** Joins `access:<id of person>` as `person` (private) and collects its broadcasts. */
  async function accessChannel(person: Person, of: Person = person) {
    const inbox = new Inbox<{ event: string; payload: Record<string, unknown> }>();
    await client(person).realtime.setAuth();
    const channel = client(person)
      .channel(`access:${DEMO[of].id}`, { config: { private: true } })
      .on("broadcast", { event: "*" }, (message) => inbox.push(message as never));
    channels.push(channel);
    await subscribe(channel);
    return inbox;
  }

  it("takes staff and permissions out of the postgres_changes publication", async () => {
    const rows = await stack.sql<{ table: string }>(
      "select tablename as table from pg_publication_tables where pubname = 'supabase_realtime' order by 1",
    );
    expect(rows.map((r) => r.table)).not.toContain("staff");
    expect(rows.map((r) => r.table)).not.toContain("permissions");
  });

  it("tells an operator of changes to their own staff row and their role's permissions, and no one else", async () => {
    const viewer = await accessChannel("viewer");
    const editor = await accessChannel("editor");
    await expect(accessChannel("editor", "viewer")).rejects.toThrow(/Unauthorized/);
    await expect(
      subscribe(stack.anon().channel(`access:${DEMO.viewer.id}`, { config: { private: true } })),
    ).rejects.toThrow(/CHANNEL_ERROR/);

    const admin = client("admin");
    expect(
      (await admin.from("staff").update({ full_name: "Vera Renamed" }).eq("user_id", DEMO.viewer.id)).error,
    ).toBeNull();
    const renamed = await viewer.next((m) => m.payload.table === "staff", 10_000);
    expect(renamed).toMatchObject({
      event: "UPDATE",
      payload: {
        record: { user_id: DEMO.viewer.id, full_name: "Vera Renamed" },
        old_record: { full_name: "Vera Viewer" },
      },
    });

    // A revoked and a re-granted permission of the viewer role.
    const cell = { role: "viewer", resource: "products", action: "list" };
    expect((await admin.from("permissions").delete().match(cell)).error).toBeNull();
    expect((await admin.from("permissions").insert(cell)).error).toBeNull();
    await viewer.next((m) => m.event === "DELETE" && m.payload.table === "permissions", 10_000);
    const granted = await viewer.next((m) => m.event === "INSERT" && m.payload.table === "permissions", 10_000);
    expect(granted.payload).toMatchObject({ record: cell });

    // The editor heard of none of it: not the viewer's row, not the viewer role's matrix.
    expect(await editor.settle()).toEqual([]);
  });

  it("sends an anonymous subscriber nothing when a staff row or a permission is deleted", async () => {
    const anon = stack.anon();
    const heard = new Inbox<unknown>();
    for (const table of ["staff", "permissions"]) {
      const channel = anon
        .channel(`snoop-${table}`)
        .on("postgres_changes", { event: "*", schema: "public", table }, (payload) => heard.push(payload));
      channels.push(channel);
      await subscribe(channel);
    }
    // A throwaway staff member, then removed; and a permission row removed.
    await stack.sql("insert into public.staff (user_id, full_name, email, role) values ($1, 'Oscar', $2, 'viewer')", [
      DEMO.outsider.id,
      DEMO.outsider.email,
    ]);
    await stack.sql("delete from public.staff where user_id = $1", [DEMO.outsider.id]);
    await stack.sql(
      "delete from public.permissions where role = 'viewer' and resource = 'customers' and action = 'export'",
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
