// Opsdesk's live features through supabase-js: presence on private `record:<resource>:<id>`
// channels is open to staff who may see the record and to nobody else, and changes reach
// each operator only where RLS lets them read the row (the audit log: editors, not viewers).
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Inbox, subscribe } from "./fixtures/realtime/helpers.js";
import { REPO_ROOT, startTestStack, type TestStack } from "./harness.js";
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
    config: { private: true, presence: { key: DEMO[person].id } },
  });
  channels.push(channel);
  return channel;
}

describe("presence on record channels", () => {
  it("staff who may see the record see each other there, with what they are doing", async () => {
    const topic = "record:products:40";
    const synced = new Inbox<string[]>();
    const editor = recordChannel("editor", topic).on("presence", { event: "sync" }, () =>
      synced.push(Object.keys(editor.presenceState())),
    );
    const viewer = recordChannel("viewer", topic);
    await subscribe(editor);
    await subscribe(viewer);
    await editor.track({ name: "Edith Editor", mode: "editing" });
    await viewer.track({ name: "Vic Viewer", mode: "viewing" });

    await synced.next((keys) => keys.length === 2, 10_000);
    const state = editor.presenceState<{ name: string; mode: string }>();
    expect(state[DEMO.viewer.id]?.[0]).toMatchObject({ name: "Vic Viewer", mode: "viewing" });
    expect(state[DEMO.editor.id]?.[0]).toMatchObject({ name: "Edith Editor", mode: "editing" });
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
  it("reach the operators who may read the audit log and nobody else", async () => {
    const inboxes = { editor: new Inbox<Record<string, unknown>>(), viewer: new Inbox<Record<string, unknown>>() };
    for (const person of ["editor", "viewer"] as const) {
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
  });
});
