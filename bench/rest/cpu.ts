// CPU time spent per request, by this process (the HTTP servers under test both run
// here) and by Postgres (the postmaster and its children). On a machine shared with
// other load, latency and req/s swing with the neighbours; CPU per request mostly
// does not, so it is the steadier figure for comparing two handlers.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after "(comm)": state is [0], ppid [1], utime [11], stime [12], cutime [13], cstime [14].
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined; // the process ended while we looked
  }
}

/** Postgres' CPU seconds so far: the postmaster, its live children and the reaped ones. */
function postgresSeconds(postmaster: number): number {
  const own = statFields(postmaster);
  if (!own) return 0;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields && Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

/** The postmaster of a backend, from the backend's parent pid. */
export function postmasterOf(backendPid: number): number {
  const fields = statFields(backendPid);
  if (!fields) throw new Error(`no process ${backendPid}`);
  return Number(fields[1]);
}

/** Microseconds of CPU, over some runs or per request. */
export interface Cpu {
  /** This process. */
  node: number;
  /** The part of `node` spent in the kernel (socket writes on loopback carry the receiver's TCP work). */
  nodeSystem: number;
  /** Postgres. */
  postgres: number;
}

/**
 * Measures the CPU that `work` costs here and in Postgres. Postgres' share is read by
 * walking /proc, which costs this process CPU too: its own window opens after the first
 * walk and closes before the second, so a run cut into short slices does not count them.
 */
export async function cpuOf<T>(postmaster: number, work: () => Promise<T>): Promise<{ result: T; cpu: Cpu }> {
  const pg0 = postgresSeconds(postmaster);
  const node0 = process.cpuUsage();
  const result = await work();
  const node = process.cpuUsage(node0);
  const pg = postgresSeconds(postmaster) - pg0;
  return { result, cpu: { node: node.user + node.system, nodeSystem: node.system, postgres: pg * 1e6 } };
}

/** The CPU of several runs together, per request they served. */
export function cpuPerRequest(runs: Cpu[], requests: number): Cpu {
  const n = Math.max(1, requests);
  const per = (part: keyof Cpu) => runs.reduce((sum, cpu) => sum + cpu[part], 0) / n;
  return { node: per("node"), nodeSystem: per("nodeSystem"), postgres: per("postgres") };
}
