// Refine's live provider subscribes through supabase-js and must see created,
// updated and deleted events for a resource, with and without a filter.
import { liveProvider } from "@refinedev/supabase";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Inbox, REALTIME_FIXTURE, realtimeClient } from "./fixtures/realtime/helpers.js";
import { startTestStack, type TestStack } from "./harness.js";

interface LiveEvent {
  channel: string;
  type: string;
  payload: Record<string, unknown>;
  date: Date;
}

async function joined(channel: RealtimeChannel): Promise<void> {
  const deadline = Date.now() + 5000;
  while (channel.state !== "joined") {
    if (Date.now() > deadline) throw new Error(`channel stuck in ${channel.state}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("refine liveProvider over realtime", () => {
  let stack: TestStack;
  let supabase: SupabaseClient;

  beforeAll(async () => {
    stack = await startTestStack({ projectDir: REALTIME_FIXTURE });
    supabase = realtimeClient(stack);
  });
  afterAll(async () => {
    await supabase?.removeAllChannels();
    await stack?.stop();
  });

  it("receives created, updated and deleted events", async () => {
    const live = liveProvider(supabase as unknown as Parameters<typeof liveProvider>[0]);
    const events = new Inbox<LiveEvent>();
    const channel = live.subscribe({
      channel: "resources/items",
      types: ["created", "updated", "deleted"],
      params: { resource: "items" },
      callback: (e) => events.push(e as unknown as LiveEvent),
    }) as RealtimeChannel;
    await joined(channel);
    await stack.sql("insert into public.items (id, name, qty) values (1, 'spring', 1)");
    await stack.sql("update public.items set qty = 2 where id = 1");
    await stack.sql("delete from public.items where id = 1");
    await events.next((e) => e.type === "deleted");
    expect(events.items.map((e) => e.type)).toEqual(["created", "updated", "deleted"]);
    expect(events.items[0]).toMatchObject({ channel: "resources/items", payload: { id: 1, name: "spring", qty: 1 } });
    expect(events.items[1].payload).toMatchObject({ id: 1, qty: 2 });
    expect(events.items[0].date).toBeInstanceOf(Date);
    await live.unsubscribe?.(channel);
  });

  it("honours a filter and the `*` type", async () => {
    const live = liveProvider(supabase as unknown as Parameters<typeof liveProvider>[0]);
    const events = new Inbox<LiveEvent>();
    const channel = live.subscribe({
      channel: "resources/items",
      types: ["*"],
      params: { resource: "items", filters: [{ field: "name", operator: "eq", value: "lever" }] },
      callback: (e) => events.push(e as unknown as LiveEvent),
    }) as RealtimeChannel;
    await joined(channel);
    await stack.sql("insert into public.items (id, name) values (2, 'lever'), (3, 'pulley')");
    expect(await events.next()).toMatchObject({ type: "created", payload: { id: 2, name: "lever" } });
    expect((await events.settle()).map((e) => e.payload.id)).toEqual([2]);
  });
});
