// REST benchmark: a 25-row list with count=exact and one embed through /rest/v1,
// against a hand-written Node HTTP handler running the equivalent SQL with `pg`,
// in the same run on the same Postgres; plus single-row GETs with a user JWT.
// Load comes from autocannon in a child process (load.ts) so it does not share our event loop.
//   npx tsx bench/rest/run.ts        (about 50 s)
//   BENCH_ONLY=list|one              one of the two (e.g. under node --cpu-prof)
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { createLogger } from "../../stack/src/shared/log.js";
import { removeDataDir, startStack } from "../../stack/src/stack.js";
import { addBooks, listRequest, oneRowRequest } from "./books.js";
import { type CpuPerRequest, cpuPerRequest, postmasterOf } from "./cpu.js";
import { handWritten } from "./hand.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const API_PORT = Number(process.env.BENCH_API_PORT ?? 55010);
const DB_PORT = Number(process.env.BENCH_DB_PORT ?? 55011);
const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ONLY = process.env.BENCH_ONLY;
/** Long enough for V8 to optimise both handlers (a 1 s warm-up left REST's CPU per request ~2x its steady state). */
const WARM_SECONDS = 3;
const run = promisify(execFile);
const LOAD_SCRIPT = path.join(ROOT, "bench/rest/load.ts");

let postmaster = 0;

/** What load.ts prints. */
interface LoadResult {
  requests: number;
  rps: number;
  errors: number;
  non2xx: number;
  /** ms, with the microseconds. */
  p50: number;
  p99: number;
}

interface Figures extends LoadResult {
  /** CPU per request here and in Postgres (see cpu.ts). */
  cpu: CpuPerRequest;
  /** 1-minute load average when the run ended: the machine is shared. */
  loadavg: number;
}

async function load(url: string, headers: Record<string, string>, seconds = DURATION): Promise<Figures> {
  const { result, cpu } = await cpuPerRequest(
    postmaster,
    async () => {
      const { stdout } = await run(
        path.join(ROOT, "node_modules/.bin/tsx"),
        [LOAD_SCRIPT, url, String(CONNECTIONS), String(seconds), JSON.stringify(headers)],
        { maxBuffer: 16 * 1024 * 1024 },
      );
      return JSON.parse(stdout) as LoadResult;
    },
    (r) => r.requests,
  );
  return { ...result, cpu, loadavg: os.loadavg()[0] };
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
    await load(listUrl, listHeaders, WARM_SECONDS); // warm both (JIT, plan cache, pg caches)
    await load(`http://127.0.0.1:${hand.port}/`, {}, WARM_SECONDS);
    const rest = await load(listUrl, listHeaders);
    const base = await load(`http://127.0.0.1:${hand.port}/`, {});
    console.log(`\n25-row list, count=exact, one embed (${CONNECTIONS} connections, ${DURATION} s each)`);
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
    await load(oneUrl, oneHeaders, WARM_SECONDS);
    const one = await load(oneUrl, oneHeaders);
    console.log(`\nsingle-row GET with a user JWT\n  /rest/v1       ${fmt(one)}  (target >= 2500 req/s)`);
  }
} finally {
  hand.server.close();
  await hand.pool.end();
  await stack.stop();
  await removeDataDir(dataDir);
}
