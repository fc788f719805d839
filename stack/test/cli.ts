// The stack as its own process, started through its CLI, for suites that kill it,
// measure it or run it as another user would: launching, waiting for health, and
// the processes it started (from /proc, Linux).
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./harness.js";

export const CLI = path.join(REPO_ROOT, "stack", "bin", "opsdesk-stack.js");

export interface LaunchOptions {
  args: string[];
  env?: Record<string, string>;
  /** The CLI to run (default: this checkout's). */
  cli?: string;
}

const stderrTails = new WeakMap<ChildProcess, string>();

/** `opsdesk-stack start …`; the suites judge by behaviour, its stderr's tail explains a failure. */
export function launchStack({ args, env, cli = CLI }: LaunchOptions): ChildProcess {
  const child = spawn(process.execPath, [cli, "start", ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  stderrTails.set(child, "");
  child.stderr?.on("data", (chunk: Buffer) => {
    stderrTails.set(child, ((stderrTails.get(child) ?? "") + chunk.toString()).slice(-4000));
  });
  return child;
}

/** The last lines the stack wrote to stderr, for an assertion's message. */
export function stderrOf(child: ChildProcess): string {
  return stderrTails.get(child) ?? "";
}

export async function waitHealthy(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/auth/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`stack at ${url} did not become healthy`);
}

/** Ends the stack the polite way and waits for it. */
export async function stopStack(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** The process and every descendant. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}
