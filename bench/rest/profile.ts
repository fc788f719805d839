// Where the stack's own CPU goes on the REST list of run.ts: starts the stack in this
// process, warms it, then records a V8 CPU profile only while autocannon (load.ts, a
// child process) drives the list, and prints self time per function in µs per request.
// The profile is written for Chrome DevTools / speedscope too.
//   npx tsx bench/rest/profile.ts [out.cpuprofile]     (run it under the bench lock)
//   BENCH_TARGET=hand                                   the hand-written handler instead (hand.ts)
//   BENCH_PROFILE=off                                   CPU per request and per thread only, no profiler
//   BENCH_TARGET=one                                    the single-row GET with a user JWT
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { createLogger } from "../../stack/src/shared/log.js";
import { removeDataDir, startStack } from "../../stack/src/stack.js";
import { addBooks, listRequest, oneRowRequest } from "./books.js";
import { handWritten } from "./hand.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const out = process.argv[2] ?? path.join(os.tmpdir(), "rest-list.cpuprofile");
const run = promisify(execFile);

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** CPU µs so far of each thread of this process, by thread name (main, V8 workers: GC and compiler). */
function threadCpu(): Map<string, number> {
  const byName = new Map<string, number>();
  for (const tid of readdirSync("/proc/self/task")) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      const name =
        tid === String(process.pid) ? "main thread" : stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      byName.set(name, (byName.get(name) ?? 0) + (Number(f[11]) + Number(f[12])) * 10_000);
    } catch {
      // the thread ended
    }
  }
  return byName;
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<number> {
  const { stdout } = await run(
    path.join(ROOT, "node_modules/.bin/tsx"),
    [path.join(ROOT, "bench/rest/load.ts"), url, String(CONNECTIONS), String(seconds), JSON.stringify(headers)],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return (JSON.parse(stdout) as { requests: number }).requests;
}

/** Self time per function, and per package or stack file, in µs per request. */
function summarise(profile: Profile, requests: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const where = (url: string) => {
    const m = /node_modules\/(@[^/]+\/[^/]+|[^/]+)/.exec(url);
    if (m) return m[1];
    const s = /\/(stack\/src\/.*|bench\/.*)$/.exec(url);
    return s ? s[1] : url || "(native)";
  };
  const fns = new Map<string, number>();
  const files = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)?.callFrame ?? { functionName: "?", url: "", lineNumber: 0 };
    const file = where(url);
    const fn = `${functionName || "(anonymous)"} ${file}${url ? `:${lineNumber + 1}` : ""}`;
    fns.set(fn, (fns.get(fn) ?? 0) + us);
    files.set(file, (files.get(file) ?? 0) + us);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = fns.get("(idle) (native)") ?? 0;
  const per = (us: number) => (us / requests).toFixed(1).padStart(7);
  console.log(`${requests} requests; busy ${per(total - idle)} µs/request (sampled, self time)`);
  console.log("\nby package / file:");
  for (const [k, v] of [...files].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${per(v)}  ${k}`);
  console.log("\nby function:");
  for (const [k, v] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log(`${per(v)}  ${k}`);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-bench-rest-profile-"));
const stack = await startStack({
  projectDir: path.join(ROOT, "stack/test/fixtures/rest"),
  port: Number(process.env.BENCH_API_PORT ?? 55020),
  dbPort: Number(process.env.BENCH_DB_PORT ?? 55021),
  dataDir,
  unsafeFast: true,
  log: createLogger("bench"),
});
try {
  const admin = new pg.Client({ connectionString: stack.dbUrl });
  await admin.connect();
  await addBooks(admin);
  await admin.end();

  let { url, headers } = listRequest(stack);
  const target = process.env.BENCH_TARGET ?? "list";
  const hand = target === "hand" ? await handWritten(stack.dbUrl) : undefined;
  if (hand) {
    url = `http://127.0.0.1:${hand.port}/`;
    headers = {};
  }
  if (target === "one") ({ url, headers } = await oneRowRequest(stack));
  await load(url, headers, 3); // warm: JIT, plan caches, prepared statements

  // BENCH_PROFILE=off: the same load without the profiler, for CPU figures it does not inflate.
  const profiling = process.env.BENCH_PROFILE !== "off";
  const session = new Session();
  if (profiling) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 100 });
    await session.post("Profiler.start");
  }
  const cpu0 = process.cpuUsage();
  const threads0 = threadCpu();
  const requests = await load(url, headers, SECONDS);
  const cpu = process.cpuUsage(cpu0);
  const threads = [...threadCpu()].map(
    ([name, us]) => `${name} ${((us - (threads0.get(name) ?? 0)) / requests).toFixed(0)}`,
  );
  console.log(
    `process CPU ${((cpu.user + cpu.system) / requests).toFixed(0)} µs/request ` +
      `(sys ${(cpu.system / requests).toFixed(0)})${profiling ? ", with the profiler on" : ""}; ` +
      `load ${os.loadavg()[0].toFixed(2)}\nby thread (µs/request): ${threads.join(", ")}`,
  );
  if (profiling) {
    const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: Profile };
    session.disconnect();
    writeFileSync(out, JSON.stringify(profile));
    console.log(out);
    summarise(profile, requests);
  }
  hand?.server.close();
  await hand?.pool.end();
} finally {
  await stack.stop();
  await removeDataDir(dataDir);
}
