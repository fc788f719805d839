// pg_net's background worker, in the stack: takes the requests queued in
// net.http_request_queue (woken by net.wake()'s NOTIFY, and once a second in case a
// wake was missed), sends them concurrently, and records each outcome in
// net._http_response, as the extension does: status, headers and body, or
// timed_out / error_msg. Responses older than pg_net.ttl (6 hours) are deleted.
// Requests to the Supabase CLI's in-network API address reach this stack's gateway.
import type pg from "pg";
import type { Database } from "../db/index.js";
import type { Logger } from "../shared/log.js";

const BATCH = 200;
const POLL_MS = 1000;
const TTL_SWEEP_MS = 60_000;
/** The CLI's containers reach Kong at these; `util.project_url()` of a local project names one. */
const LOCAL_API_HOSTS = new Set(["api.supabase.internal:8000", "kong:8000"]);

interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, string> | null;
  body: Buffer | null;
  timeout_milliseconds: number;
}

interface Outcome {
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean | null;
  error_msg: string | null;
}

export interface NetWorker {
  /** Resolves when the queue is empty (tests). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export function localUrl(url: string, stackUrl: string): string {
  const parsed = new URL(url);
  if (!LOCAL_API_HOSTS.has(parsed.host)) return url;
  const stack = new URL(stackUrl);
  parsed.protocol = stack.protocol;
  parsed.host = stack.host;
  return parsed.toString();
}

async function send(request: QueuedRequest, stackUrl: string): Promise<Outcome> {
  const failed = (error_msg: string, timed_out = false): Outcome => ({
    status_code: null,
    content_type: null,
    headers: null,
    content: null,
    timed_out,
    error_msg,
  });
  try {
    const response = await fetch(localUrl(request.url, stackUrl), {
      method: request.method.toUpperCase(),
      headers: request.headers ?? {},
      body: request.body && request.method.toUpperCase() !== "GET" ? new Uint8Array(request.body) : undefined,
      signal: AbortSignal.timeout(request.timeout_milliseconds),
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return {
      status_code: response.status,
      content_type: response.headers.get("content-type"),
      headers,
      content: await response.text(),
      timed_out: false,
      error_msg: null,
    };
  } catch (err) {
    const error = err as Error;
    if (error.name === "TimeoutError") {
      return failed(`Timeout of ${request.timeout_milliseconds} ms reached`, true);
    }
    return failed(String((error.cause as Error | undefined)?.message ?? error.message));
  }
}

export async function startNetWorker(
  listen: Database["listen"],
  pool: pg.Pool,
  stackUrl: () => string,
  log: Logger,
): Promise<NetWorker> {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  /** Claims a batch (removing it from the queue, as pg_net does) and records every outcome. */
  const processBatch = async (): Promise<number> => {
    // Without pg_net in this database there is nothing to do (and no error to log).
    const { rows: installed } = await pool.query("select to_regclass('net.http_request_queue') as queue");
    if (!installed[0].queue) return 0;
    const { rows: claimed } = await pool.query<QueuedRequest>(
      `delete from net.http_request_queue where id in
         (select id from net.http_request_queue order by id limit $1 for update skip locked)
       returning id, method, url, headers, body, timeout_milliseconds`,
      [BATCH],
    );
    const outcomes = await Promise.all(claimed.map((r) => send(r, stackUrl())));
    if (claimed.length) {
      await pool.query(
        `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
         select * from jsonb_to_recordset($1::jsonb) as t(id bigint, status_code int, content_type text,
           headers jsonb, content text, timed_out bool, error_msg text)`,
        [JSON.stringify(claimed.map((r, i) => ({ id: r.id, ...outcomes[i] })))],
      );
    }
    return claimed.length;
  };

  const kick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        while ((await processBatch()) === BATCH) {}
      } while (again && !stopped);
    })()
      .catch((err) => log.warn("pg_net worker: a batch failed", err))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  // Two statements: Postgres resolves a function's schema when it parses the call, so a
  // guarded call in one statement still fails on a database without pg_net.
  const sweep = async () => {
    const { rows } = await pool.query("select to_regclass('net._http_response') as responses");
    if (rows[0].responses) await pool.query("select net._stack_sweep_responses()");
  };

  const listener = await listen("stack_pg_net", () => void kick());
  const poll = setInterval(() => void kick(), POLL_MS);
  const ttl = setInterval(
    () => void sweep().catch((err) => log.warn("pg_net worker: ttl sweep failed", err)),
    TTL_SWEEP_MS,
  );
  void kick();
  return {
    async drain() {
      await kick();
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearInterval(ttl);
      await listener.stop();
      await running;
    },
  };
}
