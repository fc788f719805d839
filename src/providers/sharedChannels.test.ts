import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSharedChannels } from "./sharedChannels";

describe("createSharedChannels", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("opens a topic once however many users share it, and closes it after the last leaves", async () => {
    const open = vi.fn((key: string) => ({ key }));
    const close = vi.fn();
    const pool = createSharedChannels(open, close, 100);
    const [a, b] = await Promise.all([pool.acquire("products"), pool.acquire("products")]);
    expect(a).toBe(b);
    expect(open).toHaveBeenCalledTimes(1);

    pool.release("products");
    await vi.advanceTimersByTimeAsync(200);
    expect(close).not.toHaveBeenCalled();

    pool.release("products");
    await vi.advanceTimersByTimeAsync(200);
    expect(close).toHaveBeenCalledWith(a);
    expect(pool.openKeys()).toEqual([]);
  });

  it("keeps the channel when the topic is taken again within the grace period", async () => {
    const open = vi.fn((key: string) => ({ key }));
    const close = vi.fn();
    const pool = createSharedChannels(open, close, 100);
    const first = await pool.acquire("orders");
    pool.release("orders");
    await vi.advanceTimersByTimeAsync(50);
    expect(await pool.acquire("orders")).toBe(first);
    await vi.advanceTimersByTimeAsync(500);
    expect(open).toHaveBeenCalledTimes(1);
    expect(close).not.toHaveBeenCalled();
  });

  it("reopens a topic only after its previous channel has left", async () => {
    const events: string[] = [];
    let finishLeaving = () => {};
    const pool = createSharedChannels(
      (key) => {
        events.push(`open ${key}`);
        return key;
      },
      () => {
        events.push("leaving");
        return new Promise<void>((resolve) => {
          finishLeaving = () => {
            events.push("left");
            resolve();
          };
        });
      },
      10,
    );
    await pool.acquire("t");
    pool.release("t");
    await vi.advanceTimersByTimeAsync(20);
    const reopened = pool.acquire("t");
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(["open t", "leaving"]);
    finishLeaving();
    await reopened;
    expect(events).toEqual(["open t", "leaving", "left", "open t"]);
  });

  it("ignores a release of a topic nobody holds", () => {
    const pool = createSharedChannels(() => 1, vi.fn(), 10);
    expect(() => pool.release("nothing")).not.toThrow();
  });
});
