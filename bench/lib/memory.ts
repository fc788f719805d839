// Memory of a process tree as Linux accounts it: PSS splits shared pages (Postgres'
// shared buffers) among the processes that map them, so a sum is not double-counted.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export function pss(pid: number): number {
  try {
    const kb = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
    return kb ? Number(kb[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The postmaster of a data dir and its direct children (backends, walsender, …). */
export function postgresPids(pgDataDir: string): number[] {
  const postmaster = Number(readFileSync(path.join(pgDataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  const pids = [postmaster];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === postmaster) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

export const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
