import type { LiveEvent } from "@refinedev/core";
import { describe, expect, it } from "vitest";
import { type LiveSubscriber, tableChangeEvents, wants } from "./liveProvider";

const event = (type: string, payload: Record<string, unknown>): LiveEvent => ({
  channel: "resources/products",
  type,
  payload,
  date: new Date(),
});
const subscriber = (over: Partial<LiveSubscriber>): LiveSubscriber => ({
  types: ["*"],
  idColumn: "id",
  callback: () => {},
  ...over,
});

describe("wants", () => {
  it("passes every event to a list watching all types", () => {
    expect(wants(subscriber({}), event("updated", { id: 3 }))).toBe(true);
    expect(wants(subscriber({}), event("created", { id: 4 }))).toBe(true);
  });

  it("filters by event type", () => {
    expect(wants(subscriber({ types: ["created"] }), event("updated", { id: 3 }))).toBe(false);
    expect(wants(subscriber({ types: ["created"] }), event("created", { id: 3 }))).toBe(true);
  });

  it("passes updates of the watched record only, comparing keys as text", () => {
    const show = subscriber({ ids: ["3"] });
    expect(wants(show, event("updated", { id: 3 }))).toBe(true);
    expect(wants(show, event("updated", { id: 30 }))).toBe(false);
  });

  it("reads the key from the resource's id column", () => {
    const staff = subscriber({ ids: ["u-1"], idColumn: "user_id" });
    expect(wants(staff, event("updated", { user_id: "u-1", id: 9 }))).toBe(true);
    expect(wants(staff, event("updated", { user_id: "u-2" }))).toBe(false);
  });

  it("passes deletes without a new row to record watchers (it may be theirs)", () => {
    expect(wants(subscriber({ ids: ["3"] }), event("deleted", {}))).toBe(true);
  });
});

describe("tableChangeEvents", () => {
  it("turns a generated table's broadcast into one event per changed key, composite ids included", () => {
    const [created] = tableChangeEvents("t", { op: "INSERT", keys: [{ id: 7 }] }, undefined);
    expect(created).toMatchObject({ type: "created", payload: { id: 7 } });
    const [updated] = tableChangeEvents("t", { op: "UPDATE", keys: [{ a: "x,y", b: 2 }] }, ["a", "b"]);
    expect(updated.payload).toEqual({ a: "x,y", b: 2, __opsdesk_key: "x%2Cy,2" });
    // More than a statement's worth of keys: one event that makes every list read again.
    expect(tableChangeEvents("t", { op: "DELETE", keys: null }, ["id"])).toMatchObject([
      { type: "deleted", payload: {} },
    ]);
  });
});
