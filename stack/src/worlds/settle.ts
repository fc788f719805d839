// Settling a template before worlds are cloned from it (docs/qa.md): a seed often leaves
// work queued for the platform — rows a pg_cron job hands to an edge function through
// pg_net (Supabase's automatic embeddings: a queue table, a job every few seconds, an
// `embed` function), requests already in pg_net's queue. Left in the template, every world
// would do that work again in its first seconds, each starting its own function workers.
// So the template is served once like a world and the queue work is run to its end there:
// pg_net's queue is drained, and every job that runs at least once a minute (a queue's
// poller; a world would run it within its first minute anyway) is run, round after round,
// until a round writes nothing. Jobs of a longer schedule (nightly, hourly) are left for
// their time: a test moves the clock to see them run.
import { mkdir } from "node:fs/promises";
import pg from "pg";
import type { ApiKeys } from "../api-keys.js";
import type { StackConfig } from "../config/index.js";
import { nextDelay } from "../platform/cron.js";
import { startNetWorker } from "../platform/net.js";
import type { SchemaCache } from "../rest/schema/index.js";
import { OffsetClock } from "../shared/clock.js";
import type { Logger } from "../shared/log.js";
import { serveDatabase } from "./serving.js";

/** A job due at least this often is a queue's poller, run while the template settles. */
const POLLER_PERIOD_MS = 60_000;
/** Rounds a job may keep writing without calling out before it is taken for a heartbeat and left. */
const QUIET_WRITER_ROUNDS = 3;
/** Settling stops here, warning, whatever is left (a poller that never runs dry). */
const SETTLE_BUDGET_MS = 120_000;

interface PollerJob {
  jobid: string;
  jobname: string | null;
  schedule: string;
  command: string;
  username: string;
}

export interface SettleReport {
  /** Rounds of the pollers run (0: nothing was queued and no job polls). */
  rounds: number;
  /** HTTP requests pg_net sent (queued by the seed or by the pollers). */
  requests: number;
  ms: number;
  /** False when the budget ran out with pollers still writing. */
  settled: boolean;
}

/** The period of a schedule (the gap between its next two runs), or null when it cannot be read. */
function periodOf(schedule: string): number | null {
  try {
    const first = Date.now() + nextDelay(schedule, new Date());
    return nextDelay(schedule, new Date(first));
  } catch {
    return null;
  }
}

export async function settleTemplate(options: {
  url: string;
  config: StackConfig;
  keys: ApiKeys;
  schemaCache: SchemaCache;
  /** The template's data directory (its storage folder, linked into every world). */
  dir: string;
  log: Logger;
  budgetMs?: number;
}): Promise<SettleReport> {
  const started = performance.now();
  const log = options.log.child("settle");
  const budgetMs = options.budgetMs ?? SETTLE_BUDGET_MS;
  // What is queued and who polls, read before anything is served: most projects have neither.
  const probe = new pg.Client({ connectionString: options.url, application_name: "opsdesk-worlds-template" });
  await probe.connect();
  let present: { cron: boolean; net: boolean };
  let pollers: PollerJob[];
  let queued: number;
  try {
    ({
      rows: [present],
    } = await probe.query<{ cron: boolean; net: boolean }>(
      "select to_regclass('cron.job') is not null as cron, to_regclass('net.http_request_queue') is not null as net",
    ));
    const jobs = present.cron
      ? (
          await probe.query<PollerJob>(
            `select jobid, jobname, schedule, command, username from cron.job
             where active and database = current_database() order by jobid`,
          )
        ).rows
      : [];
    pollers = jobs.filter((job) => {
      const period = periodOf(job.schedule);
      return period !== null && period <= POLLER_PERIOD_MS;
    });
    queued = present.net
      ? (await probe.query<{ n: number }>("select count(*)::int as n from net.http_request_queue")).rows[0].n
      : 0;
  } finally {
    await probe.end();
  }
  if (!pollers.length && !queued) return { rounds: 0, requests: 0, ms: performance.now() - started, settled: true };

  await mkdir(options.dir, { recursive: true });
  const served = await serveDatabase({
    dbUrl: options.url,
    dir: options.dir,
    config: options.config,
    keys: options.keys,
    schemaCache: options.schemaCache,
    clock: new OffsetClock(),
    log,
  });
  const { admin } = served.ctx.db;
  try {
    let requests = 0;
    const net = await startNetWorker(served.ctx.db.listen, admin, () => served.ctx.config.api.external_url, log);
    const drain = async () => {
      if (!present.net) return;
      const { rows } = await admin.query<{ id: string }>("select coalesce(max(id), 0) as id from net._http_response");
      await net.drain();
      const { rows: sent } = await admin.query<{ n: number }>(
        "select count(*)::int as n from net._http_response where id > $1",
        [rows[0].id],
      );
      requests += sent[0].n;
    };
    try {
      await drain();
      const quietWrites = new Map<string, number>();
      let rounds = 0;
      while (pollers.length) {
        if (performance.now() - started > budgetMs) {
          log.warn(
            `the template did not settle within ${budgetMs} ms: worlds start with the work of ${pollers
              .map((j) => j.jobname ?? `job ${j.jobid}`)
              .join(", ")} still queued`,
          );
          return { rounds, requests, ms: performance.now() - started, settled: false };
        }
        rounds++;
        let worked = false;
        for (const job of [...pollers]) {
          const run = await runOnce(admin, job, present.net, log);
          if (!run.wrote) continue;
          const quiet = run.calledOut ? 0 : (quietWrites.get(job.jobid) ?? 0) + 1;
          quietWrites.set(job.jobid, quiet);
          if (quiet >= QUIET_WRITER_ROUNDS) pollers = pollers.filter((p) => p !== job);
          worked = true;
        }
        await drain();
        if (!worked) break;
      }
      return { rounds, requests, ms: performance.now() - started, settled: true };
    } finally {
      await net.stop();
    }
  } finally {
    await served.close();
  }
}

/**
 * Runs a job's command once, as its user, in a transaction: whether it wrote anything (was
 * given a transaction id) and whether it queued an HTTP request. A failing job counts as idle.
 */
async function runOnce(
  admin: pg.Pool,
  job: PollerJob,
  hasNet: boolean,
  log: Logger,
): Promise<{ wrote: boolean; calledOut: boolean }> {
  const client = await admin.connect();
  try {
    await client.query("begin");
    await client.query("select set_config('role', $1, true)", [job.username]);
    await client.query(job.command);
    await client.query("reset role");
    const {
      rows: [{ wrote }],
    } = await client.query<{ wrote: boolean }>("select pg_current_xact_id_if_assigned() is not null as wrote");
    const calledOut =
      hasNet && (await client.query("select exists (select from net.http_request_queue) as queued")).rows[0].queued;
    await client.query("commit");
    return { wrote, calledOut };
  } catch (err) {
    await client.query("rollback").catch(() => {});
    log.warn(`pg_cron job ${job.jobname ?? job.jobid} failed while the template settled`, err);
    return { wrote: false, calledOut: false };
  } finally {
    client.release();
  }
}
