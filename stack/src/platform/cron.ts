// pg_cron's scheduler, in the stack: reads the active jobs of cron.job (again on
// every change, through the trigger's NOTIFY), runs each when its schedule says —
// five-field cron in UTC (pg_cron's default cron.timezone) or every N seconds — as
// the job's user, never two runs of one job at once, and records every run in
// cron.job_run_details as pg_cron does (starting → running → succeeded/failed).
// Schedules read the stack's clock: when a world's clock jumps past a job's next run
// (`clock.advance`, docs/qa.md), the job runs once, as a machine woken from sleep would.
import { CronExpressionParser } from "cron-parser";
import pg from "pg";
import { backendPidOf } from "../adapters/pg-internals.js";
import type { Database } from "../db/index.js";
import type { Clock } from "../shared/clock.js";
import type { Logger } from "../shared/log.js";

interface JobRow {
  jobid: string;
  schedule: string;
  command: string;
  username: string;
}

interface JobState {
  job: JobRow;
  timer?: NodeJS.Timeout;
  /** When the next run is due, on the stack's clock (ms since the epoch). */
  nextAt?: number;
  running?: Promise<void>;
  /** A run fell due while the previous one was still going: start again when it ends. */
  due: boolean;
}

const SECONDS = /^\s*(\d+)\s+seconds?\s*$/i;
const SHORTHANDS: Record<string, string> = {
  "@yearly": "0 0 1 1 *",
  "@annually": "0 0 1 1 *",
  "@monthly": "0 0 1 * *",
  "@weekly": "0 0 * * 0",
  "@daily": "0 0 * * *",
  "@midnight": "0 0 * * *",
  "@hourly": "0 * * * *",
};
/** setTimeout's ceiling; a later run is re-planned when this one fires. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Milliseconds from `now` until the schedule's next run. */
export function nextDelay(schedule: string, now: Date): number {
  const seconds = SECONDS.exec(schedule);
  if (seconds) return Number(seconds[1]) * 1000;
  const expression = (SHORTHANDS[schedule.trim().toLowerCase()] ?? schedule.trim())
    .split(/\s+/)
    .map((field, i) => (i === 2 ? field.replace("$", "L") : field))
    .join(" ");
  const next = CronExpressionParser.parse(expression, { currentDate: now, tz: "UTC" }).next().toDate();
  return next.getTime() - now.getTime();
}

export interface CronScheduler {
  /** The clock moved forward: runs every job whose next run it passed; resolves once those runs end. */
  clockMoved(): Promise<void>;
  stop(): Promise<void>;
}

export async function startCronScheduler(
  db: Pick<Database, "url" | "listen">,
  clock: Clock,
  log: Logger,
): Promise<CronScheduler> {
  const pool = new pg.Pool({ connectionString: db.url, max: 4, application_name: "pg_cron scheduler" });
  pool.on("error", () => {});
  const states = new Map<string, JobState>();
  let stopped = false;

  const record = (text: string, values: unknown[]) => pool.query<{ runid: string }>(text, values);

  async function run(state: JobState): Promise<void> {
    const { job } = state;
    const client = await pool.connect();
    let runid: string | undefined;
    try {
      ({
        rows: [{ runid }],
      } = await record(
        `insert into cron.job_run_details (jobid, job_pid, database, username, command, status, start_time)
         values ($1, $2, current_database(), $3, $4, 'running', now()) returning runid`,
        [job.jobid, backendPidOf(client), job.username, job.command],
      ));
      await client.query("select set_config('role', $1, false)", [job.username]);
      const results = await client.query(job.command);
      const last = Array.isArray(results) ? results[results.length - 1] : results;
      const message = last?.command ? `${last.command}${last.rowCount === null ? "" : ` ${last.rowCount}`}` : "";
      await record(
        "update cron.job_run_details set status = 'succeeded', return_message = $2, end_time = now() where runid = $1",
        [runid, message],
      );
    } catch (err) {
      if (runid) {
        await record(
          "update cron.job_run_details set status = 'failed', return_message = $2, end_time = now() where runid = $1",
          [runid, `ERROR:  ${(err as Error).message}`],
        ).catch((e) => log.warn("pg_cron: cannot record a failed run", e));
      } else {
        log.warn(`pg_cron: job ${job.jobid} could not start`, err);
      }
    } finally {
      // A failed statement leaves the role set: reset it before the connection is reused.
      await client.query("reset role").then(
        () => client.release(),
        () => client.release(true),
      );
    }
  }

  function plan(state: JobState): void {
    clearTimeout(state.timer);
    if (stopped) return;
    let delay: number;
    const now = clock.now();
    try {
      delay = nextDelay(state.job.schedule, new Date(now));
    } catch (err) {
      log.warn(`pg_cron: job ${state.job.jobid} has a schedule the stack cannot read: ${state.job.schedule}`, err);
      return;
    }
    state.nextAt = now + delay;
    state.timer = setTimeout(() => fire(state, delay <= MAX_DELAY_MS), Math.min(delay, MAX_DELAY_MS));
  }

  function fire(state: JobState, due: boolean): void {
    plan(state);
    if (!due) return;
    if (state.running) {
      state.due = true;
      return;
    }
    state.running = run(state).finally(() => {
      state.running = undefined;
      if (state.due && !stopped && states.get(state.job.jobid) === state) {
        state.due = false;
        fire(state, true);
      }
    });
  }

  async function reload(): Promise<void> {
    const { rows: installed } = await pool.query("select to_regclass('cron.job') as jobs");
    const rows = installed[0].jobs
      ? (
          await pool.query<JobRow>(
            "select jobid, schedule, command, username from cron.job where active and database = current_database()",
          )
        ).rows
      : [];
    const seen = new Set<string>();
    for (const job of rows) {
      seen.add(job.jobid);
      const state = states.get(job.jobid);
      if (state && state.job.schedule === job.schedule) {
        state.job = job;
        continue;
      }
      const next = state ?? { job, due: false };
      next.job = job;
      states.set(job.jobid, next);
      plan(next);
    }
    for (const [jobid, state] of states) {
      if (seen.has(jobid)) continue;
      clearTimeout(state.timer);
      states.delete(jobid);
    }
  }

  let reloading = Promise.resolve();
  const requestReload = () => {
    reloading = reloading.then(reload).catch((err) => log.warn("pg_cron: cannot read cron.job", err));
  };
  const listener = await db.listen("stack_pg_cron", requestReload);
  requestReload();
  await reloading;
  return {
    async clockMoved() {
      await reloading;
      const now = clock.now();
      const runs: Promise<void>[] = [];
      for (const state of states.values()) {
        if (state.nextAt !== undefined && state.nextAt <= now) {
          fire(state, true);
          if (state.running) runs.push(state.running);
        } else {
          plan(state);
        }
      }
      await Promise.all(runs);
    },
    async stop() {
      stopped = true;
      await listener.stop();
      await reloading;
      for (const state of states.values()) clearTimeout(state.timer);
      await Promise.all([...states.values()].map((s) => s.running));
      await pool.end();
    },
  };
}
