// postgres_changes through the official client: event types, filters, replica
// identity, RLS per subscriber, token expiry and swap, both protocol versions.
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Inbox,
  makeUser,
  REALTIME_FIXTURE,
  realtimeClient,
  subscribe,
  type TestUser,
} from "./fixtures/realtime/helpers.js";
import { startTestStack, type TestStack } from "./harness.js";

/** What realtime-js hands to a postgres_changes callback. */
interface Change {
  schema: string;
  table: string;
  commit_timestamp: string;
  eventType: "INSERT" | "UPDATE" | "DELETE";
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  errors: string[] | null;
}
const asChange = (inbox: Inbox<Change>) => (payload: unknown) => inbox.push(payload as Change);
type Filter = { event: "*" | "INSERT" | "UPDATE" | "DELETE"; schema: string; table?: string; filter?: string };

describe("realtime postgres_changes", () => {
  let stack: TestStack;
  let alice: TestUser;
  let bob: TestUser;
  const clients: SupabaseClient[] = [];

  const client = (token?: string, vsn?: "1.0.0" | "2.0.0") => {
    const c = realtimeClient(stack, { token, vsn });
    clients.push(c);
    return c;
  };

  /** A subscribed channel with one postgres_changes binding, and its inbox. */
  async function listen(c: SupabaseClient, name: string, filter: Filter) {
    const inbox = new Inbox<Change>();
    const channel = c.channel(name).on("postgres_changes", filter, asChange(inbox));
    await subscribe(channel);
    return { channel, inbox };
  }

  /** A user signed in through Auth: the token names a real session, which can be revoked. */
  async function signedInThroughAuth(prefix: string) {
    const email = `${prefix}-${Date.now()}@example.test`;
    const created = await stack
      .service()
      .auth.admin.createUser({ email, password: "pass-word-1", email_confirm: true });
    if (created.error) throw created.error;
    const signedIn = await stack.anon().auth.signInWithPassword({ email, password: "pass-word-1" });
    if (signedIn.error) throw signedIn.error;
    return { owner: created.data.user.id, token: signedIn.data.session.access_token };
  }

  beforeAll(async () => {
    stack = await startTestStack({ projectDir: REALTIME_FIXTURE });
    alice = await makeUser(stack);
    bob = await makeUser(stack);
  });
  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels();
    await stack?.stop();
  });

  it("delivers INSERT with a typed record and columns", async () => {
    const { inbox } = await listen(client(alice.token), "notes-insert", {
      event: "INSERT",
      schema: "public",
      table: "notes",
    });
    await stack.sql(
      `insert into public.notes (owner, title, priority, done, tags, meta, due_at)
       values ($1, 'typed', 3, true, '{a,"b c"}', '{"k":[1,2]}', '2025-03-04 05:06:07.5+00')`,
      [alice.id],
    );
    const change = await inbox.next();
    expect(change).toMatchObject({
      schema: "public",
      table: "notes",
      eventType: "INSERT",
      old: {},
      errors: null,
      new: {
        owner: alice.id,
        title: "typed",
        priority: 3,
        done: true,
        tags: ["a", "b c"],
        meta: { k: [1, 2] },
        due_at: "2025-03-04T05:06:07.5+00:00",
        created_at: "2025-01-02T03:04:05.678",
      },
    });
    expect(typeof change.new.id).toBe("number");
    expect(change.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("sends only the key as old record by default, and the whole row with REPLICA IDENTITY FULL", async () => {
    const c = client(alice.token);
    const notes = await listen(c, "notes-update", { event: "UPDATE", schema: "public", table: "notes" });
    const items = await listen(c, "items-update", { event: "UPDATE", schema: "public", table: "items" });
    const [note] = await stack.sql<{ id: string }>(
      "insert into public.notes (owner, title) values ($1, 'before') returning id",
      [alice.id],
    );
    await stack.sql("update public.notes set title = 'after' where id = $1", [note.id]);
    await stack.sql("insert into public.items (id, name, qty) values (100, 'nut', 1)");
    await stack.sql("update public.items set qty = 2 where id = 100");

    const noteChange = await notes.inbox.next();
    expect(noteChange).toMatchObject({ eventType: "UPDATE", new: { title: "after" }, old: { id: Number(note.id) } });
    expect(Object.keys(noteChange.old)).toEqual(["id"]);
    const itemChange = await items.inbox.next();
    expect(itemChange).toMatchObject({
      eventType: "UPDATE",
      new: { id: 100, name: "nut", qty: 2, price: null },
      old: { id: 100, name: "nut", qty: 1, price: null },
    });
  });

  it("delivers DELETE: full old row with REPLICA IDENTITY FULL, only the key on RLS tables", async () => {
    const c = client(alice.token);
    const items = await listen(c, "items-delete", { event: "DELETE", schema: "public", table: "items" });
    const notes = await listen(c, "notes-delete", { event: "DELETE", schema: "public", table: "notes" });
    await stack.sql("insert into public.items (id, name, qty, price) values (200, 'washer', 7, 0.25)");
    await stack.sql("delete from public.items where id = 200");
    const [note] = await stack.sql<{ id: string }>(
      "insert into public.notes (owner, title) values ($1, 'gone') returning id",
      [alice.id],
    );
    await stack.sql("delete from public.notes where id = $1", [note.id]);

    expect(await items.inbox.next()).toMatchObject({
      eventType: "DELETE",
      new: {},
      old: { id: 200, name: "washer", qty: 7, price: 0.25 },
    });
    const deleted = await notes.inbox.next();
    expect(deleted).toMatchObject({ eventType: "DELETE", old: { id: Number(note.id) } });
    expect(Object.keys(deleted.old)).toEqual(["id"]);
  });

  it("delivers every event type to `*`, in commit order", async () => {
    const { inbox } = await listen(client(), "items-all", { event: "*", schema: "public", table: "items" });
    await stack.sql("insert into public.items (id, name) values (300, 'gear')");
    await stack.sql("update public.items set name = 'cog' where id = 300");
    await stack.sql("delete from public.items where id = 300");
    await inbox.next((c) => c.eventType === "DELETE");
    const mine = inbox.items.filter(
      (c) => (c.new as { id?: number }).id === 300 || (c.old as { id?: number }).id === 300,
    );
    expect(mine.map((c) => c.eventType)).toEqual(["INSERT", "UPDATE", "DELETE"]);
  });

  it("applies each filter operator", async () => {
    const c = client();
    const filters = {
      eq: "qty=eq.5",
      neq: "qty=neq.5",
      lt: "qty=lt.5",
      lte: "qty=lte.5",
      gt: "qty=gt.5",
      gte: "qty=gte.5",
      in: "name=in.(alpha,gamma)",
    };
    const inboxes: Record<string, Inbox<Change>> = {};
    for (const [op, filter] of Object.entries(filters)) {
      inboxes[op] = (
        await listen(c, `filter-${op}`, { event: "INSERT", schema: "public", table: "items", filter })
      ).inbox;
    }
    await stack.sql(
      "insert into public.items (id, name, qty) values (401, 'alpha', 4), (402, 'beta', 5), (403, 'gamma', 6)",
    );
    await Promise.all(Object.values(inboxes).map((i) => i.next((ch) => (ch.new as { id: number }).id >= 401)));
    const received = async (op: string) =>
      (await inboxes[op].settle(300))
        .map((ch) => (ch.new as { id: number }).id)
        .filter((id) => id >= 401 && id <= 403)
        .sort();
    expect(await received("eq")).toEqual([402]);
    expect(await received("neq")).toEqual([401, 403]);
    expect(await received("lt")).toEqual([401]);
    expect(await received("lte")).toEqual([401, 402]);
    expect(await received("gt")).toEqual([403]);
    expect(await received("gte")).toEqual([402, 403]);
    expect(await received("in")).toEqual([401, 403]);
  });

  it("hides rows RLS does not let the subscriber select", async () => {
    const a = await listen(client(alice.token), "rls-alice", { event: "*", schema: "public", table: "notes" });
    const b = await listen(client(bob.token), "rls-bob", { event: "*", schema: "public", table: "notes" });
    const anon = await listen(client(), "rls-anon", { event: "INSERT", schema: "public", table: "notes" });
    await stack.sql("insert into public.notes (owner, title) values ($1, 'for alice'), ($2, 'for bob')", [
      alice.id,
      bob.id,
    ]);
    await a.inbox.next((c) => c.new.title === "for alice");
    await b.inbox.next((c) => c.new.title === "for bob");
    expect((await a.inbox.settle()).some((c) => c.new.title === "for bob")).toBe(false);
    expect(b.inbox.items.some((c) => c.new.title === "for alice")).toBe(false);
    expect(anon.inbox.items).toEqual([]);
  });

  it("ignores tables outside the publication and reports bad bindings as system errors", async () => {
    const c = client();
    const { inbox } = await listen(c, "unpublished", { event: "*", schema: "public", table: "private_log" });
    await stack.sql("insert into public.private_log values (1, 'x')");
    expect(await inbox.settle()).toEqual([]);

    const system = new Inbox<{ status: string; message: string; extension: string }>();
    const bad = c
      .channel("bad-filter")
      .on("system", {}, system.push)
      .on("postgres_changes", { event: "*", schema: "public", table: "items", filter: "qty=eq.notanumber" }, () => {});
    await subscribe(bad);
    const error = await system.next();
    expect(error).toMatchObject({ extension: "postgres_changes", status: "error" });
    expect(error.message).toContain("qty");
  });

  it("announces the subscription with a system message", async () => {
    const system = new Inbox<Record<string, unknown>>();
    const ch = client()
      .channel("system-ok")
      .on("system", {}, system.push)
      .on("postgres_changes", { event: "*", schema: "public", table: "items" }, () => {});
    await subscribe(ch);
    expect(await system.next()).toMatchObject({
      extension: "postgres_changes",
      status: "ok",
      message: "Subscribed to PostgreSQL",
      channel: "system-ok",
    });
  });

  it("refuses joins with an expired token", async () => {
    const expired = await makeUser(stack, -60);
    const c = client();
    await c.realtime.setAuth(expired.token);
    const channel = c
      .channel("expired")
      .on("postgres_changes", { event: "*", schema: "public", table: "items" }, () => {});
    const outcome = new Promise<string>((resolve) =>
      channel.subscribe((status, err) => resolve(`${status} ${err?.message ?? ""}`)),
    );
    expect(await outcome).toMatch(/^CHANNEL_ERROR InvalidJWTToken: Token has expired \d+ seconds ago/);
  });

  it("stops delivery when the token expires", async () => {
    const shortLived = await makeUser(stack, 4);
    const c = client(shortLived.token);
    const system = new Inbox<{ status: string; message: string; extension: string }>();
    const inbox = new Inbox<Change>();
    const channel: RealtimeChannel = c
      .channel("expiring")
      .on("system", {}, system.push)
      .on("postgres_changes", { event: "INSERT", schema: "public", table: "notes" }, asChange(inbox));
    let subscribed!: () => void;
    const joined = new Promise<void>((resolve) => {
      subscribed = resolve;
    });
    const closed = new Promise<void>((resolve) =>
      channel.subscribe((status) => {
        if (status === "SUBSCRIBED") subscribed();
        if (status === "CLOSED") resolve();
      }),
    );
    // Insert only once joined: a change committed before the join is not due.
    await joined;
    await stack.sql("insert into public.notes (owner, title) values ($1, 'while valid')", [shortLived.id]);
    await inbox.next((ch) => ch.new.title === "while valid");
    const shutdown = await system.next((m) => m.extension === "system", 8000);
    expect(shutdown).toMatchObject({ status: "error" });
    expect(shutdown.message).toMatch(/^Token has expired/);
    await closed;
    await stack.sql("insert into public.notes (owner, title) values ($1, 'after expiry')", [shortLived.id]);
    expect((await inbox.settle()).some((ch) => ch.new.title === "after expiry")).toBe(false);
  });

  it("stops delivery when the token's session is revoked, and refuses it afterwards", async () => {
    const { owner, token } = await signedInThroughAuth("revoked");

    const system = new Inbox<{ status: string; message: string; extension: string }>();
    const inbox = new Inbox<Change>();
    let closed!: () => void;
    const whenClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const channel = client(token)
      .channel("revoked")
      .on("system", {}, system.push)
      .on("postgres_changes", { event: "INSERT", schema: "public", table: "notes" }, asChange(inbox));
    await new Promise<void>((resolve) =>
      channel.subscribe((status) => {
        if (status === "SUBSCRIBED") resolve();
        if (status === "CLOSED") closed();
      }),
    );
    await stack.sql("insert into public.notes (owner, title) values ($1, 'before sign-out')", [owner]);
    await inbox.next((ch) => ch.new.title === "before sign-out");

    // Signing out everywhere deletes the session; the token itself stays unexpired.
    const signOut = await fetch(`${stack.url}/auth/v1/logout?scope=global`, {
      method: "POST",
      headers: { apikey: stack.keys.anon, authorization: `Bearer ${token}` },
    });
    expect(signOut.status).toBe(204);
    const shutdown = await system.next((m) => m.extension === "system");
    expect(shutdown).toMatchObject({ status: "error", message: "Token has been revoked" });
    await whenClosed;
    await stack.sql("insert into public.notes (owner, title) values ($1, 'after sign-out')", [owner]);
    expect((await inbox.settle()).some((ch) => ch.new.title === "after sign-out")).toBe(false);

    const again = client(token)
      .channel("revoked-again")
      .on("postgres_changes", { event: "*", schema: "public", table: "notes" }, () => {});
    const outcome = new Promise<string>((resolve) =>
      again.subscribe((status, err) => resolve(`${status} ${err?.message ?? ""}`)),
    );
    expect(await outcome).toBe("CHANNEL_ERROR InvalidJWTToken: Token has been revoked");
  });

  it("delivers what the revoking transaction broadcast and changed before it shuts the channel", async () => {
    // As deactivating an operator: one transaction changes their row, broadcasts it on
    // their private channel and deletes their sessions (docs/security.md "Signed-out tokens").
    const { owner, token } = await signedInThroughAuth("farewell");
    const sessionId = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()).session_id;

    const heard: string[] = [];
    let closed!: () => void;
    const whenClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const channel = client(token)
      .channel(`room:${owner}`, { config: { private: true } })
      .on("broadcast", { event: "farewell" }, () => heard.push("broadcast"))
      .on("postgres_changes", { event: "INSERT", schema: "public", table: "notes" }, () => heard.push("change"))
      .on("system", {}, (m: { extension?: string; message?: string }) => {
        if (m.extension === "system") heard.push(`system: ${m.message}`);
      });
    await new Promise<void>((resolve) =>
      channel.subscribe((status) => {
        if (status === "SUBSCRIBED") resolve();
        if (status === "CLOSED") closed();
      }),
    );

    const db = new pg.Client({ connectionString: stack.dbUrl });
    await db.connect();
    try {
      await db.query("begin");
      await db.query("insert into public.notes (owner, title) values ($1, 'last words')", [owner]);
      await db.query("select realtime.send('{\"bye\": true}', 'farewell', $1, true)", [`room:${owner}`]);
      await db.query("delete from auth.sessions where id = $1", [sessionId]);
      await db.query("commit");
    } finally {
      await db.end();
    }
    await whenClosed;
    expect(heard).toEqual(["broadcast", "change", "system: Token has been revoked"]);
  });

  it("swaps the token mid-connection with access_token", async () => {
    const c = client(alice.token);
    const { inbox } = await listen(c, "swap", { event: "INSERT", schema: "public", table: "notes" });
    await stack.sql("insert into public.notes (owner, title) values ($1, 'alice 1')", [alice.id]);
    await inbox.next((ch) => ch.new.title === "alice 1");
    await c.realtime.setAuth(bob.token);
    await new Promise((r) => setTimeout(r, 300)); // the server applies the pushed token
    await stack.sql("insert into public.notes (owner, title) values ($1, 'alice 2'), ($2, 'bob 1')", [
      alice.id,
      bob.id,
    ]);
    await inbox.next((ch) => ch.new.title === "bob 1");
    expect((await inbox.settle()).some((ch) => ch.new.title === "alice 2")).toBe(false);
  });

  it("speaks vsn 1.0.0 as well as 2.0.0", async () => {
    const v1 = await listen(client(undefined, "1.0.0"), "v1", { event: "INSERT", schema: "public", table: "items" });
    const v2 = await listen(client(undefined, "2.0.0"), "v2", { event: "INSERT", schema: "public", table: "items" });
    await stack.sql("insert into public.items (id, name) values (500, 'both')");
    for (const { inbox } of [v1, v2]) {
      expect(await inbox.next((ch) => ch.new.id === 500)).toMatchObject({ new: { id: 500, name: "both" } });
    }
  });

  it("multiplexes many channels on one socket", async () => {
    const c = client();
    const inboxes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        listen(c, `many-${i}`, { event: "INSERT", schema: "public", table: "items", filter: `id=eq.${600 + i}` }),
      ),
    );
    const values = inboxes.map((_, i) => `(${600 + i}, 'n${i}')`).join(", ");
    await stack.sql(`insert into public.items (id, name) values ${values}`);
    for (const [i, { inbox }] of inboxes.entries()) {
      const change = await inbox.next();
      expect(change.new.id).toBe(600 + i);
    }
    for (const { inbox } of inboxes) expect(await inbox.settle(50)).toHaveLength(1);
  });
});
