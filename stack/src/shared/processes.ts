// The stack's child processes (Postgres, one Deno process per function) must not
// outlive it, however it ends: `kill -9` runs no exit handler. Each child gets a tiny
// guard that waits on a pipe from this process; only the kernel closes that pipe, at
// this process's death, and the guard then signals the child. Each child's pid is also
// written to a folder, so the next start can end any that a guard could not.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface ChildGuard {
  /** The child is being ended on purpose (or has ended): the guard is no longer needed. */
  release(): void;
}

/**
 * Sends `signal` to `pid` when this process dies. The guard is a `sh` in its own process
 * group (Ctrl+C in a terminal reaches the stack, which stops its children itself).
 */
export function endWithThisProcess(pid: number, signal: "INT" | "TERM" | "KILL"): ChildGuard {
  const guard = spawn("sh", ["-c", `read _ ; kill -s ${signal} "$0" 2>/dev/null`, String(pid)], {
    stdio: ["pipe", "ignore", "ignore"],
    detached: true,
  });
  guard.on("error", () => {}); // no sh: the next start still reaps the child
  guard.unref();
  (guard.stdin as unknown as { unref?(): void } | null)?.unref?.();
  return {
    // Killed before the child is stopped, so it can never signal a reused pid.
    release: () => {
      if (guard.exitCode === null && guard.signalCode === null) guard.kill("SIGKILL");
    },
  };
}

/** The command line of a running process, or undefined once it is gone. */
export function commandLineOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) return undefined; // a zombie is gone
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
  } catch {
    if (existsSync("/proc/self")) return undefined;
  }
  try {
    return execFileSync("ps", ["-o", "args=", "-p", String(pid)], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Remembers the children of one kind (`dir` holds one file per pid, naming what its
 * command line contains), so that a later start can end the ones a crash left behind.
 */
export class ChildRegistry {
  constructor(private readonly dir: string) {}

  add(child: ChildProcess, marker: string): void {
    if (!child.pid) return;
    mkdirSync(this.dir, { recursive: true });
    writeFileSync(path.join(this.dir, String(child.pid)), marker);
    const pid = child.pid;
    child.once("exit", () => rmSync(path.join(this.dir, String(pid)), { force: true }));
  }

  /** Ends (SIGKILL) every recorded child still running with its marker; returns their pids. */
  reap(): number[] {
    if (!existsSync(this.dir)) return [];
    const reaped: number[] = [];
    for (const name of readdirSync(this.dir)) {
      const file = path.join(this.dir, name);
      const pid = Number(name);
      const marker = readFileSync(file, "utf8");
      // The marker guards against a pid the system has since given to someone else.
      if (Number.isInteger(pid) && pid > 0 && marker && commandLineOf(pid)?.includes(marker)) {
        try {
          process.kill(pid, "SIGKILL");
          reaped.push(pid);
        } catch {
          // gone meanwhile
        }
      }
      rmSync(file, { force: true });
    }
    return reaped;
  }
}
