// Realtime postgres_changes with RLS: commit → client receive latency (p50/p99) with
// 1, 50 and 200 subscribers (each a different user, each allowed to see the rows
// through a membership policy), at 100 changes/s, and the sustained rate at which
// changes reach every subscriber when inserts come as fast as they can.
// Baseline, measured in the same run with the same clients: the same inserts into a
// table of the same shape without RLS, so the ratio is what the per-subscriber RLS
// check costs on top of capture and fan-out.
// Run: npx tsx bench/realtime/run.ts   (about 60 s; ports 55100/55101)
//   BENCH_SUBSCRIBERS=200 for one row only.
import { type ChildProcess, fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createLogger } from "../../stack/src/shared/log.js";
import { type RunningStack, removeDataDir, startStack } from "../../stack/src/stack.js";
import { type CpuSample, cpuSample, cpuSince } from "./cpu.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const projectDir = path.resolve(here, "../../stack/test/fixtures/realtime");
const SUBSCRIBER_COUNTS = (process.env.BENCH_SUBSCRIBERS ?? "1,50,200").split(",").map(Number);
const LATENCY_RATE = 100; // changes/s while measuring latency
const LATENCY_SECONDS = 5;
/** Changes sent at the rate before measuring: the first ones after subscribing meet cold caches. */
const WARMUP_SECONDS = 1;
const FLOOD_CHANGES = 1000;
const RLS_TABLE = "bench_posts";
const OPEN_TABLE = "bench_open";

const SETUP = `
  create table if not exists public.bench_posts (
    id bigint generated always as identity primary key,
    feed int not null,
    body text not null
  );
  create table if not exists public.bench_open (like public.bench_posts including all);
  create table if not exists public.bench_members (feed int not null, user_id uuid not null, primary key (feed, user_id));
  alter table public.bench_posts enable row level security;
  drop policy if exists "members read" on public.bench_posts;
  create policy "members read" on public.bench_posts for select to authenticated
    using (exists (select 1 from public.bench_members m where m.feed = bench_posts.feed and m.user_id = auth.uid()));
  grant select on public.bench_posts, public.bench_open, public.bench_members to authenticated;
  alter publication supabase_realtime add table public.bench_posts, public.bench_open;`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Report {
  /** Changes that reached every subscriber. */
  complete: number;
  p50: number;
  p99: number;
  /** When the last change arrived (ms since the epoch). */
  lastAt: number;
}

/** The subscribing clients live in a child process (bench/realtime/subscribers.ts). */
class Subscribers {
  private readonly child: ChildProcess;
  private replies: Array<(msg: Record<string, number>) => void> = [];
  count = 0;

  constructor() {
    // `node --cpu-prof --cpu-prof-dir=… --import tsx bench/realtime/run.ts` profiles the subscribers too.
    const profiling = process.execArgv.filter((a) => a.startsWith("--cpu-prof"));
    this.child = fork(path.join(here, "subscribers.ts"), [], {
      execArgv: [...profiling, "--import", "tsx"],
      stdio: "inherit",
    });
    this.child.on("message", (msg: Record<string, number>) => this.replies.shift()?.(msg));
  }

  private ask(message: object): Promise<Record<string, number>> {
    return new Promise((resolve) => {
      this.replies.push(resolve);
      this.child.send(message);
    });
  }

  async add(stack: RunningStack, userIds: string[]): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    const tokens = await Promise.all(
      userIds.map((sub) => stack.ctx.jwt.sign({ sub, role: "authenticated", iat: now, exp: now + 3600 })),
    );
    await this.ask({ type: "subscribe", url: stack.url, anonKey: stack.keys.anon, tokens, offset: this.count });
    this.count += userIds.length;
  }

  reset = () => this.ask({ type: "reset" });
  progress = async () => (await this.ask({ type: "progress" })).complete;
  report = async () => (await this.ask({ type: "report" })) as unknown as Report;
  /** The subscribers' process's CPU time so far (ms): client work on the same cores. */
  cpu = async () => (await this.ask({ type: "cpu" })).ms;
  close = () => this.child.send({ type: "exit" });
}

function insert(pool: pg.Pool, table: string): Promise<unknown> {
  return pool.query(`insert into public.${table} (feed, body) values (1, 'bench')`);
}

async function insertAtRate(pool: pg.Pool, table: string, rate: number, seconds: number): Promise<number> {
  const total = rate * seconds;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    void insert(pool, table);
  }
  return total;
}

/** `total` inserts from `concurrency` connections, each as soon as the previous one returned. */
async function insertFlat(pool: pg.Pool, table: string, total: number, concurrency: number): Promise<number> {
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (n < total) {
        n++;
        await insert(pool, table);
      }
    }),
  );
  return n;
}

/** Waits until the stack has acknowledged all WAL written so far (no backlog from the last phase). */
async function settled(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const behind = await pool.query(
      "select 1 from pg_replication_slots where slot_type = 'logical' and confirmed_flush_lsn < $1::pg_lsn",
      [rows[0].lsn],
    );
    if (behind.rows.length === 0) return;
    await sleep(50);
  }
}

async function drained(subs: Subscribers, expected: number, timeoutMs: number): Promise<Report> {
  const deadline = Date.now() + timeoutMs;
  while ((await subs.progress()) < expected && Date.now() < deadline) await sleep(50);
  return subs.report();
}

interface Figures {
  delivered: string;
  p50: number;
  p99: number;
  /** p99 of the warm-up second (not in p50/p99). */
  warmupP99: number;
  /** Changes/s that reached every subscriber while inserts came as fast as they could. */
  sustained: number;
  /** Server CPU (stack + Postgres) per change while sending at 100/s. */
  cpu: CpuSample;
  /** The subscribers' CPU per change at 100/s (ms): supabase-js parsing 1 message per subscriber. */
  clientMs: number;
}

async function measure(subs: Subscribers, pool: pg.Pool, table: string): Promise<Figures> {
  await settled(pool);
  await subs.reset();
  const warm = await drained(subs, await insertAtRate(pool, table, LATENCY_RATE, WARMUP_SECONDS), 10_000);
  await settled(pool);
  await subs.reset();
  const cpuStart = cpuSample(pgDataDir);
  const clientStart = await subs.cpu();
  const sent = await insertAtRate(pool, table, LATENCY_RATE, LATENCY_SECONDS);
  const atRate = await drained(subs, sent, 10_000);
  const cpu = cpuSince(cpuStart, pgDataDir);
  const clientMs = (await subs.cpu()) - clientStart;
  await settled(pool);
  await subs.reset();
  const t0 = Date.now();
  const flooded = await insertFlat(pool, table, FLOOD_CHANGES, 4);
  const flood = await drained(subs, flooded, 20_000);
  return {
    delivered: `${atRate.complete}/${sent}`,
    p50: atRate.p50,
    p99: atRate.p99,
    warmupP99: warm.p99,
    sustained: flood.complete / ((Math.max(flood.lastAt, t0 + 1) - t0) / 1000),
    cpu: { nodeMs: cpu.nodeMs / sent, postgresMs: cpu.postgresMs / sent },
    clientMs: clientMs / sent,
  };
}

const ms = (x: number) => `${Number.isNaN(x) ? "-" : x.toFixed(0)} ms`;
const cpuMs = (c: CpuSample) => `${c.nodeMs.toFixed(2)}+${c.postgresMs.toFixed(2)}`.padStart(11);
const ratio = (a: number, b: number) => `${(a / Math.max(b, 1)).toFixed(1)}x`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-bench-realtime-"));
const stack = await startStack({
  projectDir,
  dataDir,
  port: Number(process.env.BENCH_API_PORT ?? 55100),
  dbPort: Number(process.env.BENCH_DB_PORT ?? 55101),
  log: createLogger("bench"),
});
const pgDataDir = path.join(dataDir, "db");
const pool = new pg.Pool({ connectionString: stack.dbUrl, max: 4 });
const subs = new Subscribers();
try {
  await pool.query(SETUP);
  const rows: string[] = [];
  for (const n of SUBSCRIBER_COUNTS) {
    const users = Array.from({ length: n - subs.count }, () => randomUUID());
    for (const u of users) await pool.query("insert into public.bench_members values (1, $1)", [u]);
    await subs.add(stack, users);
    await sleep(300);
    const rls = await measure(subs, pool, RLS_TABLE);
    const open = await measure(subs, pool, OPEN_TABLE);
    rows.push(
      [
        String(n).padStart(11),
        rls.delivered.padStart(9),
        ms(rls.p50).padStart(8),
        ms(rls.p99).padStart(8),
        `${rls.sustained.toFixed(0)}/s`.padStart(9),
        `| ${ms(open.p50).padStart(6)}`,
        ms(open.p99).padStart(7),
        `${open.sustained.toFixed(0)}/s`.padStart(8),
        `| ${ratio(rls.p99, open.p99).padStart(6)}`,
        ratio(open.sustained, rls.sustained).padStart(8),
        os.loadavg()[0].toFixed(2).padStart(6),
        `| ${cpuMs(rls.cpu)}  ${cpuMs(open.cpu)}`,
        `| ${rls.clientMs.toFixed(2).padStart(5)}  ${open.clientMs.toFixed(2).padStart(5)}`,
        `| ${ms(rls.warmupP99).padStart(7)}`,
      ].join("  "),
    );
  }
  console.log(`\nRealtime postgres_changes, one user per subscriber, latency at ${LATENCY_RATE} changes/s`);
  console.log("              RLS (membership policy)                 | no RLS (baseline)       | RLS cost");
  console.log(
    "subscribers  delivered*     p50      p99  sustained  |    p50      p99  sustd.  | p99     rate  load1 | CPU ms/change RLS, open | client ms | warm-up p99",
  );
  for (const row of rows) console.log(row);
  console.log(
    `* changes that reached every subscriber at 100/s over ${LATENCY_SECONDS} s, after ${WARMUP_SECONDS} s of warm-up at that rate (its p99, RLS, in the last column); sustained = changes/s reaching all while 4 connections insert 1000 rows as fast as they can; CPU = stack+Postgres per change at 100/s, client = the subscribers' process per change (RLS, open), on the same cores`,
  );
  console.log(
    "targets: 200 subscribers p99 <= 50 ms, >= 100 changes/s; 1 000 subscribers (BENCH_SUBSCRIBERS=1000, issue 18) p99 <= 100 ms, >= 300 changes/s; hosted Supabase: ~30/s to 500, p95 228 ms",
  );
} finally {
  subs.close();
  await pool.end();
  await stack.stop();
  await removeDataDir(dataDir);
}
process.exit(0);
