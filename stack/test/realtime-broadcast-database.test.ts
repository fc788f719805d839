// Broadcast from the database (base 45) through supabase-js: a trigger calling
// realtime.broadcast_changes reaches the private channel of the user the policies on
// realtime.messages let read it, on both protocol versions, and nobody else; realtime.send
// reaches public channels; what a transaction sends goes out only if it commits.
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { Inbox, subscribe, useRealtimeTestbed } from "./fixtures/realtime/helpers.js";

interface Broadcast {
  type: string;
  event: string;
  payload: Record<string, unknown>;
  meta?: { id: string };
}

describe("broadcast from the database", () => {
  const testbed = useRealtimeTestbed();
  const sql = (text: string, values?: unknown[]) => testbed.stack.sql(text, values);

  /** Joins `topic` and collects its broadcasts. */
  async function listen(topic: string, options: { token?: string; vsn?: "1.0.0" | "2.0.0"; private?: boolean }) {
    const inbox = new Inbox<Broadcast>();
    const channel = testbed.client(options.token, options.vsn).channel(topic, { config: { private: options.private } });
    channel.on("broadcast", { event: "*" }, (m) => inbox.push(m as Broadcast));
    await subscribe(channel);
    return inbox;
  }

  beforeAll(async () => {
    // Each note's changes go to its owner's private room (the fixture's policies: `room:<uid>`).
    await sql(`
      create function public.notes_broadcast() returns trigger
      language plpgsql security definer set search_path = '' as $$
      begin
        perform realtime.broadcast_changes(
          'room:' || coalesce(new.owner, old.owner)::text, tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
        return null;
      end
      $$;
      create trigger notes_broadcast after insert or update or delete on public.notes
        for each row execute function public.notes_broadcast();`);
  });
  it("sends a trigger's row changes to the private channel its policies open, on vsn 1.0.0 and 2.0.0", async () => {
    const { alice, bob } = testbed;
    const topic = `room:${alice.id}`;
    const v1 = await listen(topic, { token: alice.token, vsn: "1.0.0", private: true });
    const v2 = await listen(topic, { token: alice.token, vsn: "2.0.0", private: true });
    const publicTwin = await listen(topic, {});
    await expect(listen(topic, { token: bob.token, private: true })).rejects.toThrow(/Unauthorized/);

    const [note] = await testbed.stack.sql<{ id: number }>(
      "insert into public.notes (owner, title) values ($1, 'first') returning id::int",
      [alice.id],
    );
    await sql("update public.notes set done = true where id = $1", [note.id]);
    await sql("delete from public.notes where id = $1", [note.id]);

    for (const inbox of [v1, v2]) {
      const inserted = await inbox.next((m) => m.event === "INSERT");
      expect(inserted.payload).toMatchObject({
        operation: "INSERT",
        table: "notes",
        schema: "public",
        record: { id: note.id, owner: alice.id, title: "first", done: false },
        old_record: null,
      });
      // The message id, in the payload and as meta.
      expect(inserted.meta?.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(inserted.payload.id).toBe(inserted.meta?.id);
      const updated = await inbox.next((m) => m.event === "UPDATE");
      expect(updated.payload).toMatchObject({ record: { done: true }, old_record: { done: false } });
      const deleted = await inbox.next((m) => m.event === "DELETE");
      expect(deleted.payload).toMatchObject({ record: null, old_record: { id: note.id } });
    }
    expect(v1.items.map((m) => m.event)).toEqual(["INSERT", "UPDATE", "DELETE"]);
    // Private messages never reach the public channel of the same name.
    expect(await publicTwin.settle()).toEqual([]);
  });

  it("sends realtime.send(…, private => false) to public channels, and nothing a transaction rolled back", async () => {
    const lobby = await listen("lobby", {});
    await sql(`begin; select realtime.send('{"n": 1}', 'tick', 'lobby', false); rollback;`);
    await sql(`select realtime.send('{"n": 2}', 'tick', 'lobby', false)`);
    const tick = await lobby.next();
    expect(tick).toMatchObject({ event: "tick", payload: { n: 2 } });
    expect((await lobby.settle()).map((m) => m.payload.n)).toEqual([2]);
  });

  it("warns instead of failing when the sender may not write the topic", async () => {
    // RLS refuses anon's insert: a warning, and the transaction goes on to commit.
    await sql(`begin; set local role anon; select realtime.send('{}', 'x', 'room:someone'); commit;`);
    const [{ count }] = await testbed.stack.sql<{ count: number }>(
      "select count(*)::int as count from realtime.messages where topic = 'room:someone'",
    );
    expect(count).toBe(0);
  });
  it("announces a transaction only once new snapshots can read what it wrote (base 55)", async () => {
    // A client may read the moment a broadcast arrives (the console's access watch does):
    // the wait holds until the writing transaction is visible, here until it commits.
    const writer = new pg.Client({ connectionString: testbed.stack.dbUrl });
    await writer.connect();
    try {
      await writer.query("begin");
      const [{ xid }] = (await writer.query("select (pg_current_xact_id()::text::bigint % 4294967296)::text as xid"))
        .rows;
      let committed = false;
      const waited = sql("select realtime.stack_wait_visible($1::bigint[])", [[xid]]).then(() => committed);
      setTimeout(() => {
        committed = true;
        void writer.query("commit");
      }, 200);
      expect(await waited).toBe(true);
      // A visible transaction does not wait.
      await sql("select realtime.stack_wait_visible($1::bigint[])", [[xid]]);
    } finally {
      await writer.end();
    }
  });
});
