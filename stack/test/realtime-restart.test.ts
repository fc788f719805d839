// Changes committed while the stack is down reach subscribers after it restarts:
// the slot keeps them until the stack confirmed their dispatch, and the client
// reconnects and rejoins by itself.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { slotNameFor } from "../src/realtime/changes/replication.js";
import { createLogger } from "../src/shared/log.js";
import { freePort } from "../src/shared/net.js";
import { type RunningStack, startStack } from "../src/stack.js";
import { Inbox, REALTIME_FIXTURE, realtimeClient, subscribe } from "./fixtures/realtime/helpers.js";
import type { TestStack } from "./harness.js";

describe("realtime across a stack restart", () => {
  const base = inject("pgUrl");
  const dbName = `t_${randomBytes(6).toString("hex")}`;
  const databaseUrl = base.replace(/\/postgres$/, `/${dbName}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-test-realtime-restart-"));
  const sql = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  let running: RunningStack | undefined;

  async function admin(text: string): Promise<void> {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(text);
    await client.end();
  }

  const start = (port: number) =>
    startStack({ projectDir: REALTIME_FIXTURE, port, databaseUrl, dataDir, log: createLogger(`test:${dbName}`) });

  /** A subscribed channel with an INSERT binding on items, and its inbox. */
  async function listenToItems(stack: RunningStack, name: string) {
    const supabase = realtimeClient(stack as unknown as TestStack);
    const inbox = new Inbox<{ new: { id: number } }>();
    const channel = supabase
      .channel(name)
      .on("postgres_changes", { event: "INSERT", schema: "public", table: "items" }, (p) =>
        inbox.push(p as unknown as { new: { id: number } }),
      );
    await subscribe(channel);
    return { supabase, inbox };
  }

  afterAll(async () => {
    await running?.stop();
    await sql.end();
    await admin(`drop database if exists ${dbName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers changes committed while the stack was down, once", async () => {
    await admin(`create database ${dbName} template stack_template`);
    const port = await freePort();
    running = await start(port);
    const { supabase, inbox } = await listenToItems(running, "restart");
    await sql.query("insert into public.items (id, name) values (1, 'before')");
    await inbox.next((c) => c.new.id === 1);

    await running.stop();
    running = undefined;
    await sql.query("insert into public.items (id, name) values (2, 'while down'), (3, 'while down')");

    running = await start(port);
    await inbox.next((c) => c.new.id === 3, 20_000);
    await sql.query("insert into public.items (id, name) values (4, 'after')");
    await inbox.next((c) => c.new.id === 4);
    expect(inbox.items.map((c) => c.new.id)).toEqual([1, 2, 3, 4]);
    await supabase.removeAllChannels();
  }, 40_000);

  it("streams again on a database whose slot predates base 62's publication", async () => {
    await running?.stop();
    running = undefined;
    // As a data directory of an older stack: no session publication, and the stack's slot
    // holding a change from before it, which PostgreSQL 17 cannot decode with it.
    await sql.query(`drop publication stack_session_revocations;
      delete from _stack.base_migrations where name = '62_session_revocation_stream.sql'`);
    await sql.query("select pg_drop_replication_slot($1)", [slotNameFor(dbName)]);
    await sql.query("select pg_create_logical_replication_slot($1, 'pgoutput')", [slotNameFor(dbName)]);
    await sql.query("insert into public.items (id, name) values (5, 'from the old stack')");

    running = await start(await freePort());
    const { supabase, inbox } = await listenToItems(running, "upgraded");
    await sql.query("insert into public.items (id, name) values (6, 'after the upgrade')");
    await inbox.next((c) => c.new.id === 6);
    await supabase.removeAllChannels();
  }, 40_000);
});
