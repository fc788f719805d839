// The replication stream can break while the stack keeps running (walsender
// terminated, wal_sender_timeout). The slot then re-sends every transaction not yet
// acknowledged, some of which were already dispatched: each must reach a
// subscriber exactly once. And a dispatch that takes longer than wal_sender_timeout
// must not break it: keepalives are answered while changes are still in flight.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Inbox, makeUser, REALTIME_FIXTURE, realtimeClient, subscribe } from "./fixtures/realtime/helpers.js";
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

describe("realtime replication under a dispatch slower than wal_sender_timeout", () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ projectDir: REALTIME_FIXTURE });
    // Applies to the stack's walsender, which starts with the first subscription.
    await stack.sql(`do $$ begin
      execute format('alter role postgres in database %I set wal_sender_timeout = %L', current_database(), '1s');
    end $$`);
    // Every row costs its policy 0.3 s: a burst keeps the dispatcher busy for seconds.
    await stack.sql(`
      create table public.slow_items (id int primary key, owner uuid not null);
      alter table public.slow_items enable row level security;
      create policy "slow owner read" on public.slow_items for select to authenticated
        using ((select true from pg_sleep(0.3 + 0 * id)) and owner = auth.uid());
      grant select on public.slow_items to authenticated;
      alter publication supabase_realtime add table public.slow_items`);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("keeps the stream (same walsender) and delivers each change once", async () => {
    const user = await makeUser(stack);
    const supabase = realtimeClient(stack, { token: user.token });
    const inbox = new Inbox<{ new: { id: number } }>();
    await subscribe(
      supabase
        .channel("slow")
        .on("postgres_changes", { event: "INSERT", schema: "public", table: "slow_items" }, (p) =>
          inbox.push(p as unknown as { new: { id: number } }),
        ),
    );
    const walsender = async () =>
      (
        await stack.sql<{ pid: number }>(
          `select active_pid as pid from pg_replication_slots
            where database = current_database() and active_pid is not null`,
        )
      )[0]?.pid;
    const before = await walsender();
    expect(before).toBeTypeOf("number");
    const total = 12;
    for (let id = 1; id <= total; id++) {
      await stack.sql("insert into public.slow_items (id, owner) values ($1, $2)", [id, user.id]);
    }
    await inbox.next((c) => c.new.id === total, 30_000);
    const ids = (await inbox.settle(500)).map((c) => c.new.id);
    expect(ids.sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(await walsender()).toBe(before);
    await supabase.removeAllChannels();
  }, 60_000);
});
