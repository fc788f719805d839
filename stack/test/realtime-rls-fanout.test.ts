// RLS for postgres_changes when many subscribers with different users watch one
// table: every row is checked for every subscriber at once, and each must still
// get exactly the rows its own JWT may select — under a burst, through a policy
// that joins another table, through policies that read the legacy per-claim
// settings, and when a policy fails for one subscriber's claims only.
import { randomUUID } from "node:crypto";
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

interface Row {
  id: number;
  owner?: string;
  feed?: number;
}
interface Change {
  eventType: string;
  new: Row;
}

describe("realtime RLS with many subscribers", () => {
  let stack: TestStack;
  const clients: SupabaseClient[] = [];

  /** One client per subscriber (its own socket and JWT), INSERTs of `table` into an inbox. */
  async function listen(token: string | undefined, table: string, filter?: string) {
    const client = realtimeClient(stack, { token });
    clients.push(client);
    const inbox = new Inbox<Change>();
    await subscribe(
      client
        .channel(`${table}-${clients.length}`)
        .on("postgres_changes", { event: "INSERT", schema: "public", table, filter }, (p) =>
          inbox.push(p as unknown as Change),
        ),
    );
    return inbox;
  }

  /** Waits for `expected` ids, then a little longer to catch any extra. */
  async function received(inbox: Inbox<Change>, expected: number[]): Promise<number[]> {
    if (expected.length > 0) await inbox.next((c) => c.new.id === Math.max(...expected), 20_000);
    await Promise.all(expected.map((id) => inbox.next((c) => c.new.id === id, 20_000)));
    return (await inbox.settle(300)).map((c) => c.new.id).sort((a, b) => a - b);
  }

  async function signed(claims: Record<string, unknown>): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return stack.ctx.jwt.sign({ role: "authenticated", ...claims, iat: now, exp: now + 600 });
  }

  beforeAll(async () => {
    stack = await startTestStack({ projectDir: REALTIME_FIXTURE });
    await stack.sql(`
      create table public.posts (id bigint primary key, feed int not null);
      create table public.members (feed int not null, user_id uuid not null, primary key (feed, user_id));
      alter table public.posts enable row level security;
      create policy "members read" on public.posts for select to authenticated
        using (exists (select 1 from public.members m where m.feed = posts.feed and m.user_id = auth.uid()));
      insert into public.posts select g, g % 7 from generate_series(1, 20000) g;

      create table public.legacy_notes (id int primary key, owner text not null, email text not null);
      alter table public.legacy_notes enable row level security;
      create policy "legacy claims read" on public.legacy_notes for select to authenticated
        using (owner = current_setting('request.jwt.claim.sub', true)
               and email = current_setting('request.jwt.claim.email', true)
               and current_setting('request.jwt.claim.role', true) = 'authenticated');

      create table public.levels (id int primary key, level int not null);
      alter table public.levels enable row level security;
      create policy "level read" on public.levels for select to authenticated
        using (level <= (auth.jwt() ->> 'level')::int);

      grant select on public.posts, public.members, public.legacy_notes, public.levels to authenticated;
      alter publication supabase_realtime add table public.posts, public.legacy_notes, public.levels`);
  });
  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels();
    await stack?.stop();
  });

  it("gives each of many users exactly their own rows under a burst", async () => {
    // Enough users that the check is split over two connections (visibility.ts).
    const users = await Promise.all(Array.from({ length: 70 }, () => makeUser(stack)));
    const inboxes = await Promise.all(users.map((u) => listen(u.token, "notes")));
    // One user twice (a second socket with the same claims) and one anonymous subscriber.
    const twice = await listen(users[0].token, "notes");
    const anon = await listen(undefined, "notes");
    const owned = new Map<string, number[]>(users.map((u) => [u.id, []]));
    const burst: Array<Promise<unknown>> = [];
    // 210 rows: single-row transactions and multi-row ones, from several connections.
    for (let t = 0; t < 70; t++) {
      const rows = Array.from({ length: 1 + (t % 5) }, (_, i) => users[(t * 3 + i) % users.length]);
      const values = rows.map((_, i) => `($${i + 1}::uuid, 'burst')`).join(", ");
      burst.push(
        stack
          .sql<{ id: number; owner: string }>(
            `insert into public.notes (owner, title) values ${values} returning id, owner`,
            rows.map((u) => u.id),
          )
          .then((inserted) => {
            for (const r of inserted) owned.get(r.owner)?.push(Number(r.id));
          }),
      );
    }
    await Promise.all(burst);
    for (const [i, user] of users.entries()) {
      const expected = (owned.get(user.id) ?? []).sort((a, b) => a - b);
      expect(expected.length).toBeGreaterThan(0);
      expect(await received(inboxes[i], expected)).toEqual(expected);
    }
    expect(await received(twice, owned.get(users[0].id) ?? [])).toEqual(owned.get(users[0].id));
    expect(anon.items).toEqual([]);
  }, 60_000);

  it("checks a policy that joins another table, row by row on a large table", async () => {
    const users: TestUser[] = await Promise.all(Array.from({ length: 6 }, () => makeUser(stack)));
    // users[i] belongs to feed i % 3 (and user 0 also to feed 2).
    for (const [i, u] of users.entries()) {
      await stack.sql("insert into public.members values ($1, $2)", [100 + (i % 3), u.id]);
    }
    await stack.sql("insert into public.members values (102, $1)", [users[0].id]);
    const inboxes = await Promise.all(users.map((u) => listen(u.token, "posts")));
    await stack.sql("insert into public.posts select 100000 + g, 100 + g % 4 from generate_series(1, 40) g");
    const ids = (feeds: number[]) =>
      Array.from({ length: 40 }, (_, g) => g + 1)
        .filter((g) => feeds.includes(100 + (g % 4)))
        .map((g) => 100000 + g);
    for (const [i, inbox] of inboxes.entries()) {
      const feeds = i === 0 ? [100, 102] : [100 + (i % 3)];
      expect(await received(inbox, ids(feeds))).toEqual(ids(feeds));
    }
  }, 60_000);

  it("sets the legacy request.jwt.claim.sub/email/role settings for the policies", async () => {
    const alice = await makeUser(stack);
    const bob = await makeUser(stack);
    const a = await listen(alice.token, "legacy_notes");
    const b = await listen(bob.token, "legacy_notes");
    const email = (u: TestUser) => `${u.id.slice(0, 8)}@example.test`;
    await stack.sql("insert into public.legacy_notes values (1, $1, $2), (2, $3, $4), (3, $1, 'other@example.test')", [
      alice.id,
      email(alice),
      bob.id,
      email(bob),
    ]);
    expect(await received(a, [1])).toEqual([1]);
    expect(await received(b, [2])).toEqual([2]);
  });

  it("gives each subscriber its own settings when the one checked before it differs in one claim only", async () => {
    // The check sets claim.sub/email/role only when they change from one subscriber to
    // the next: each of these differs from its neighbour in the sub, the email or the role.
    await stack.sql(`
      create table public.pairs (id int primary key, owner text not null, email text not null);
      alter table public.pairs enable row level security;
      create policy "own sub and email" on public.pairs for select to authenticated
        using (owner = current_setting('request.jwt.claim.sub', true)
               and email = current_setting('request.jwt.claim.email', true)
               and current_setting('request.jwt.claim.role', true) = 'authenticated');
      create policy "anon: ownerless" on public.pairs for select to anon
        using (owner = '' and email = current_setting('request.jwt.claim.email', true)
               and current_setting('request.jwt.claim.role', true) = 'anon'
               and current_setting('request.jwt.claim.sub', true) = '');
      grant select on public.pairs to anon, authenticated;
      alter publication supabase_realtime add table public.pairs`);
    const u = randomUUID();
    const v = randomUUID();
    const inboxes = [
      await listen(await signed({ sub: u, email: "one@example.test" }), "pairs"),
      await listen(await signed({ sub: u, email: "two@example.test" }), "pairs"),
      await listen(await signed({ sub: u }), "pairs"),
      await listen(await signed({ sub: v, email: "one@example.test" }), "pairs"),
      await listen(await signed({ email: "one@example.test" }), "pairs"),
      await listen(undefined, "pairs"),
    ];
    await stack.sql(
      `insert into public.pairs values
         (10, $1, 'one@example.test'), (11, $1, 'two@example.test'), (12, $1, ''),
         (13, $2, 'one@example.test'), (14, $2, ''), (15, '', 'one@example.test'), (16, '', '')`,
      [u, v],
    );
    const expected = [[10], [11], [12], [13], [15], [16]];
    for (const [i, inbox] of inboxes.entries()) expect(await received(inbox, expected[i])).toEqual(expected[i]);
  });

  it("sends each subscriber only the columns its role may select, and only the rows it may see", async () => {
    await stack.sql(`
      create table public.cards (id int primary key, owner uuid not null, title text not null, secret text not null);
      alter table public.cards enable row level security;
      create policy "own cards" on public.cards for select to authenticated using (owner = auth.uid());
      create policy "anon cards" on public.cards for select to anon using (true);
      revoke select on public.cards from anon, authenticated; -- the default privileges granted the table
      grant select (id, owner, title) on public.cards to authenticated;
      grant select (id, title, secret) on public.cards to anon;
      alter publication supabase_realtime add table public.cards`);
    const alice = await makeUser(stack);
    const bob = await makeUser(stack);
    const a = await listen(alice.token, "cards");
    const b = await listen(bob.token, "cards");
    const anon = await listen(undefined, "cards");
    await stack.sql("insert into public.cards values (1, $1, 'a', 's1'), (2, $2, 'b', 's2'), (3, $1, 'c', 's3')", [
      alice.id,
      bob.id,
    ]);
    expect(await received(a, [1, 3])).toEqual([1, 3]);
    expect(await received(b, [2])).toEqual([2]);
    expect(await received(anon, [1, 2, 3])).toEqual([1, 2, 3]);
    expect(b.items[0].new).toEqual({ id: 2, owner: bob.id, title: "b" });
    for (const change of a.items) expect(Object.keys(change.new).sort()).toEqual(["id", "owner", "title"]);
    const anonCard = anon.items.find((c) => c.new.id === 2);
    expect(anonCard?.new).toEqual({ id: 2, title: "b", secret: "s2" });
  });

  it("hides rows only from the subscriber whose claims break the policy", async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = (level: unknown) =>
      stack.ctx.jwt.sign({ sub: randomUUID(), role: "authenticated", level, iat: now, exp: now + 600 });
    const low = await listen(await token(1), "levels");
    const high = await listen(await token(5), "levels");
    const broken = await listen(await token("not a number"), "levels");
    await stack.sql("insert into public.levels values (1, 1), (2, 3), (3, 5)");
    expect(await received(low, [1])).toEqual([1]);
    expect(await received(high, [1, 2, 3])).toEqual([1, 2, 3]);
    expect(broken.items).toEqual([]);
  });
});
