// readInScope: the caller's settings and one read in a single round trip, in one
// read-only transaction whose settings end with it; errors leave the connection usable.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WELL_KNOWN } from "../src/config/index.js";
import { pipeline } from "../src/db/pipeline.js";
import { urlForRole } from "../src/db/postgres.js";
import { type RequestScope, readInScope, withScope } from "../src/db/scope.js";
import { startTestStack, type TestStack } from "./harness.js";

let stack: TestStack;
/** One connection, so every call below reuses what the previous one left behind. */
let pool: pg.Pool;

const scope: RequestScope = {
  role: "authenticated",
  claims: { sub: "6f1d3c4e-0000-4000-8000-000000000001", role: "authenticated", email: "a@example.com" },
  method: "GET",
  path: "/rest/v1/things",
  headers: { "x-test": "yes" },
  searchPath: ["public", "extensions"],
};

beforeAll(async () => {
  stack = await startTestStack();
  pool = new pg.Pool({ connectionString: urlForRole(stack.dbUrl, "authenticator", WELL_KNOWN.dbPassword), max: 1 });
});
afterAll(async () => {
  await pool?.end();
  await stack?.stop();
});

describe("readInScope", () => {
  it("runs the statement as the caller with bind parameters", async () => {
    const rows = await readInScope(pool, scope, {
      text: "select current_user as who, auth.uid() as uid, current_setting('request.headers')::json->>'x-test' as header, $1::int + 1 as n, $2::jsonb as doc, $3::text as nothing",
      values: [41, { a: [1, "two"] }, null],
    });
    expect(rows).toEqual([
      { who: "authenticated", uid: scope.claims.sub, header: "yes", n: 42, doc: { a: [1, "two"] }, nothing: null },
    ]);
  });

  it("is read only", async () => {
    await expect(
      readInScope(pool, scope, { text: "create temporary table t (x int)", values: [] }),
    ).rejects.toMatchObject({ code: "25006" });
  });

  it("leaves no setting behind and the connection usable after an error", async () => {
    await expect(readInScope(pool, scope, { text: "select 1 / $1::int", values: [0] })).rejects.toMatchObject({
      code: "22012",
    });
    const client = await pool.connect();
    try {
      const { rows } = await client.query(
        "select current_user as who, coalesce(current_setting('request.jwt.claims', true), '') as claims, current_setting('transaction_read_only') as ro",
      );
      expect(rows).toEqual([{ who: "authenticator", claims: "", ro: "off" }]);
    } finally {
      client.release();
    }
  });
});

describe("pipeline", () => {
  it("returns the rows of every statement, in order", async () => {
    const client = await pool.connect();
    try {
      const results = await pipeline(client, [
        { text: "select $1::text as a", values: ["x"] },
        { text: "select g from generate_series(1, $1::int) g", values: [3] },
      ]);
      expect(results).toEqual([[{ a: "x" }], [{ g: 1 }, { g: 2 }, { g: 3 }]]);
    } finally {
      client.release();
    }
  });

  it("rolls the whole transaction back when a later statement fails", async () => {
    const admin = new pg.Client({ connectionString: stack.dbUrl });
    await admin.connect();
    try {
      await admin.query("create table public.pipeline_probe (x int)");
      await expect(
        pipeline(admin, [
          { text: "insert into public.pipeline_probe values ($1)", values: [1] },
          { text: "select 1 / $1::int", values: [0] },
        ]),
      ).rejects.toMatchObject({ code: "22012" });
      const { rows } = await admin.query("select count(*)::int as n from public.pipeline_probe");
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await admin.end();
    }
  });
});

describe("prepared statements", () => {
  /** The named statements the pool's one connection holds, by text. */
  async function preparedTexts(): Promise<string[]> {
    const client = await pool.connect();
    try {
      const { rows } = await client.query("select statement from pg_prepared_statements order by prepare_time");
      return rows.map((r) => r.statement as string);
    } finally {
      client.release();
    }
  }

  it("parses a repeated statement once per connection and binds new values each time", async () => {
    const text = "select $1::int * 2 as doubled";
    const results = [];
    for (const n of [1, 2, 3]) results.push(await readInScope(pool, scope, { text, values: [n], prepare: true }));
    expect(results).toEqual([[{ doubled: 2 }], [{ doubled: 4 }], [{ doubled: 6 }]]);
    const texts = await preparedTexts();
    expect(texts.filter((t) => t === text)).toHaveLength(1);
    // The caller settings are prepared too, and their values still change per call.
    expect(texts.filter((t) => t.includes("set_config('role'"))).toHaveLength(1);
    const [row] = await readInScope(
      pool,
      { ...scope, role: "anon" },
      { text: "select current_user as who", values: [] },
    );
    expect(row).toEqual({ who: "anon" });
  });

  it("recovers when a new prepared statement fails: the name is closed, the text prepared again", async () => {
    const text = "select $1::int + 0 as n";
    await expect(readInScope(pool, scope, { text, values: ["not a number"], prepare: true })).rejects.toMatchObject({
      code: "22P02",
    });
    expect(await readInScope(pool, scope, { text, values: [7], prepare: true })).toEqual([{ n: 7 }]);
    expect((await preparedTexts()).filter((t) => t === text)).toHaveLength(1);
  });

  it("keeps at most 100 named statements per connection, closing the least recently used", async () => {
    for (let i = 0; i < 120; i++) {
      await readInScope(pool, scope, { text: `select $1::int + ${i} as n`, values: [1], prepare: true });
    }
    // An evicted name is closed with the connection's next batch.
    await readInScope(pool, scope, { text: "select $1::int + 119 as n", values: [1], prepare: true });
    const texts = await preparedTexts();
    expect(texts.length).toBeLessThanOrEqual(100);
    expect(texts).toContain("select $1::int + 119 as n");
    expect(texts).not.toContain("select $1::int + 0 as n");
  });

  it("fails a batch whose values cannot be serialised before sending it, and the pool stays usable", async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(
      readInScope(pool, scope, { text: "select $1::jsonb as doc", values: [circular], prepare: true }),
    ).rejects.toThrow(/circular/i);
    expect(await readInScope(pool, scope, { text: "select 1 as one", values: [] })).toEqual([{ one: 1 }]);
  });
});

describe("withScope", () => {
  it("opens the caller's transaction in one round trip and recovers when the settings fail", async () => {
    await expect(withScope(pool, { ...scope, role: "no_such_role" }, async () => 1)).rejects.toMatchObject({
      code: "22023",
    });
    const who = await withScope(pool, { ...scope, readOnly: true }, async (client) => {
      const { rows } = await client.query("select current_user as who, current_setting('transaction_read_only') as ro");
      return rows[0];
    });
    expect(who).toEqual({ who: "authenticated", ro: "on" });
  });

  it("sets each scope's own extra settings, whatever shape the previous call on the connection had", async () => {
    const read = (settings?: Record<string, string>) =>
      withScope(pool, { ...scope, ...(settings && { settings }) }, async (client) => {
        const { rows } = await client.query(
          "select current_setting('storage.operation', true) as op, current_setting('timezone') as tz, current_setting('request.path') as path",
        );
        return rows[0];
      });
    const before = await read();
    expect(await read({ "storage.operation": "object.get", timezone: "Asia/Tokyo" })).toEqual({
      op: "object.get",
      tz: "Asia/Tokyo",
      path: scope.path,
    });
    expect(await read({ timezone: "UTC" })).toMatchObject({ tz: "UTC" });
    // A custom setting once set in a session reads '' (not null) after its transaction.
    expect(await read()).toEqual({ ...before, op: "" });
  });
});
