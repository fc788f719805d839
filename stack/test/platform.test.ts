// pg_net's and pg_cron's interfaces: created by `create extension` in a migration,
// requests queued in SQL and sent by the stack's worker, jobs scheduled in SQL and
// run by the stack's scheduler, each run recorded.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextDelay } from "../src/platform/cron.js";
import { localUrl } from "../src/platform/net.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** Polls `read` until `done` holds (the workers run on their own schedule). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("pg_net and pg_cron", () => {
  let stack: TestStack;
  let server: Server;
  let target: string;
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
        if (req.url?.startsWith("/slow")) return; // never answers
        res.writeHead(201, { "content-type": "application/json", "x-echo": "yes" });
        res.end(JSON.stringify({ got: body || null }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    stack = await startTestStack({ projectDir: path.join(FIXTURES, "platform") });
  });
  afterAll(async () => {
    await stack?.stop();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const response = (id: string) =>
    until(
      () => stack.sql("select * from net._http_response where id = $1", [id]),
      (rows) => rows.length > 0,
    ).then((rows) => rows[0]);

  it("creates the extensions' schemas from the migration", async () => {
    const rows = await stack.sql(
      "select extname, extversion from pg_extension where extname in ('pg_net', 'pg_cron') order by 1",
    );
    expect(rows).toEqual([
      { extname: "pg_cron", extversion: "1.6" },
      { extname: "pg_net", extversion: "0.20.4" },
    ]);
    await stack.sql("select net.check_worker_is_up()");
  });

  it("sends a queued POST with its body and headers and records the response", async () => {
    const [{ id }] = await stack.sql<{ id: string }>(
      `select net.http_post(url => $1, body => '{"hello":"wörld"}', params => '{"q":"a b&c"}',
                            headers => '{"X-Token":"t1"}') as id`,
      [`${target}/hook`],
    );
    const row = await response(id);
    expect(row).toMatchObject({
      status_code: 201,
      content_type: "application/json",
      timed_out: false,
      error_msg: null,
    });
    expect(JSON.parse(row.content)).toEqual({ got: '{"hello": "wörld"}' });
    expect(row.headers["x-echo"]).toBe("yes");
    const request = seen.find((s) => s.url.startsWith("/hook"));
    expect(request).toMatchObject({ method: "POST", url: "/hook?q=a%20b%26c", body: '{"hello": "wörld"}' });
    expect(request?.headers["x-token"]).toBe("t1");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(await stack.sql("select * from net.http_request_queue where id = $1", [id])).toEqual([]);

    const [collected] = await stack.sql("select (net._http_collect_response($1, async => false)).*", [id]);
    expect(collected).toMatchObject({ status: "SUCCESS", message: "ok" });
  });

  it("sends GET and DELETE, and records timeouts and unreachable hosts as pg_net does", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const [{ get, del, slow, refused }] = await stack.sql(
      `select net.http_get($1 || '/g', '{"a":"1"}') as get,
              net.http_delete($1 || '/d') as del,
              net.http_get($1 || '/slow', timeout_milliseconds => 300) as slow,
              net.http_get('http://127.0.0.1:' || $2 || '/nothing') as refused`,
      [target, closedPort],
    );
    expect(await response(get)).toMatchObject({ status_code: 201 });
    expect(seen.find((s) => s.url === "/g?a=1")?.method).toBe("GET");
    expect(await response(del)).toMatchObject({ status_code: 201 });
    expect(seen.find((s) => s.url === "/d")?.method).toBe("DELETE");
    expect(await response(slow)).toMatchObject({
      status_code: null,
      timed_out: true,
      error_msg: "Timeout of 300 ms reached",
    });
    const failed = await response(refused);
    expect(failed).toMatchObject({ status_code: null, timed_out: false });
    expect(failed.error_msg).toMatch(/ECONNREFUSED/);
    const [collected] = await stack.sql("select (net.http_collect_response($1)).status", [refused]);
    expect(collected.status).toBe("ERROR");
  });

  it("refuses a non-JSON content type as pg_net does", async () => {
    await expect(
      stack.sql(`select net.http_post('http://x', '{}', headers => '{"Content-Type":"text/plain"}')`),
    ).rejects.toThrow('Content-Type header must be "application/json"');
  });

  it("reaches this stack's gateway at the CLI's in-network API address", async () => {
    expect(localUrl("http://api.supabase.internal:8000/functions/v1/embed?x=1", "http://127.0.0.1:5555")).toBe(
      "http://127.0.0.1:5555/functions/v1/embed?x=1",
    );
    expect(localUrl("https://example.com/a", "http://127.0.0.1:5555")).toBe("https://example.com/a");
    const [{ id }] = await stack.sql<{ id: string }>(
      `select net.http_get('http://api.supabase.internal:8000/rest/v1/', headers => jsonb_build_object('apikey', $1::text)) as id`,
      [stack.keys.anon],
    );
    expect(await response(id)).toMatchObject({ status_code: 200 });
  });

  it("delivers Database Webhooks created the way the dashboard creates them", async () => {
    // The dashboard's SQL: a row trigger on the chosen events, all five arguments as text.
    await stack.sql(`
      create table public.hooked (id int primary key, name text);
      grant select, insert, update, delete on public.hooked to authenticated;
      create trigger "hooked-webhook" after insert or update or delete on public.hooked for each row
        execute function supabase_functions.http_request(
          '${target}/webhook', 'POST', '{"Content-type":"application/json","X-Hook":"h1"}', '{"v":"2"}', '5000');
      create trigger "hooked-bad-method" after insert on public.hooked for each row
        when (new.id < 0) execute function supabase_functions.http_request('${target}/webhook', 'PUT')`);
    // An API role changes the rows; the helper runs as its owner (it writes the audit trail).
    await stack.sql(`set role authenticated;
      insert into public.hooked values (1, 'first');
      update public.hooked set name = 'second' where id = 1;
      delete from public.hooked where id = 1;
      reset role;`);
    const delivered = await until(
      async () => seen.filter((s) => s.url.startsWith("/webhook")),
      (hooks) => hooks.length >= 3,
    );
    expect(delivered.every((s) => s.method === "POST" && s.url === "/webhook?v=2")).toBe(true);
    expect(delivered.every((s) => s.headers["x-hook"] === "h1")).toBe(true);
    const payloads = delivered.map((s) => JSON.parse(s.body)).sort((a, b) => a.type.localeCompare(b.type));
    const common = { table: "hooked", schema: "public" };
    expect(payloads).toEqual([
      { ...common, type: "DELETE", record: null, old_record: { id: 1, name: "second" } },
      { ...common, type: "INSERT", record: { id: 1, name: "first" }, old_record: null },
      { ...common, type: "UPDATE", record: { id: 1, name: "second" }, old_record: { id: 1, name: "first" } },
    ]);
    // The worker records each response after the server has seen the request.
    const hooks = await until(
      () =>
        stack.sql(
          `select hook_name, hook_table_id = 'public.hooked'::regclass::oid::int as same_table, r.status_code
             from supabase_functions.hooks h join net._http_response r on r.id = h.request_id order by h.id`,
        ),
      (rows) => rows.length >= 3,
    );
    expect(hooks).toEqual(Array(3).fill({ hook_name: "hooked-webhook", same_table: true, status_code: 201 }));
    await expect(stack.sql("insert into public.hooked values (-1, 'x')")).rejects.toThrow(
      "method argument PUT is invalid",
    );
  });

  it("runs a job every N seconds as its user and records each run", async () => {
    await stack.sql(
      "set role cron_writer; select cron.schedule('tick', '1 seconds', 'insert into public.ticks default values'); reset role;",
    );
    const ticks = await until(
      () => stack.sql("select who from public.ticks"),
      (rows) => rows.length >= 2,
    );
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks[0].who).toBe("cron_writer");
    const runs = await stack.sql(
      "select status, return_message, username from cron.job_run_details where command like 'insert into public.ticks%'",
    );
    expect(runs.filter((r) => r.status === "succeeded")[0]).toMatchObject({
      return_message: "INSERT 1",
      username: "cron_writer",
    });

    await stack.sql("set role cron_writer; select cron.unschedule('tick'); reset role;");
    const [{ n }] = await stack.sql<{ n: number }>("select count(*)::int as n from public.ticks");
    await new Promise((r) => setTimeout(r, 2500));
    const [{ n: later }] = await stack.sql<{ n: number }>("select count(*)::int as n from public.ticks");
    expect(later - n).toBeLessThanOrEqual(1); // a run already started may finish
  });

  it("records a failing job's error, replaces a job by name and refuses bad schedules", async () => {
    const [{ jobid }] = await stack.sql<{ jobid: string }>(
      "select cron.schedule('broken', '1 seconds', 'select 1/0') as jobid",
    );
    const [failed] = await until(
      () => stack.sql("select status, return_message from cron.job_run_details where jobid = $1", [jobid]),
      (rows) => rows.some((r) => r.status === "failed"),
    );
    expect(failed).toMatchObject({ status: "failed", return_message: "ERROR:  division by zero" });
    const [{ again }] = await stack.sql("select cron.schedule('broken', '*/5 * * * *', 'select 2') as again");
    expect(again).toBe(jobid);
    expect(await stack.sql("select schedule, command from cron.job where jobid = $1", [jobid])).toEqual([
      { schedule: "*/5 * * * *", command: "select 2" },
    ]);
    await stack.sql("select cron.unschedule($1::bigint)", [jobid]);
    for (const bad of ["61 * * * *", "* * *", "0 seconds", "60 seconds", "* 24 * * *", "*/0 * * * *"]) {
      await expect(stack.sql("select cron.schedule($1, 'select 1')", [bad])).rejects.toThrow(
        `invalid schedule: ${bad}`,
      );
    }
    await expect(stack.sql("select cron.unschedule('never')")).rejects.toThrow(
      "could not find valid entry for job 'never'",
    );
  });

  it("computes the next run of cron schedules in UTC", () => {
    const now = new Date("2026-03-31T10:07:30Z");
    expect(nextDelay("*/5 * * * *", now)).toBe(2.5 * 60_000);
    expect(nextDelay("30 seconds", now)).toBe(30_000);
    expect(nextDelay("@hourly", now)).toBe(52.5 * 60_000);
    expect(nextDelay("0 12 $ * *", now)).toBe((60 * 1 + 52) * 60_000 + 30_000);
  });
});
