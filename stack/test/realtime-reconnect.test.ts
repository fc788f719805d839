// The replication stream can break while the stack keeps running (walsender
// terminated, wal_sender_timeout). The slot then re-sends every transaction not yet
// acknowledged, some of which were already dispatched: each must reach a
// subscriber exactly once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Inbox, REALTIME_FIXTURE, realtimeClient, subscribe } from "./fixtures/realtime/helpers.js";
import { startTestStack, type TestStack } from "./harness.js";

describe("realtime across a broken replication stream", () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ projectDir: REALTIME_FIXTURE });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("delivers every change exactly once when the walsender is terminated mid-stream", async () => {
    const supabase = realtimeClient(stack);
    const inbox = new Inbox<{ new: { id: number } }>();
    await subscribe(
      supabase
        .channel("reconnect")
        .on("postgres_changes", { event: "INSERT", schema: "public", table: "items" }, (p) =>
          inbox.push(p as unknown as { new: { id: number } }),
        ),
    );
    const total = 120;
    for (let id = 1; id <= total; id++) {
      await stack.sql("insert into public.items (id, name) values ($1, 'burst')", [id]);
      if (id === total / 2) {
        const killed = await stack.sql(
          `select pg_terminate_backend(active_pid) as ok from pg_replication_slots
            where database = current_database() and active_pid is not null`,
        );
        expect(killed).toEqual([{ ok: true }]);
      }
    }
    await inbox.next((c) => c.new.id === total, 20_000);
    const ids = (await inbox.settle(1500)).map((c) => c.new.id);
    expect(ids.length).toBe(total);
    expect(new Set(ids).size).toBe(total);
    await supabase.removeAllChannels();
  }, 60_000);
});
