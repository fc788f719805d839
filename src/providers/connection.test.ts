import { describe, expect, it, vi } from "vitest";
import { type Clock, createConnection, isUnreachable, RETRY_DELAYS_MS, ServerUnreachableError } from "./connection";

/** A clock the test moves by hand: timers run when it passes their time. */
function manualClock() {
  let now = 1_000_000;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 0;
  const clock: Clock = {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.set(++next, { at: now + ms, run });
      return next;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  const advance = async (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers]) {
      if (timer.at <= now) {
        timers.delete(id);
        timer.run();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { clock, advance, pending: () => timers.size };
}

const answer = (status: number) => Promise.resolve(new Response(status === 204 ? null : "{}", { status }));

function setup() {
  const { clock, advance, pending } = manualClock();
  const server = { up: false };
  const probe = vi.fn(async () => {
    if (!server.up) throw new Error("down");
  });
  const connection = createConnection(probe, clock);
  const refuse = connection.wrap(() => Promise.reject(new TypeError("Failed to fetch")));
  const ok = connection.wrap(() => answer(200));
  const states: boolean[] = [];
  connection.subscribe(() => states.push(connection.getState().reachable));
  return { connection, refuse, ok, probe, server, advance, pending, clock, states };
}

describe("the server connection", () => {
  it("fails a request without an answer as ServerUnreachableError and says the server is unreachable", async () => {
    const { connection, refuse } = setup();
    const failure = await refuse("https://x/rest/v1/products").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServerUnreachableError);
    expect(isUnreachable(failure)).toBe(true);
    expect(connection.getState().reachable).toBe(false);
  });

  it('takes a gateway\'s 502/503/504 for no answer ("upstream connect error"), other statuses for an answer', async () => {
    const { connection } = setup();
    const unavailable = connection.wrap(() =>
      Promise.resolve(new Response("upstream connect error or disconnect/reset before headers", { status: 503 })),
    );
    await expect(unavailable("https://x")).rejects.toBeInstanceOf(ServerUnreachableError);
    expect(connection.getState().reachable).toBe(false);
    const refused = connection.wrap(() => answer(409));
    expect((await refused("https://x")).status).toBe(409);
    expect(connection.getState().reachable).toBe(true);
  });

  it("leaves a cancelled request alone", async () => {
    const { connection } = setup();
    const aborted = connection.wrap(() => Promise.reject(new DOMException("aborted", "AbortError")));
    await expect(aborted("https://x")).rejects.toMatchObject({ name: "AbortError" });
    expect(connection.getState().reachable).toBe(true);
  });

  it("tries again on a growing delay until the server answers, then stops", async () => {
    const { refuse, probe, server, advance, connection, pending, clock } = setup();
    await refuse("https://x").catch(() => undefined);
    expect(connection.getState().nextTryAt).toBe(clock.now() + RETRY_DELAYS_MS[0]);
    await advance(RETRY_DELAYS_MS[0]);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(connection.getState().nextTryAt).toBe(clock.now() + RETRY_DELAYS_MS[1]);
    await advance(RETRY_DELAYS_MS[1] - 1);
    expect(probe).toHaveBeenCalledTimes(1);
    server.up = true;
    await advance(1);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(connection.getState()).toEqual({ reachable: true });
    expect(pending()).toBe(0);
  });

  it("is reachable again as soon as any request is answered, and tries at once when asked", async () => {
    const { refuse, ok, connection, probe, server, states } = setup();
    await refuse("https://x").catch(() => undefined);
    await ok("https://x");
    expect(connection.getState().reachable).toBe(true);
    await refuse("https://x").catch(() => undefined);
    server.up = true;
    await connection.tryNow();
    expect(probe).toHaveBeenCalledTimes(1);
    expect(connection.getState().reachable).toBe(true);
    expect(states.filter((reachable) => reachable)).toHaveLength(2);
  });

  it("an outage soon after the last continues its back-off instead of trying every second", async () => {
    const { refuse, ok, advance, connection, clock } = setup();
    await refuse("https://x").catch(() => undefined);
    await advance(RETRY_DELAYS_MS[0]);
    await ok("https://x");
    await refuse("https://x").catch(() => undefined);
    expect(connection.getState().nextTryAt).toBe(clock.now() + RETRY_DELAYS_MS[2]);
  });

  it("tells whoever waits for the server when it answers again", async () => {
    const { refuse, ok, connection } = setup();
    await expect(connection.answers()).resolves.toBeUndefined();
    await refuse("https://x").catch(() => undefined);
    let back = false;
    const waiting = connection.answers().then(() => {
      back = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(back).toBe(false);
    await ok("https://x");
    await waiting;
    expect(back).toBe(true);
  });

  it("knows postgrest-js's, storage-js's and a thrown form of the error", () => {
    expect(isUnreachable({ code: "", message: "ServerUnreachable: Failed to fetch" })).toBe(true);
    expect(isUnreachable({ name: "StorageUnknownError", originalError: new ServerUnreachableError("x") })).toBe(true);
    expect(isUnreachable({ code: "PGRST116", message: "ServerUnreachable: not this" })).toBe(false);
    expect(isUnreachable(new TypeError("Failed to fetch"))).toBe(false);
  });
});
