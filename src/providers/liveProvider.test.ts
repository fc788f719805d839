import type { LiveEvent } from "@refinedev/core";
import { describe, expect, it } from "vitest";
import { type LiveSubscriber, wants } from "./liveProvider";

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
