// Realtime postgres_changes with RLS: commit → client receive latency (p50/p99) with
// 1, 50 and 200 subscribers (each a different user, each allowed to see the rows
// through a membership policy), at 100 changes/s, and the sustained rate at which
// changes reach every subscriber when inserts come as fast as they can.
// Run: npx tsx bench/realtime/run.ts   (≤ 60 s; ports 55050/55051)
import { type ChildProcess, fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createLogger } from "../../stack/src/shared/log.js";
import { type RunningStack, startStack } from "../../stack/src/stack.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const projectDir = path.resolve(here, "../../stack/test/fixtures/realtime");
const SUBSCRIBER_COUNTS = [1, 50, 200];
const LATENCY_RATE = 100; // changes/s while measuring latency
const LATENCY_SECONDS = 3;
const FLOOD_SECONDS = 3;

const SETUP = `
  create table if not exists public.bench_posts (
    id bigint generated always as identity primary key,
    feed int not null,
    body text not null
  );
  create table if not exists public.bench_members (feed int not null, user_id uuid not null, primary key (feed, user_id));
  alter table public.bench_posts enable row level security;
  drop policy if exists "members read" on public.bench_posts;
  create policy "members read" on public.bench_posts for select to authenticated
    using (exists (select 1 from public.bench_members m where m.feed = bench_posts.feed and m.user_id = auth.uid()));
  grant select on public.bench_posts, public.bench_members to authenticated;
  do $$ begin
    if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename = 'bench_posts') then
      alter publication supabase_realtime add table public.bench_posts;
    end if;
  end $$;`;

const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Receipt {
  id: number;
  latencyMs: number;
  at: number;
}

/** The subscribing clients live in a child process (bench/realtime/subscribers.ts). */
class Subscribers {
  private readonly child: ChildProcess;
  private replies: Array<(msg: { type: string; receipts?: Receipt[] }) => void> = [];
  count = 0;

  constructor() {
    this.child = fork(path.join(here, "subscribers.ts"), [], { execArgv: ["--import", "tsx"], stdio: "inherit" });
    this.child.on("message", (msg: { type: string; receipts?: Receipt[] }) => this.replies.shift()?.(msg));
  }

  private ask(message: object): Promise<{ type: string; receipts?: Receipt[] }> {
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
  receipts = async () => (await this.ask({ type: "report" })).receipts ?? [];
  close = () => this.child.send({ type: "exit" });
}

/** Changes that reached every one of `n` subscribers. */
function complete(receipts: Receipt[], n: number): number {
  const counts = new Map<number, number>();
  for (const r of receipts) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
  let done = 0;
  for (const c of counts.values()) if (c >= n) done++;
  return done;
}

async function insertAtRate(pool: pg.Pool, rate: number, seconds: number): Promise<number> {
  const total = rate * seconds;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    void pool.query("insert into public.bench_posts (feed, body) values (1, $1)", [`post ${i}`]);
  }
  return total;
}

async function insertFlat(pool: pg.Pool, seconds: number, concurrency: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await pool.query("insert into public.bench_posts (feed, body) values (1, 'flood')");
        n++;
      }
    }),
  );
  return n;
}

async function drained(subs: Subscribers, expected: number, timeoutMs: number): Promise<Receipt[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipts = await subs.receipts();
    if (complete(receipts, subs.count) >= expected || Date.now() > deadline) return receipts;
    await sleep(100);
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-bench-realtime-"));
const stack = await startStack({ projectDir, dataDir, port: 55050, dbPort: 55051, log: createLogger("bench") });
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

    await subs.reset();
    const sent = await insertAtRate(pool, LATENCY_RATE, LATENCY_SECONDS);
    const atRate = await drained(subs, sent, 10_000);
    const lat = atRate.map((r) => r.latencyMs);

    await subs.reset();
    const t0 = Date.now();
    const flooded = await insertFlat(pool, FLOOD_SECONDS, 4);
    const flood = await drained(subs, flooded, 15_000);
    const lastAt = flood.reduce((max, r) => Math.max(max, r.at), t0);
    const sustained = complete(flood, n) / ((lastAt - t0) / 1000);

    rows.push(
      [
        String(n).padStart(11),
        `${complete(atRate, n)}/${sent}`.padStart(11),
        `${percentile(lat, 50)} ms`.padStart(8),
        `${percentile(lat, 99)} ms`.padStart(8),
        `${sustained.toFixed(0)}/s`.padStart(10),
        `${(sustained * n).toFixed(0)}/s`.padStart(12),
        `${percentile(
          flood.map((r) => r.latencyMs),
          99,
        )} ms`.padStart(10),
      ].join("  "),
    );
  }
  console.log(
    `\nRealtime postgres_changes, RLS membership policy, one user per subscriber; latency at ${LATENCY_RATE} changes/s`,
  );
  console.log("subscribers  delivered*      p50      p99  sustained  deliveries  flood p99");
  for (const row of rows) console.log(row);
  console.log(
    "* changes that reached every subscriber at 100/s; sustained = changes/s reaching all, inserts as fast as 4 connections go",
  );
} finally {
  subs.close();
  await pool.end();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
