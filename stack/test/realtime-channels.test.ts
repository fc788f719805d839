// Broadcast, presence and private channels through the official client.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import {
  Inbox,
  makeUser,
  REALTIME_FIXTURE,
  realtimeClient,
  subscribe,
  type TestUser,
} from "./fixtures/realtime/helpers.js";
import { startTestStack, type TestStack } from "./harness.js";

interface Broadcast {
  type: string;
  event: string;
  payload: unknown;
}

describe("realtime broadcast and presence", () => {
  let stack: TestStack;
  let alice: TestUser;
  let bob: TestUser;
  const clients: SupabaseClient[] = [];

  const client = (token?: string, vsn?: "1.0.0" | "2.0.0") => {
    const c = realtimeClient(stack, { token, vsn });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    stack = await startTestStack({ projectDir: REALTIME_FIXTURE });
    alice = await makeUser(stack);
    bob = await makeUser(stack);
  });
  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels();
    await stack?.stop();
  });

  it("broadcasts to the others, to the sender only with self, and acks with ack", async () => {
    const senderInbox = new Inbox<Broadcast>();
    const otherInbox = new Inbox<Broadcast>();
    const sender = client().channel("room-a", { config: { broadcast: { self: true, ack: true } } });
    sender.on("broadcast", { event: "cursor" }, (m) => senderInbox.push(m as Broadcast));
    const other = client().channel("room-a");
    other.on("broadcast", { event: "*" }, (m) => otherInbox.push(m as Broadcast));
    await subscribe(sender);
    await subscribe(other);

    expect(await sender.send({ type: "broadcast", event: "cursor", payload: { x: 1 } })).toBe("ok");
    expect(await otherInbox.next()).toEqual({ type: "broadcast", event: "cursor", payload: { x: 1 } });
    expect(await senderInbox.next()).toEqual({ type: "broadcast", event: "cursor", payload: { x: 1 } });

    // Without self the sender hears nothing of its own messages.
    const quietInbox = new Inbox<Broadcast>();
    const quiet = client().channel("room-a");
    quiet.on("broadcast", { event: "*" }, (m) => quietInbox.push(m as Broadcast));
    await subscribe(quiet);
    await quiet.send({ type: "broadcast", event: "ping", payload: { n: 2 } });
    await otherInbox.next((m) => m.event === "ping");
    expect((await quietInbox.settle()).some((m) => m.event === "ping")).toBe(false);
  });

  it("carries broadcasts between vsn 1.0.0 and 2.0.0 sockets", async () => {
    const v1Inbox = new Inbox<Broadcast>();
    const v2Inbox = new Inbox<Broadcast>();
    const v1 = client(undefined, "1.0.0").channel("mixed");
    v1.on("broadcast", { event: "*" }, (m) => v1Inbox.push(m as Broadcast));
    const v2 = client(undefined, "2.0.0").channel("mixed");
    v2.on("broadcast", { event: "*" }, (m) => v2Inbox.push(m as Broadcast));
    await subscribe(v1);
    await subscribe(v2);
    await v2.send({ type: "broadcast", event: "from-v2", payload: { a: [1, "two"] } }); // a binary frame
    await v1.send({ type: "broadcast", event: "from-v1", payload: { b: true } });
    expect(await v1Inbox.next()).toMatchObject({ event: "from-v2", payload: { a: [1, "two"] } });
    expect(await v2Inbox.next()).toMatchObject({ event: "from-v1", payload: { b: true } });
  });

  it("accepts REST broadcasts (batch and httpSend) with 202", async () => {
    const inbox = new Inbox<Broadcast>();
    const listener = client().channel("rest-room");
    listener.on("broadcast", { event: "*" }, (m) => inbox.push(m as Broadcast));
    await subscribe(listener);

    const res = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
      method: "POST",
      headers: { apikey: stack.keys.anon, "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ topic: "rest-room", event: "batch", payload: { n: 1 } }] }),
    });
    expect(res.status).toBe(202);
    expect(await inbox.next()).toMatchObject({ event: "batch", payload: { n: 1 } });

    const sender = client().channel("rest-room");
    expect(await sender.httpSend("single", { n: 2 })).toEqual({ success: true });
    expect(await inbox.next((m) => m.event === "single")).toMatchObject({ payload: { n: 2 } });

    const bad = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
      method: "POST",
      headers: { apikey: stack.keys.anon, "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ event: "no topic" }] }),
    });
    expect(bad.status).toBe(422);
    // Without key or token the request goes on (as with the CLI) and Realtime refuses it itself.
    const noKey = await fetch(`${stack.url}/realtime/v1/api/broadcast`, { method: "POST", body: "{}" });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({ message: "The token provided is not a valid JWT" });
  });

  it("tracks presence: state on join, diffs on track, untrack and disconnect", async () => {
    const one = client();
    const two = client();
    const a = one.channel("lobby", { config: { presence: { key: "alice" } } });
    const b = two.channel("lobby", { config: { presence: { key: "bob" } } });
    const joins = new Inbox<{ key: string }>();
    const leaves = new Inbox<{ key: string }>();
    a.on("presence", { event: "join" }, (p) => joins.push(p as { key: string }));
    a.on("presence", { event: "leave" }, (p) => leaves.push(p as { key: string }));
    b.on("presence", { event: "sync" }, () => {});
    await subscribe(a);
    expect(await a.track({ status: "online" })).toBe("ok");
    await subscribe(b);
    await b.track({ status: "away" });

    await joins.next((j) => j.key === "bob");
    const state = a.presenceState() as Record<string, Array<Record<string, unknown>>>;
    expect(Object.keys(state).sort()).toEqual(["alice", "bob"]);
    expect(state.bob[0]).toMatchObject({ status: "away" });
    expect(typeof state.bob[0].presence_ref).toBe("string");
    // The late joiner got the earlier member through presence_state.
    await new Promise((r) => setTimeout(r, 100));
    expect(Object.keys(b.presenceState()).sort()).toEqual(["alice", "bob"]);

    await b.untrack();
    await leaves.next((l) => l.key === "bob");
    expect(Object.keys(a.presenceState())).toEqual(["alice"]);

    await b.track({ status: "back" });
    await joins.next((j) => j.key === "bob" && joins.items.filter((x) => x.key === "bob").length === 2);
    two.realtime.disconnect();
    await leaves.next((l) => l.key === "bob" && leaves.items.filter((x) => x.key === "bob").length === 2);
    expect(Object.keys(a.presenceState())).toEqual(["alice"]);
  });

  it("authorizes private channels through realtime.messages policies", async () => {
    const own = client(alice.token).channel(`room:${alice.id}`, {
      config: { private: true, broadcast: { ack: true } },
    });
    const inbox = new Inbox<Broadcast>();
    const peer = client(alice.token).channel(`room:${alice.id}`, { config: { private: true } });
    peer.on("broadcast", { event: "*" }, (m) => inbox.push(m as Broadcast));
    await subscribe(own);
    await subscribe(peer);
    expect(await own.send({ type: "broadcast", event: "secret", payload: { s: 1 } })).toBe("ok");
    expect(await inbox.next()).toMatchObject({ event: "secret" });

    const intruder = client(bob.token).channel(`room:${alice.id}`, { config: { private: true } });
    await expect(subscribe(intruder)).rejects.toThrow(
      `Unauthorized: You do not have permissions to read from this Channel topic: room:${alice.id}`,
    );
    // The public channel of the same name is another topic.
    const publicTwin = client().channel(`room:${alice.id}`);
    const twinInbox = new Inbox<Broadcast>();
    publicTwin.on("broadcast", { event: "*" }, (m) => twinInbox.push(m as Broadcast));
    await subscribe(publicTwin);
    await own.send({ type: "broadcast", event: "secret2", payload: {} });
    await inbox.next((m) => m.event === "secret2");
    expect(await twinInbox.settle()).toEqual([]);
  });

  it("answers heartbeats and refuses bad keys", async () => {
    const url = `${stack.url.replace("http", "ws")}/realtime/v1/websocket?vsn=1.0.0&apikey=${stack.keys.anon}`;
    const ws = new WebSocket(url);
    const frames = new Inbox<Record<string, unknown>>();
    ws.on("message", (d) => frames.push(JSON.parse(String(d))));
    await new Promise((r) => ws.once("open", r));
    ws.send(JSON.stringify({ topic: "phoenix", event: "heartbeat", payload: {}, ref: "7" }));
    expect(await frames.next()).toMatchObject({
      topic: "phoenix",
      event: "phx_reply",
      ref: "7",
      payload: { status: "ok", response: {} },
    });
    ws.close();

    const refused = await new Promise<number>((resolve) => {
      const bad = new WebSocket(`${stack.url.replace("http", "ws")}/realtime/v1/websocket?vsn=2.0.0&apikey=nope`);
      bad.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      bad.on("error", () => {});
    });
    expect(refused).toBe(401);
  });
  it("drops a client that stops reading without holding up the others", async () => {
    const slow = new WebSocket(
      `${stack.url.replace("http", "ws")}/realtime/v1/websocket?vsn=1.0.0&apikey=${stack.keys.anon}`,
    );
    await new Promise((r) => slow.once("open", r));
    const slowReplies = new Inbox<string>();
    slow.on("message", (d) => slowReplies.push(String(d).slice(0, 200)));
    slow.send(
      JSON.stringify({ topic: "realtime:flood", event: "phx_join", payload: { config: {} }, ref: "1", join_ref: "1" }),
    );
    await slowReplies.next((m) => m.includes("phx_reply"));
    const closed = new Promise<number>((resolve) => slow.once("close", (code) => resolve(code)));
    (slow as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();

    const fastInbox = new Inbox<Broadcast>();
    const fast = client().channel("flood");
    fast.on("broadcast", { event: "*" }, (m) => fastInbox.push(m as Broadcast));
    await subscribe(fast);
    const big = "x".repeat(512 * 1024);
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
        method: "POST",
        headers: { apikey: stack.keys.anon, "content-type": "application/json" },
        body: JSON.stringify({ messages: [{ topic: "flood", event: `m${i}`, payload: { big } }] }),
      });
      expect(res.status).toBe(202);
    }
    await fastInbox.next((m) => m.event === "m39", 15_000);
    expect(fastInbox.items).toHaveLength(40);
    (slow as unknown as { _socket: { resume(): void } })._socket.resume();
    expect(await closed).toBe(1013);
  }, 30_000);
});

describe("realtime idle sockets", () => {
  it("closes a socket that sends no heartbeat within the timeout", async () => {
    process.env.REALTIME_IDLE_TIMEOUT_MS = "1000";
    const stack = await startTestStack({ projectDir: REALTIME_FIXTURE });
    delete process.env.REALTIME_IDLE_TIMEOUT_MS;
    try {
      const ws = new WebSocket(
        `${stack.url.replace("http", "ws")}/realtime/v1/websocket?vsn=2.0.0&apikey=${stack.keys.anon}`,
      );
      await new Promise((r) => ws.once("open", r));
      const started = Date.now();
      await new Promise((r) => ws.once("close", r));
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    } finally {
      await stack.stop();
    }
  });
});
