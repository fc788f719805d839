// REST benchmark: a 25-row list with count=exact and one embed through /rest/v1,
// against a hand-written Node HTTP handler running the equivalent SQL with `pg`,
// in the same run on the same Postgres; plus single-row GETs with a user JWT.
// Load comes from autocannon in a child process (load.ts) so it does not share our event loop.
// The two list handlers are measured in alternating 2 s slices (REST, hand, hand, REST, …),
// so a neighbour's load spike on this shared machine falls on both sides alike.
//   npx tsx bench/rest/run.ts        (about 40 s)
//   BENCH_ONLY=list|one              one of the two (e.g. under node --cpu-prof)
import { fork } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createLogger } from "../../stack/src/shared/log.js";
import { removeDataDir, startStack } from "../../stack/src/stack.js";
import { addBooks, listRequest, oneRowRequest } from "./books.js";
import { type Cpu, cpuOf, cpuPerRequest, postmasterOf } from "./cpu.js";
import { handWritten } from "./hand.js";
import type { LatencyMessage, LatencyReply, RunMessage, RunReply } from "./load.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const API_PORT = Number(process.env.BENCH_API_PORT ?? 55010);
const DB_PORT = Number(process.env.BENCH_DB_PORT ?? 55011);
/** Seconds of load per side (per list handler, and for the single-row GET). */
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
/** Whole seconds: autocannon ends a run on its one-second tick. */
const SLICE_SECONDS = 2;
/** An even count, so that the A B, B A pairs cancel a load that drifts through the run. */
const SLICES = 2 * Math.max(1, Math.round(DURATION / SLICE_SECONDS / 2));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ONLY = process.env.BENCH_ONLY;
/** Long enough for V8 to optimise both handlers (a 1 s warm-up left REST's CPU per request ~2x its steady state). */
const WARM_SECONDS = 3;

let postmaster = 0;

type LoadReply = RunReply | LatencyReply | { error: string };
/** Answers awaited from load.ts, in the order asked. */
const replies: Array<(reply: LoadReply) => void> = [];
async function ask<R>(message: RunMessage | LatencyMessage): Promise<R> {
  const reply = await new Promise<LoadReply>((resolve) => {
    replies.push(resolve);
    loader.send(message);
  });
  if ("error" in reply) throw new Error(`load.ts: ${reply.error}`);
  return reply as R;
}

interface Slice extends RunReply {
  /** CPU here and in Postgres over the slice (see cpu.ts). */
  cpu: Cpu;
  /** 1-minute load average when the slice ended: the machine is shared. */
  loadavg: number;
}

/** One load run; `side` pools its response times with the side's other slices (none: a warm-up). */
async function slice(url: string, headers: Record<string, string>, seconds: number, side?: string): Promise<Slice> {
  const { result, cpu } = await cpuOf(postmaster, () =>
    ask<RunReply>({ type: "run", url, headers, connections: CONNECTIONS, seconds, side }),
  );
  return { ...result, cpu, loadavg: os.loadavg()[0] };
}

interface Figures {
  requests: number;
  rps: number;
  errors: number;
  non2xx: number;
  /** ms, with the microseconds. */
  p50: number;
  p99: number;
  cpu: Cpu;
  /** Mean of the slices' load averages. */
  loadavg: number;
}

/**
 * A side's figures from its slices: req/s is all its requests over all its seconds, CPU per
 * request its summed CPU over its summed requests, and p50/p99 the percentiles of all its
 * responses pooled (load.ts keeps every response's time), not a median of per-slice
 * percentiles, which would weigh a slow slice's few responses like a fast slice's many.
 */
async function figures(side: string, slices: Slice[]): Promise<Figures> {
  const sum = (part: (s: Slice) => number) => slices.reduce((total, s) => total + part(s), 0);
  const requests = sum((s) => s.requests);
  return {
    requests,
    rps: requests / sum((s) => s.seconds),
    errors: sum((s) => s.errors),
    non2xx: sum((s) => s.non2xx),
    ...(await ask<LatencyReply>({ type: "latency", side })),
    cpu: cpuPerRequest(
      slices.map((s) => s.cpu),
      requests,
    ),
    loadavg: sum((s) => s.loadavg) / slices.length,
  };
}

/** Latency in µs: a list answers in a few milliseconds, which whole milliseconds hide. */
const us = (ms: number) => `${Math.round(ms * 1000)} µs`;
const fmt = (f: Figures) =>
  `p50 ${us(f.p50)}  p99 ${us(f.p99)}  ${Math.round(f.rps)} req/s  ` +
  `cpu/req node ${Math.round(f.cpu.node)} µs (sys ${Math.round(f.cpu.nodeSystem)}) + pg ${Math.round(f.cpu.postgres)} µs  load ${f.loadavg.toFixed(2)}` +
  (f.errors || f.non2xx ? `  (errors ${f.errors}, non-2xx ${f.non2xx})` : "");
const cpuTotal = (f: Figures) => f.cpu.node + f.cpu.postgres;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-bench-rest-"));
const stack = await startStack({
  projectDir: path.join(ROOT, "stack/test/fixtures/rest"),
  port: API_PORT,
  dbPort: DB_PORT,
  dataDir,
  databaseUrl: process.env.DATABASE_URL,
  unsafeFast: true,
  log: createLogger("bench"),
});
const hand = await handWritten(stack.dbUrl);
/** One process of load.ts for every run: its start-up is then outside the measured slices. */
const loader = fork(path.join(ROOT, "bench/rest/load.ts"), [], { execArgv: ["--import", "tsx"], stdio: "inherit" });
loader.on("message", (reply: LoadReply) => replies.shift()?.(reply));
loader.on("exit", (code) => {
  for (const reply of replies.splice(0)) reply({ error: `exited (${code})` });
});
try {
  const admin = new pg.Client({ connectionString: stack.dbUrl });
  await admin.connect();
  await addBooks(admin);
  postmaster = postmasterOf((await admin.query("select pg_backend_pid() as pid")).rows[0].pid);
  await admin.end();

  const { url: listUrl, headers: listHeaders } = listRequest(stack);
  const check = await fetch(listUrl, { headers: listHeaders });
  const handCheck = await fetch(`http://127.0.0.1:${hand.port}/`);
  if ((await check.text()) !== (await handCheck.text())) throw new Error("the two handlers disagree on the body");
  console.log(
    `list content-range: ${check.headers.get("content-range")} (hand: ${handCheck.headers.get("content-range")})`,
  );

  if (ONLY !== "one") await listBench();
  if (ONLY !== "list") await oneBench();

  async function listBench() {
    const handUrl = `http://127.0.0.1:${hand.port}/`;
    await slice(listUrl, listHeaders, WARM_SECONDS); // warm both (JIT, plan cache, pg caches)
    await slice(handUrl, {}, WARM_SECONDS);
    const restSlices: Slice[] = [];
    const handSlices: Slice[] = [];
    const restSlice = async () => restSlices.push(await slice(listUrl, listHeaders, SLICE_SECONDS, "rest"));
    const handSlice = async () => handSlices.push(await slice(handUrl, {}, SLICE_SECONDS, "hand"));
    for (let pair = 0; pair < SLICES; pair++) {
      const [first, second] = pair % 2 === 0 ? [restSlice, handSlice] : [handSlice, restSlice];
      await first();
      await second();
    }
    const rest = await figures("rest", restSlices);
    const base = await figures("hand", handSlices);
    console.log(
      `\n25-row list, count=exact, one embed (${CONNECTIONS} connections, ${SLICES} × ${SLICE_SECONDS} s per side, interleaved)`,
    );
    console.log(`  /rest/v1       ${fmt(rest)}`);
    console.log(`  hand-written   ${fmt(base)}`);
    // Issue 18's targets, against the hand-written handler of the same run.
    const ratios = [
      { name: "req/s", value: rest.rps / base.rps, target: ">= 0.85x", met: rest.rps / base.rps >= 0.85 },
      {
        name: "cpu/req",
        value: cpuTotal(rest) / cpuTotal(base),
        target: "<= 1.15x",
        met: cpuTotal(rest) / cpuTotal(base) <= 1.15,
      },
      { name: "p50", value: rest.p50 / base.p50, target: "<= 1.3x", met: rest.p50 / base.p50 <= 1.3 },
      { name: "p99", value: rest.p99 / base.p99 },
    ];
    for (const r of ratios)
      console.log(
        `  ${r.name.padEnd(8)} ${r.value.toFixed(2)}x${r.target ? `  target ${r.target}  ${r.met ? "met" : "MISSED"}` : ""}`,
      );
  }

  async function oneBench() {
    const { url: oneUrl, headers: oneHeaders } = await oneRowRequest(stack);
    await slice(oneUrl, oneHeaders, WARM_SECONDS);
    const one = await figures("one", [await slice(oneUrl, oneHeaders, DURATION, "one")]);
    console.log(`\nsingle-row GET with a user JWT\n  /rest/v1       ${fmt(one)}  (target >= 2500 req/s)`);
  }
} finally {
  if (loader.connected) loader.disconnect();
  hand.server.close();
  await hand.pool.end();
  await stack.stop();
  await removeDataDir(dataDir);
}
