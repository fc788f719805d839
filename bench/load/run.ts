// Load: N concurrent clients for S seconds of mixed REST reads and writes,
// password sign-ins and realtime subscriptions against a stack running in its own
// process (loopback only). Prints per-operation p50/p99, errors, realtime delivery
// and the stack's memory before and after.
// The clients loop over REST reads and writes back to back (closed loop); sign-ins arrive
// at a steady rate beside them (open loop), as operators start their day: each costs a
// bcrypt compare (~100 ms of CPU at cost 10), so a closed loop of sign-ins would only
// measure how long clients queue behind the hash.
// Run: npx tsx bench/load/run.ts [--clients 100] [--seconds 60] [--signins-per-second 5]
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { WELL_KNOWN } from "../../stack/src/config/index.js";
import { removeDataDir } from "../../stack/src/stack.js";
import { mb, percentile, postgresPids, pss } from "../lib/memory.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "100" },
    seconds: { type: "string", default: "60" },
    "signins-per-second": { type: "string", default: "5" },
  },
});
const CLIENTS = Number(values.clients);
const SECONDS = Number(values.seconds);
const SIGNINS_PER_SECOND = Number(values["signins-per-second"]);
const USERS = 20;
const PASSWORD = "load-test-pw";
const port = 55093;
const url = `http://127.0.0.1:${port}`;
const anon = WELL_KNOWN.anonKey;

type Op = "list" | "get" | "insert" | "signin";
type RestOp = Exclude<Op, "signin">;
/** The clients' weighted mix: mostly reads, some writes. */
const MIX: [RestOp, number][] = [
  ["list", 0.55],
  ["get", 0.25],
  ["insert", 0.2],
];

function pickOp(): RestOp {
  let r = Math.random();
  for (const [op, w] of MIX) {
    r -= w;
    if (r <= 0) return op;
  }
  return "list";
}

async function waitHealthy(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${url}/auth/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("stack did not become healthy");
}

function stackMemory(child: ChildProcess, dataDir: string): number {
  return pss(child.pid as number) + postgresPids(path.join(dataDir, "db")).reduce((s, p) => s + pss(p), 0);
}

async function signIn(email: string): Promise<{ token: string; userId: string }> {
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: anon, "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, userId: body.user.id };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-bench-load-"));
const child = spawn(
  process.execPath,
  [
    path.join(here, "../../stack/bin/opsdesk-stack.js"),
    "start",
    "--project-dir",
    path.join(here, "project"),
    "--port",
    String(port),
    "--db-port",
    String(port + 1),
    "--data-dir",
    dataDir,
  ],
  { stdio: ["ignore", "ignore", "inherit"] },
);

const realtimeClients: SupabaseClient[] = [];
try {
  await waitHealthy();
  const emails = Array.from({ length: USERS }, (_, i) => `load${i + 1}@example.com`);
  const sessions = await Promise.all(emails.map(signIn));
  const [{ token: firstToken }] = sessions;
  const sample = (await (
    await fetch(`${url}/rest/v1/notes?select=id&limit=1`, {
      headers: { apikey: anon, authorization: `Bearer ${firstToken}` },
    })
  ).json()) as { id: number }[];
  const knownId = sample[0].id;

  // One realtime subscriber per client, each as one of the users (RLS decides delivery).
  let delivered = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const s = sessions[i % USERS];
      const client = createClient(url, anon, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      });
      await client.realtime.setAuth(s.token);
      realtimeClients.push(client);
      await new Promise<void>((resolve, reject) => {
        client
          .channel(`notes-${i}`)
          .on("postgres_changes", { event: "INSERT", schema: "public", table: "notes" }, () => {
            delivered++;
          })
          .subscribe((status, err) => {
            if (status === "SUBSCRIBED") resolve();
            else if (status === "CHANNEL_ERROR" || status === "TIMED_OUT") reject(err ?? new Error(status));
          });
      });
    }),
  );

  const memoryBefore = stackMemory(child, dataDir);
  const latencies: Record<Op, number[]> = { list: [], get: [], insert: [], signin: [] };
  const errors: Record<Op, number> = { list: 0, get: 0, insert: 0, signin: 0 };
  const insertsByUser = new Map<string, number>();
  const sampleErrors: string[] = [];
  const deadline = performance.now() + SECONDS * 1000;

  /** Runs one request, recording its latency, or its error. */
  const timed = async (op: Op, request: () => Promise<Response>): Promise<Response | undefined> => {
    const t0 = performance.now();
    let res: Response;
    try {
      res = await request();
      await res.arrayBuffer();
    } catch (err) {
      errors[op]++;
      if (sampleErrors.length < 5) sampleErrors.push(`${op}: ${(err as Error).message}`);
      return undefined;
    }
    latencies[op].push(performance.now() - t0);
    if (!res.ok) {
      errors[op]++;
      if (sampleErrors.length < 5) sampleErrors.push(`${op}: HTTP ${res.status}`);
      return undefined;
    }
    return res;
  };

  const worker = async (i: number) => {
    const s = sessions[i % USERS];
    const headers = { apikey: anon, authorization: `Bearer ${s.token}`, "content-type": "application/json" };
    while (performance.now() < deadline) {
      const op = pickOp();
      const res = await timed(op, () => {
        if (op === "list") return fetch(`${url}/rest/v1/notes?select=*&order=id.desc&limit=25`, { headers });
        if (op === "get") return fetch(`${url}/rest/v1/notes?id=eq.${knownId}&select=*`, { headers });
        return fetch(`${url}/rest/v1/notes`, { method: "POST", headers, body: JSON.stringify({ body: `load ${i}` }) });
      });
      if (res && op === "insert") insertsByUser.set(s.userId, (insertsByUser.get(s.userId) ?? 0) + 1);
    }
  };

  /** Sign-ins at a steady rate until the deadline, each on its own (never waiting for the last). */
  const signIns = async () => {
    const pending: Promise<unknown>[] = [];
    const started = performance.now();
    for (let n = 0; ; n++) {
      const at = started + (n * 1000) / SIGNINS_PER_SECOND;
      if (at >= deadline) break;
      await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
      pending.push(
        timed("signin", () =>
          fetch(`${url}/auth/v1/token?grant_type=password`, {
            method: "POST",
            headers: { apikey: anon, "content-type": "application/json" },
            body: JSON.stringify({ email: emails[n % USERS], password: PASSWORD }),
          }),
        ),
      );
    }
    await Promise.all(pending);
  };
  const started = performance.now();
  await Promise.all([...Array.from({ length: CLIENTS }, (_, i) => worker(i)), SIGNINS_PER_SECOND > 0 && signIns()]);
  const elapsed = (performance.now() - started) / 1000;

  // Each insert is due to every subscriber signed in as its owner.
  const subscribersPerUser = CLIENTS / USERS;
  const expected = [...insertsByUser.values()].reduce((sum, n) => sum + n * subscribersPerUser, 0);
  const settle = performance.now() + 10_000;
  while (delivered < expected && performance.now() < settle) await new Promise((r) => setTimeout(r, 100));
  const memoryAfter = stackMemory(child, dataDir);

  const rows = Object.fromEntries(
    (Object.keys(latencies) as Op[]).map((op) => {
      const sorted = latencies[op].sort((a, b) => a - b);
      return [
        op,
        {
          requests: sorted.length,
          "req/s": Math.round(sorted.length / elapsed),
          "p50 ms": Number(percentile(sorted, 50).toFixed(1)),
          "p99 ms": Number(percentile(sorted, 99).toFixed(1)),
          errors: errors[op],
        },
      ];
    }),
  );
  const total = Object.values(latencies).reduce((s, l) => s + l.length, 0);
  console.log(
    `\nLoad: ${CLIENTS} clients, ${elapsed.toFixed(0)} s, ${Math.round(total / elapsed)} req/s in all (sign-ins at ${SIGNINS_PER_SECOND}/s)`,
  );
  console.table(rows);
  console.log(`Realtime: ${CLIENTS} subscribers, ${delivered} of ${expected} due INSERT events delivered`);
  console.log(`Stack memory (PSS, node + postgres): before ${mb(memoryBefore)}, after ${mb(memoryAfter)}`);
  if (sampleErrors.length) console.log(`First errors: ${sampleErrors.join("; ")}`);
  const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
  if (errorCount > 0 || delivered < expected) process.exitCode = 1;
} finally {
  await Promise.all(realtimeClients.map((c) => c.removeAllChannels()));
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  await removeDataDir(dataDir);
}
