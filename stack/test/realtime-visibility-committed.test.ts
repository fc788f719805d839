// postgres_changes judges a row as it was committed (docs/security.md "Realtime:
// visibility of a change"): an INSERT or UPDATE whose row is deleted right after still
// reaches the subscribers its SELECT policies let see it, and nobody else — with
// policies that read a generated column, a restrictive policy, and another table.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Inbox,
  makeUser,
  REALTIME_FIXTURE,
  realtimeClient,
  subscribe,
  type TestUser,
} from "./fixtures/realtime/helpers.js";
import { startTestStack, type TestStack } from "./harness.js";

interface Change {
  eventType: string;
  new: { id?: number; title?: string };
}

describe("realtime visibility of rows deleted right after their change", () => {
  let stack: TestStack;
  let alice: TestUser;
  let bob: TestUser;
  const clients: SupabaseClient[] = [];

  async function listen(user: TestUser) {
    const client = realtimeClient(stack, { token: user.token });
    clients.push(client);
    const inbox = new Inbox<Change>();
    await subscribe(
      client
        .channel(`tasks-${clients.length}`)
        .on("postgres_changes", { event: "*", schema: "public", table: "tasks" }, (p) =>
          inbox.push(p as unknown as Change),
        ),
    );
    return inbox;
  }

  beforeAll(async () => {
    stack = await startTestStack({ projectDir: REALTIME_FIXTURE });
    alice = await makeUser(stack);
    bob = await makeUser(stack);
    await stack.sql(`
      create table public.teams (user_id uuid primary key, muted boolean not null default false);
      create table public.tasks (
        id int primary key, owner uuid not null, title text not null,
        label text generated always as (upper(title)) stored
      );
      alter table public.tasks enable row level security;
      create policy "own tasks" on public.tasks for select to authenticated
        using (owner = auth.uid() and label <> 'HIDDEN');
      create policy "not muted" on public.tasks as restrictive for select to authenticated
        using (not exists (select 1 from public.teams t where t.user_id = tasks.owner and t.muted));
      alter publication supabase_realtime add table public.tasks`);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.removeAllChannels()));
    await stack?.stop();
  });

  it("delivers each INSERT and UPDATE to who may see the committed row, though it is gone at once", async () => {
    const a = await listen(alice);
    const b = await listen(bob);
    // Each change and its deletion commit back to back, in one round trip.
    const changeThenDelete = (id: number, owner: string, title: string) =>
      stack.sql(
        `begin; insert into public.tasks values (${id}, '${owner}', '${title}'); commit;
         begin; update public.tasks set title = '${title} again' where id = ${id}; commit;
         begin; delete from public.tasks where id = ${id}; commit;`,
      );
    for (let id = 1; id <= 20; id++) await changeThenDelete(id, alice.id, `task ${id}`);
    await changeThenDelete(21, alice.id, "hidden");
    await stack.sql(`insert into public.teams values ('${bob.id}', true)`);
    await changeThenDelete(22, bob.id, "muted");
    await changeThenDelete(23, alice.id, "last");

    await a.next((c) => c.eventType === "UPDATE" && c.new.id === 23, 20_000);
    const seen = (kind: string) =>
      a.items
        .filter((c) => c.eventType === kind)
        .map((c) => c.new.id)
        .sort((x, y) => (x ?? 0) - (y ?? 0));
    const first20 = Array.from({ length: 20 }, (_, i) => i + 1);
    // Row 21 was hidden from Alice by its generated label ("HIDDEN") as inserted, and
    // shown as updated ("HIDDEN AGAIN"): each version is judged as it was committed.
    expect(seen("INSERT")).toEqual([...first20, 23]);
    expect(seen("UPDATE")).toEqual([...first20, 21, 23]);
    // Bob's muted row (restrictive policy) reached nobody, and nothing of Alice's reached Bob.
    expect(b.items.filter((c) => c.eventType !== "DELETE")).toEqual([]);
  });
});
