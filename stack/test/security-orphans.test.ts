// `kill -9` of the stack leaves nothing behind: its Postgres and its function workers
// end within 5 s, as each waits (through a guard) on a pipe only the stack's death
// closes. What a harder crash leaves (the guards killed too) the next start ends.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WELL_KNOWN } from "../src/config/index.js";
import { freePort } from "../src/shared/net.js";
import { commandLineOf } from "../src/shared/processes.js";
import { removeDataDir } from "../src/stack.js";
import { launchStack, processTree, stopStack, waitHealthy } from "./cli.js";
import { FIXTURES } from "./harness.js";

const anon = { apikey: WELL_KNOWN.anonKey, authorization: `Bearer ${WELL_KNOWN.anonKey}` };

async function gone(pids: number[], withinMs: number): Promise<number[]> {
  const deadline = Date.now() + withinMs;
  let alive = pids.filter((pid) => commandLineOf(pid) !== undefined);
  while (alive.length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    alive = alive.filter((pid) => commandLineOf(pid) !== undefined);
  }
  return alive.map((pid) => pid);
}

describe.skipIf(process.platform !== "linux")("security: no process outlives the stack", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-orphans-"));
  let url: string;
  let args: string[];
  let child: ChildProcess | undefined;

  /** A running stack with a booted function worker, and every process it started. */
  async function startWithWorker(): Promise<{ stack: ChildProcess; processes: number[] }> {
    const stack = launchStack({ args });
    child = stack;
    await waitHealthy(url);
    const sink = await fetch(`${url}/functions/v1/sink`, { method: "POST", headers: anon, body: "ping" });
    expect(await sink.json()).toEqual({ bytes: 4 });
    const processes = processTree(stack.pid as number).filter((pid) => pid !== stack.pid);
    const commands = processes.map((pid) => commandLineOf(pid) ?? "");
    expect(commands.some((c) => c.includes("deno"))).toBe(true);
    expect(commands.some((c) => /postgres/.test(c) && c.includes("-D"))).toBe(true);
    return { stack, processes };
  }

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const project = path.join(FIXTURES, "security");
    args = ["--project-dir", project, "--port", String(port), "--db-port", String(await freePort())];
    args.push("--data-dir", dataDir);
  });
  afterAll(async () => {
    await stopStack(child);
    await removeDataDir(dataDir);
  });

  it("ends Postgres and the function workers within 5 s of kill -9", { timeout: 120_000 }, async () => {
    const { stack, processes } = await startWithWorker();
    const exited = new Promise((r) => stack.once("exit", r));
    stack.kill("SIGKILL");
    await exited;
    expect(await gone(processes, 5000)).toEqual([]);
  });

  it("ends what a crash left behind on the next start", { timeout: 120_000 }, async () => {
    const { stack, processes } = await startWithWorker();
    // A harder crash: the guards die first, so the workers and Postgres stay.
    for (const pid of processes) if (commandLineOf(pid)?.includes("read _")) process.kill(pid, "SIGKILL");
    const exited = new Promise((r) => stack.once("exit", r));
    stack.kill("SIGKILL");
    await exited;
    const left = processes.filter((pid) => commandLineOf(pid) !== undefined);
    expect(left.length).toBeGreaterThan(0);

    await startWithWorker();
    expect(await gone(left, 5000)).toEqual([]);
  });
});
