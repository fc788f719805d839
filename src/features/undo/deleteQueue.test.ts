import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DeleteQueue, type PendingDelete } from "./deleteQueue";

let seen: PendingDelete[] = [];
let sent: string[] = [];
let finish: (() => void)[] = [];
const queue = () => new DeleteQueue((pending) => (seen = pending), 5000);
const send = (key: string) => () => {
  sent.push(key);
  return new Promise<void>((resolve) => finish.push(resolve));
};
const entry = (key: string, screen = "/products") => ({ key, resource: "products", ids: [1], screen });

beforeEach(() => {
  vi.useFakeTimers();
  seen = [];
  sent = [];
  finish = [];
});
afterEach(() => vi.useRealTimers());

describe("DeleteQueue", () => {
  it("sends a delete only when its wait is over, and keeps its rows hidden until the send ends", async () => {
    const q = queue();
    q.schedule(entry("a"), send("a"));
    vi.advanceTimersByTime(4999);
    expect(sent).toEqual([]);
    expect(seen.map((p) => p.state)).toEqual(["waiting"]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(["a"]);
    expect(seen.map((p) => p.state)).toEqual(["sending"]);
    finish[0]();
    await vi.runAllTimersAsync();
    expect(seen).toEqual([]);
  });

  it("undo cancels a waiting delete, which is then never sent", () => {
    const q = queue();
    q.schedule(entry("a"), send("a"));
    expect(q.undo("a")).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([]);
    expect(seen).toEqual([]);
  });

  it("leaving the screen sends its deletes at once, once, and undo is then too late", () => {
    const q = queue();
    q.schedule(entry("a", "/products"), send("a"));
    q.schedule(entry("b", "/categories"), send("b"));
    q.leave("/categories");
    expect(sent).toEqual(["a"]);
    expect(q.undo("a")).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual(["a", "b"]);
    q.leave();
    expect(sent).toEqual(["a", "b"]);
  });
});
