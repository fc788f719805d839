// Fresh QA worlds (docs/qa.md) against the stack's `reset`, measured in the same run on the
// same project: what a test waits for its world (a spare made ahead, as the kit runs), what
// making one on demand costs, and the raw clone of the template by each CREATE DATABASE
// strategy (FILE_COPY, which worlds use, and WAL_LOG, Postgres' default). It also says what
// settling the template cost (its queued platform work run once, stack/src/worlds/settle.ts).
// With --e2e it then runs Opsdesk's own e2e suite on the kit (`CI=1 npx playwright test`, the
// production build included) and prints its wall time and outcome, so one run gives all three.
// Run: npx tsx bench/qa/run.ts [--project-dir DIR] [--worlds N] [--resets N] [--e2e]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { createLogger } from "../../stack/src/shared/log.js";
import { freePort } from "../../stack/src/shared/net.js";
import { quoteIdent } from "../../stack/src/shared/sql.js";
import { removeDataDir, startStack } from "../../stack/src/stack.js";
import { WorldHost } from "../../stack/src/worlds/host.js";
import type { SettleReport } from "../../stack/src/worlds/settle.js";
import type { WorldPhases } from "../../stack/src/worlds/world.js";

const { values } = parseArgs({
  options: {
    "project-dir": { type: "string", default: "." },
    worlds: { type: "string", default: "20" },
    resets: { type: "string", default: "3" },
    e2e: { type: "boolean", default: false },
  },
});
const projectDir = path.resolve(values["project-dir"] ?? ".");
const worldRuns = Number(values.worlds);
const resetRuns = Number(values.resets);
const quiet = createLogger("bench");

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const row = (xs: number[]) => ({ p50: Math.round(pct(xs, 50)), p95: Math.round(pct(xs, 95)), runs: xs.length });

/** The stack's `opsdesk-stack reset`: stop, wipe the database, start, migrate, seed. */
async function resets(): Promise<number[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-bench-qa-reset-"));
  const options = { projectDir, dataDir, port: await freePort(), dbPort: await freePort(), log: quiet };
  const times: number[] = [];
  try {
    let stack = await startStack(options);
    for (let i = 0; i < resetRuns; i++) {
      const t0 = performance.now();
      await stack.stop();
      stack = await startStack({ ...options, reset: true });
      times.push(performance.now() - t0);
    }
    await stack.stop();
  } finally {
    await removeDataDir(dataDir);
  }
  return times;
}

/** Worlds of one host: each test's wait with a spare made ahead, then on demand (no spare). */
async function worlds(): Promise<{
  spare: number[];
  onDemand: number[];
  phases: Record<keyof WorldPhases, number[]>;
  fileCopy: number[];
  walLog: number[];
  settle: SettleReport | undefined;
}> {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-bench-qa-worlds-"));
  const host = await WorldHost.start({ projectDir, stateDir, spares: 1, log: quiet });
  const settle = host.settleReport;
  const spare: number[] = [];
  const onDemand: number[] = [];
  const phases: Record<keyof WorldPhases, number[]> = { clone: [], services: [], gateway: [], platform: [] };
  const fileCopy: number[] = [];
  const walLog: number[] = [];
  try {
    // As the kit runs: a test takes its world, works, hands it back, and the host makes the
    // next spare meanwhile. Counted: the test's wait, once the spare is ready (tests longer
    // than a world's making), and what making that world cost (a test's wait without spares).
    for (let i = 0; i < worldRuns; i++) {
      await host.sparesReady();
      await host.settled();
      const t0 = performance.now();
      const world = await host.createWorld();
      spare.push(performance.now() - t0);
      onDemand.push(world.info().createdInMs);
      for (const [phase, ms] of Object.entries(world.phasesMs)) phases[phase as keyof WorldPhases].push(ms);
      const client = new pg.Client({ connectionString: world.dbUrl });
      await client.connect();
      await client.query("select count(*) from pg_class");
      await client.end();
      host.destroyWorld(world.id);
    }
    await host.sparesReady();
    await host.settled();

    // The clone alone, by strategy, of the same template.
    const template = await host.refresh();
    const probe = await host.createWorld();
    const admin = new pg.Client({ connectionString: probe.dbUrl.replace(/\/[^/?]+(\?|$)/, "/postgres$1") });
    await admin.connect();
    try {
      for (let i = 0; i < worldRuns; i++) {
        for (const [strategy, times] of [
          ["file_copy", fileCopy],
          ["wal_log", walLog],
        ] as const) {
          const name = `bench_clone_${strategy}_${i}`;
          const t0 = performance.now();
          await admin.query(
            `create database ${quoteIdent(name)} template ${quoteIdent(template.database)} strategy ${strategy}`,
          );
          times.push(performance.now() - t0);
          await admin.query(`drop database ${quoteIdent(name)}`);
        }
      }
    } finally {
      await admin.end();
      host.destroyWorld(probe.id);
    }
  } finally {
    await host.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
  return { spare, onDemand, phases, fileCopy, walLog, settle };
}

const w = await worlds();
const r = await resets();
console.log(`\nFresh worlds of ${projectDir} against the stack's reset (same run; ms)`);
console.table({
  "a test's wait for its world (spare made ahead, as the kit runs)": { ...row(w.spare), target: "p95 ≤ 200" },
  "a world made on demand (clone + services + gateway)": { ...row(w.onDemand), target: "p95 ≤ 200" },
  "  of which: the clone (CREATE DATABASE, its settings)": { ...row(w.phases.clone), target: "—" },
  "  meanwhile: services built (keys, services, routes)": { ...row(w.phases.services), target: "—" },
  "  then: gateway (listener, services started, listening)": { ...row(w.phases.gateway), target: "—" },
  "  of which: platform workers (pg_net, pg_cron)": { ...row(w.phases.platform), target: "—" },
  "clone only, CREATE DATABASE … STRATEGY FILE_COPY (used)": { ...row(w.fileCopy), target: "—" },
  "clone only, CREATE DATABASE … STRATEGY WAL_LOG": { ...row(w.walLog), target: "—" },
  "baseline: the stack's reset (stop, wipe, start, migrate, seed)": { ...row(r), target: "—" },
});
if (w.settle) {
  console.log(
    `The template settled once before cloning: ${Math.round(w.settle.ms)} ms, ${w.settle.rounds} rounds of its pollers, ${w.settle.requests} HTTP requests (each world made them itself before)`,
  );
}
console.log(
  `Load average while measured: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);

if (values.e2e) {
  // The suite as CI runs it (playwright.config.ts: its own world host, two workers), after the
  // measurements above so they do not share the machine with it.
  const t0 = performance.now();
  const run = spawnSync("npx", ["playwright", "test", "--reporter=dot"], {
    env: { ...process.env, CI: "1" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = Math.round((performance.now() - t0) / 1000);
  const outcome = /\d+ (passed|failed|flaky|skipped)[^\n]*/g;
  const counts = (run.stdout.match(outcome) ?? []).join(", ") || `exit ${run.status}`;
  console.log(
    `Opsdesk's e2e suite on the kit (CI=1 npx playwright test, build included): ${seconds} s wall, ${counts}`,
  );
  if (run.status !== 0) process.exitCode = 1;
}
