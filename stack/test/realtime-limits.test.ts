// Per-socket realtime limits (docs/security.md "Realtime limits"), with Realtime's own
// settings and words: joins per second (past it the join is refused and the socket
// closed), channels per socket, and at most 100 values in one `in` filter. The limits
// are lowered through Realtime's environment variables so that the test stays small.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { Inbox, REALTIME_FIXTURE } from "./fixtures/realtime/helpers.js";
import { startTestStack, type TestStack } from "./harness.js";

interface Frame {
  topic: string;
  event: string;
  ref: string | null;
  payload: { status?: string; response?: { reason?: string }; message?: string };
}

describe("realtime limits per socket", () => {
  let stack: TestStack;

  beforeAll(async () => {
    const saved = { ...process.env };
    process.env.TENANT_MAX_JOINS_PER_SECOND = "20";
    process.env.TENANT_MAX_CHANNELS_PER_CLIENT = "5";
    try {
      stack = await startTestStack({ projectDir: REALTIME_FIXTURE });
    } finally {
      process.env.TENANT_MAX_JOINS_PER_SECOND = saved.TENANT_MAX_JOINS_PER_SECOND;
      process.env.TENANT_MAX_CHANNELS_PER_CLIENT = saved.TENANT_MAX_CHANNELS_PER_CLIENT;
      if (saved.TENANT_MAX_JOINS_PER_SECOND === undefined) delete process.env.TENANT_MAX_JOINS_PER_SECOND;
      if (saved.TENANT_MAX_CHANNELS_PER_CLIENT === undefined) delete process.env.TENANT_MAX_CHANNELS_PER_CLIENT;
    }
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function socket() {
    const ws = new WebSocket(
      `${stack.url.replace("http", "ws")}/realtime/v1/websocket?vsn=1.0.0&apikey=${stack.keys.anon}`,
    );
    const frames = new Inbox<Frame>();
    const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
    ws.on("message", (d) => frames.push(JSON.parse(String(d))));
    await new Promise((r) => ws.once("open", r));
    const join = (topic: string, ref: string, config: Record<string, unknown> = {}) =>
      JSON.stringify({ topic: `realtime:${topic}`, event: "phx_join", ref, join_ref: ref, payload: { config } });
    return { ws, frames, closed, join };
  }

  const replyTo = (frames: Inbox<Frame>, ref: string) =>
    frames.next((f) => f.event === "phx_reply" && f.ref === ref, 10_000);

  it("refuses channels past the limit, and the socket goes on", async () => {
    const { ws, frames, join } = await socket();
    for (let i = 1; i <= 6; i++) ws.send(join(`room-${i}`, String(i)));
    for (let i = 1; i <= 5; i++) expect((await replyTo(frames, String(i))).payload.status).toBe("ok");
    expect((await replyTo(frames, "6")).payload).toEqual({
      status: "error",
      response: { reason: "ChannelRateLimitReached: Too many channels" },
    });
    // Rejoining a topic it holds is no new channel; leaving one makes room.
    ws.send(join("room-1", "7"));
    expect((await replyTo(frames, "7")).payload.status).toBe("ok");
    ws.send(JSON.stringify({ topic: "realtime:room-2", event: "phx_leave", ref: "8", join_ref: "2", payload: {} }));
    await replyTo(frames, "8");
    ws.send(join("room-9", "9"));
    expect((await replyTo(frames, "9")).payload.status).toBe("ok");
    ws.close();
  });

  it("refuses a join past the joins per second and closes the socket", async () => {
    const { ws, frames, closed, join } = await socket();
    // Sent at once: however the burst falls across a second boundary, one second holds
    // more than 20 of these 45 joins.
    for (let i = 1; i <= 45; i++) ws.send(join(`burst-${i % 3}`, `b${i}`));
    const refused = await frames.next(
      (f) => f.payload.response?.reason?.startsWith("ClientJoinRateLimitReached") ?? false,
    );
    expect(refused.payload).toEqual({
      status: "error",
      response: { reason: "ClientJoinRateLimitReached: Too many joins per second" },
    });
    expect(await closed).toBe(1008);
  });

  it("refuses an `in` filter of more than 100 values, as Realtime", async () => {
    const { ws, frames, join } = await socket();
    const values = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(",");
    const binding = (n: number) => ({
      postgres_changes: [{ event: "*", schema: "public", table: "notes", filter: `id=in.(${values(n)})` }],
    });
    ws.send(join("many", "1", binding(20_000)));
    const system = await frames.next((f) => f.event === "system" && f.topic === "realtime:many", 10_000);
    expect(system.payload).toMatchObject({
      status: "error",
      message: "too many values for `in` filter. Maximum 100",
    });
    ws.send(join("enough", "2", binding(100)));
    const ok = await frames.next((f) => f.event === "system" && f.topic === "realtime:enough", 10_000);
    expect(ok.payload).toMatchObject({ status: "ok" });
    ws.send(
      join("typed", "3", {
        postgres_changes: [{ event: "*", schema: "public", table: "notes", filter: "id=in.(1,x,3)" }],
      }),
    );
    const typed = await frames.next((f) => f.event === "system" && f.topic === "realtime:typed", 10_000);
    expect(typed.payload).toMatchObject({
      status: "error",
      message: 'invalid filter value "x" for column id of type bigint',
    });
    ws.close();
  });
});
