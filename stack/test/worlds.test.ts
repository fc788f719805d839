// QA worlds (docs/qa.md): a world per test cloned from the project's template, isolated
// from every other world, on its own clock (database now(), tokens, cron), with faults,
// a mailbox that waits, Mailpit's API, and a clear error for a project that does not start.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import { MailpitClient } from "mailpit-api";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { createLogger } from "../src/shared/log.js";
import { WorldHost } from "../src/worlds/host.js";
import type { World } from "../src/worlds/world.js";
import { FIXTURES } from "./harness.js";

const SEEDED_USER = "11111111-1111-4111-8111-111111111111";
const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

let host: WorldHost;
let stateDir: string;
const worlds: World[] = [];

async function world(): Promise<World> {
  const w = await host.createWorld();
  worlds.push(w);
  return w;
}

async function query<T extends pg.QueryResultRow>(w: World, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: w.dbUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  stateDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-worlds-test-"));
  host = await WorldHost.start({
    projectDir: path.join(FIXTURES, "worlds"),
    stateDir,
    serverUrl: inject("pgUrl"),
    spares: 0,
    log: createLogger("worlds-test"),
  });
});

afterAll(async () => {
  await host?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

describe("worlds", () => {
  it("are copies of the migrated and seeded project, and nothing one writes is seen by another", async () => {
    const [a, b] = await Promise.all([world(), world()]);
    expect(a.url).not.toBe(b.url);
    const sa = createClient(a.url, a.info().serviceRoleKey, clientOptions);
    const sb = createClient(b.url, b.info().serviceRoleKey, clientOptions);
    expect((await sa.from("notes").select("body")).data).toEqual([{ body: "seeded note" }]);

    await sa.from("notes").insert({ owner: SEEDED_USER, body: "only in a" });
    await sa.auth.admin.createUser({ email: "only-a@example.com", email_confirm: true });
    await sa.storage.from("photos").upload(`${SEEDED_USER}/a.txt`, new Blob(["a"]), { contentType: "text/plain" });
    await sa.auth.resetPasswordForEmail("seeded@example.com");

    expect((await sb.from("notes").select("body")).data).toEqual([{ body: "seeded note" }]);
    expect((await sb.auth.admin.listUsers()).data.users.map((u) => u.email)).toEqual(["seeded@example.com"]);
    expect((await sb.storage.from("photos").list(SEEDED_USER)).data).toEqual([]);
    expect(await (await fetch(`${b.url}/_mail/api/messages`)).json()).toEqual([]);
    expect((await sa.storage.from("photos").list(SEEDED_USER)).data?.map((o) => o.name)).toEqual(["a.txt"]);
  });

  it("start with the seed's queued work done: the template ran its pollers and pg_net's queue once", async () => {
    const w = await world();
    // Done in the template, before any world was cloned: nothing left for this world's pg_cron and pg_net.
    expect(await query(w, "select note_id from summary_queue")).toEqual([]);
    expect(await query(w, "select summary from note_summaries")).toEqual([{ summary: "SEEDED NOTE" }]);
    expect(await query(w, "select id from net.http_request_queue")).toEqual([]);
    expect(host.settleReport).toMatchObject({ settled: true, rounds: 2, requests: 1 });
    // The nightly job was not run to settle the template (its time had not come).
    expect(await query(w, "select id from nightly_runs")).toEqual([]);
    // A world's own writes are its own platform's work.
    await query(w, "insert into notes (owner, body) values ($1, 'mine')", [SEEDED_USER]);
    await w.advanceClock(1000);
    await expect
      .poll(async () =>
        (await query<{ summary: string }>(w, "select summary from note_summaries order by note_id")).map(
          (r) => r.summary,
        ),
      )
      .toEqual(["SEEDED NOTE", "MINE"]);
  });

  it("hand out sessions the world's API accepts", async () => {
    const w = await world();
    const session = (await w.session(SEEDED_USER)) as { access_token: string };
    const user = createClient(w.url, w.info().anonKey, {
      ...clientOptions,
      global: { headers: { Authorization: `Bearer ${session.access_token}` } },
    });
    expect((await user.from("notes").select("body")).data).toEqual([{ body: "seeded note" }]);
  });

  it("move their clock: database now() and defaults, token expiry, signed URLs and a nightly cron job", async () => {
    const w = await world();
    expect(w.info().databaseClock).toBe(true);
    const session = (await w.session(SEEDED_USER)) as { access_token: string };
    const service = createClient(w.url, w.info().serviceRoleKey, clientOptions);
    await service.storage.from("photos").upload(`${SEEDED_USER}/p.txt`, new Blob(["p"]), { contentType: "text/plain" });
    const { data: signed } = await service.storage.from("photos").createSignedUrl(`${SEEDED_USER}/p.txt`, 3600);
    expect((await fetch(signed?.signedUrl as string)).status).toBe(200);

    const before = Date.now();
    const { nowMs } = await w.advanceClock(25 * 3600_000);
    expect(nowMs - before).toBeGreaterThanOrEqual(25 * 3600_000);

    const [row] = await query<{ now: Date; today: string; stamp: Date }>(
      w,
      "insert into notes (owner, body) values ($1, 'later') returning now(), current_date::text as today, created_at as stamp",
      [SEEDED_USER],
    );
    for (const value of [row.now, row.stamp]) expect(Math.abs(value.getTime() - nowMs)).toBeLessThan(60_000);
    expect(row.today).toBe(new Date(nowMs).toISOString().slice(0, 10));
    // The nightly job (03:00 UTC) fell within the 25 hours: it ran once, at the world's time.
    const runs = await query<{ ran_at: Date }>(w, "select ran_at from nightly_runs");
    expect(runs).toHaveLength(1);
    expect(runs[0].ran_at.getTime()).toBeGreaterThan(before + 24 * 3600_000);

    const user = createClient(w.url, w.info().anonKey, {
      ...clientOptions,
      global: { headers: { Authorization: `Bearer ${session.access_token}` } },
    });
    const stale = await user.from("notes").select("body");
    expect(stale.status).toBe(401);
    expect(stale.error?.message).toBe("JWT expired");
    expect((await fetch(signed?.signedUrl as string)).status).toBe(400);

    // Another world's clock did not move.
    const other = await world();
    const [{ now }] = await query<{ now: Date }>(other, "select now()");
    expect(Math.abs(now.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("inject gateway faults: a status by path and method (with CORS), a delay, a dropped connection, N times", async () => {
    const w = await world();
    w.faults.add({ path: "/rest/v1/notes", method: "POST", status: 503, body: { message: "down" }, times: 1 });
    const post = () =>
      fetch(`${w.url}/rest/v1/notes`, {
        method: "POST",
        headers: {
          apikey: w.info().serviceRoleKey,
          authorization: `Bearer ${w.info().serviceRoleKey}`,
          "content-type": "application/json",
          origin: "http://app.test",
        },
        body: JSON.stringify({ owner: SEEDED_USER, body: "x" }),
      });
    const failed = await post();
    expect(failed.status).toBe(503);
    expect(failed.headers.get("access-control-allow-origin")).toBe("*");
    expect(await failed.json()).toEqual({ message: "down" });
    expect((await post()).status).toBe(201);

    w.faults.add({ service: "auth", delayMs: 300 });
    const started = performance.now();
    expect((await fetch(`${w.url}/auth/v1/health`)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);

    w.faults.add({ path: "/storage/v1/**", drop: true });
    await expect(fetch(`${w.url}/storage/v1/bucket`)).rejects.toThrow();
    w.faults.clear();
    expect((await fetch(`${w.url}/storage/v1/bucket`, { headers: { apikey: w.info().serviceRoleKey } })).status).toBe(
      200,
    );
    expect(() => w.faults.add({ service: "graphql", status: 500 })).toThrow(/unknown service "graphql"/);
  });

  it("slow their database on demand, and drop their realtime sockets", async () => {
    const w = await world();
    await w.slowDatabase(250);
    let started = performance.now();
    await query(w, "select 1");
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    await w.slowDatabase(0);
    started = performance.now();
    await query(w, "select 1");
    expect(performance.now() - started).toBeLessThan(250);

    const socket = new WebSocket(
      `${w.url.replace("http", "ws")}/realtime/v1/websocket?apikey=${w.info().anonKey}&vsn=1.0.0`,
    );
    await new Promise((resolve) => socket.once("open", resolve));
    const closed = new Promise((resolve) => socket.once("close", resolve));
    expect(w.dropRealtime()).toBe(1);
    await closed;
  });

  it("mailbox: next waits for a mail, says what arrived when none matches, and Mailpit's client reads it", async () => {
    const w = await world();
    const service = createClient(w.url, w.info().serviceRoleKey, clientOptions);
    const waiting = fetch(`${w.url}/_mail/api/next`, {
      method: "POST",
      body: JSON.stringify({ to: "seeded@example.com", subject: "reset", timeoutMs: 10_000 }),
      headers: { "content-type": "application/json" },
    });
    await service.auth.resetPasswordForEmail("seeded@example.com");
    const mail = (await (await waiting).json()) as { subject: string; to: string; id: string };
    expect(mail).toMatchObject({ subject: "Reset Your Password", to: "seeded@example.com" });

    const none = await fetch(`${w.url}/_mail/api/next`, {
      method: "POST",
      body: JSON.stringify({ to: "nobody@example.com", timeoutMs: 100 }),
      headers: { "content-type": "application/json" },
    });
    expect(none.status).toBe(408);
    expect(((await none.json()) as { arrived: { to: string }[] }).arrived).toEqual([
      expect.objectContaining({ to: "seeded@example.com", subject: "Reset Your Password" }),
    ]);

    const mailpit = new MailpitClient(`${w.url}/_mail`);
    const list = await mailpit.listMessages();
    expect(list.messages_count).toBe(1);
    expect(list.messages[0]).toMatchObject({ ID: mail.id, Subject: "Reset Your Password", Read: false });
    const found = await mailpit.searchMessages({ query: "to:seeded@example.com subject:reset" });
    expect(found.messages.map((m) => m.ID)).toEqual([mail.id]);
    expect((await mailpit.searchMessages({ query: "-subject:reset" })).messages_count).toBe(0);
    const summary = await mailpit.getMessageSummary(mail.id);
    expect(summary.To).toEqual([{ Name: "", Address: "seeded@example.com" }]);
    expect(summary.HTML).toContain("/auth/v1/verify?token=");
    expect((await mailpit.listMessages()).messages[0].Read).toBe(true);
    await mailpit.deleteMessages();
    expect((await mailpit.listMessages()).total).toBe(0);
  });
});

describe("a project that does not start", () => {
  it("names the migration file, its line and Postgres' message", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-worlds-broken-"));
    try {
      await expect(
        WorldHost.start({
          projectDir: path.join(FIXTURES, "worlds-broken"),
          stateDir: dir,
          serverUrl: inject("pgUrl"),
          spares: 0,
          log: createLogger("worlds-broken"),
        }),
      ).rejects.toThrow(/20250102000000_broken\.sql:3: ERROR 42601: syntax error at or near "tabel"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
