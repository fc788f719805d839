// Crash safety: under a steady insert load through REST, kill -9 the stack and its
// Postgres, restart, and check that every write acknowledged with 201 survived and
// that a realtime subscriber receives changes again after reconnecting.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient, type RealtimeChannel } from "@supabase/supabase-js";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { WELL_KNOWN } from "../src/config/index.js";
import { freePort } from "../src/shared/net.js";
import { removeDataDir } from "../src/stack.js";
import { launchStack, stopStack, waitHealthy } from "./cli.js";
import { FIXTURES } from "./harness.js";

const PROJECT = path.join(FIXTURES, "crash");

function launch(port: number, dbPort: number, dataDir: string): ChildProcess {
  return launchStack({
    args: ["--project-dir", PROJECT, "--port", String(port), "--db-port", String(dbPort), "--data-dir", dataDir],
  });
}

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, "db", "postmaster.pid"), "utf8").split("\n")[0]);
}

function killHard(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // already gone
  }
}

describe("crash safety", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-crash-"));
  let child: ChildProcess | undefined;
  let channel: RealtimeChannel | undefined;

  afterAll(async () => {
    await channel?.unsubscribe();
    await stopStack(child);
    await removeDataDir(dataDir);
  });

  it("keeps every acknowledged write across kill -9 of the stack and Postgres, and realtime resumes", async () => {
    const port = await freePort();
    const dbPort = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = launch(port, dbPort, dataDir);
    await waitHealthy(url);

    const client = createClient(url, WELL_KNOWN.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const received = new Set<number>();
    channel = client
      .channel("crash-events")
      .on("postgres_changes", { event: "INSERT", schema: "public", table: "events" }, (msg) => {
        received.add((msg.new as { client_seq: number }).client_seq);
      });
    await new Promise<void>((resolve, reject) => {
      channel?.subscribe((status, err) => {
        if (status === "SUBSCRIBED") resolve();
        if (status === "CHANNEL_ERROR") reject(err);
      });
    });

    // Steady load: 8 writers, each acknowledged seq is remembered. The kill comes once
    // KILL_AFTER writes are acknowledged (not after a fixed time, which a loaded machine
    // may fill with fewer), while the writers still have requests in flight.
    const KILL_AFTER = 50;
    const acked: number[] = [];
    let seq = 0;
    let crashed = false;
    let enoughAcked!: () => void;
    const killTime = new Promise<void>((resolve) => {
      enoughAcked = resolve;
    });
    const writer = async () => {
      while (!crashed) {
        const n = ++seq;
        try {
          const res = await fetch(`${url}/rest/v1/events`, {
            method: "POST",
            headers: { apikey: WELL_KNOWN.anonKey, "content-type": "application/json" },
            body: JSON.stringify({ client_seq: n, payload: `event ${n}` }),
          });
          if (res.status === 201 && acked.push(n) === KILL_AFTER) enoughAcked();
        } catch {
          // the server died under us: this write was never acknowledged
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    await killTime;

    const pgPid = postmasterPid(dataDir);
    killHard(child.pid as number);
    killHard(pgPid);
    crashed = true;
    await Promise.all(writers);

    child = launch(port, dbPort, dataDir);
    await waitHealthy(url);

    const db = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${dbPort}/postgres` });
    await db.connect();
    const { rows } = await db.query<{ client_seq: number }>("select client_seq from public.events");
    await db.end();
    const stored = new Set(rows.map((r) => r.client_seq));
    const lost = acked.filter((n) => !stored.has(n));
    expect(lost).toEqual([]);

    // The subscriber's socket dropped with the stack; realtime-js reconnects and
    // rejoins by itself. A write after the restart must reach it.
    const probe = 1_000_000;
    const deadline = Date.now() + 30_000;
    let inserted = false;
    while (!received.has(probe) && Date.now() < deadline) {
      if (!inserted && channel.state === "joined") {
        const res = await fetch(`${url}/rest/v1/events`, {
          method: "POST",
          headers: { apikey: WELL_KNOWN.anonKey, "content-type": "application/json" },
          body: JSON.stringify({ client_seq: probe, payload: "after restart" }),
        });
        expect(res.status).toBe(201);
        inserted = true;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(received.has(probe)).toBe(true);
    console.log(`crash safety: ${acked.length} writes acknowledged before kill -9, 0 lost; realtime resumed`);
  }, 90_000);
});
