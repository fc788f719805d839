// First start on a machine (initdb), cold start (cached cluster template + base +
// migrations + seed), warm start (existing data dir) and idle memory of the whole
// stack, Postgres included.
// Run: npx tsx bench/startup/run.ts [--project-dir DIR] [--runs N]
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createLogger } from "../../stack/src/shared/log.js";
import { removeDataDir, startStack } from "../../stack/src/stack.js";
import { mb, postgresPids, pss } from "../lib/memory.js";

const { values } = parseArgs({
  options: { "project-dir": { type: "string", default: "." }, runs: { type: "string", default: "3" } },
});
const projectDir = path.resolve(values["project-dir"] ?? ".");
const runs = Number(values.runs);
const port = 55091;
const dbPort = 55092;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const quiet = createLogger("bench");

// A first start on a machine runs initdb; later cold starts copy the cached cluster template.
async function firstStartOnMachine(): Promise<number> {
  const cacheHome = mkdtempSync(path.join(os.tmpdir(), "opsdesk-bench-cache-"));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-bench-startup-"));
  const cache = process.env.XDG_CACHE_HOME;
  process.env.XDG_CACHE_HOME = cacheHome;
  try {
    const t0 = performance.now();
    const stack = await startStack({ projectDir, dataDir, port, dbPort, log: quiet });
    const ms = performance.now() - t0;
    await stack.stop();
    return ms;
  } finally {
    if (cache === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = cache;
    rmSync(cacheHome, { recursive: true, force: true });
    await removeDataDir(dataDir);
  }
}

const first = await firstStartOnMachine();
const cold: number[] = [];
const warm: number[] = [];
let memory = { node: 0, postgres: 0 };
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-bench-startup-"));
  try {
    let t0 = performance.now();
    let stack = await startStack({ projectDir, dataDir, port, dbPort, log: quiet });
    cold.push(performance.now() - t0);
    await stack.stop();

    t0 = performance.now();
    stack = await startStack({ projectDir, dataDir, port, dbPort, log: quiet });
    warm.push(performance.now() - t0);
    if (i === runs - 1) {
      // Let the first requests' allocations settle, then measure idle memory.
      await fetch(`${stack.url}/auth/v1/health`);
      global.gc?.();
      await new Promise((r) => setTimeout(r, 1500));
      memory = {
        node: pss(process.pid),
        postgres: postgresPids(path.join(dataDir, "db")).reduce((sum, pid) => sum + pss(pid), 0),
      };
    }
    await stack.stop();
  } finally {
    await removeDataDir(dataDir);
  }
}

console.log(`\nStartup of ${projectDir} (${runs} runs, median)`);
console.table({
  "first start on this machine (initdb + base + migrate + seed)": { ms: Math.round(first), target: "—" },
  "cold start (cluster template + base + migrate + seed)": { ms: Math.round(median(cold)), target: "≤ 2000" },
  "warm start (existing data dir)": { ms: Math.round(median(warm)), target: "≤ 1000" },
});
console.log(
  `Idle memory (PSS): node ${mb(memory.node)} + postgres ${mb(memory.postgres)} = ${mb(memory.node + memory.postgres)} (target ≤ 300 MB)`,
);
