// CPU time spent by the server side (this process, which runs the stack, and the
// Postgres processes), so a run on a busy machine still shows the work per change
// even when its latencies are inflated by other processes' load.
import { readFileSync } from "node:fs";
import { postgresPids } from "../lib/memory.js";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat: 12 and 13 after the command.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0; // the process ended while we looked
  }
}

export interface CpuSample {
  nodeMs: number;
  postgresMs: number;
}

export function cpuSample(pgDataDir: string): CpuSample {
  const usage = process.cpuUsage();
  return {
    nodeMs: (usage.user + usage.system) / 1000,
    postgresMs: postgresPids(pgDataDir).reduce((sum, pid) => sum + processCpuMs(pid), 0),
  };
}

export function cpuSince(start: CpuSample, pgDataDir: string): CpuSample {
  const now = cpuSample(pgDataDir);
  return { nodeMs: now.nodeMs - start.nodeMs, postgresMs: now.postgresMs - start.postgresMs };
}
