// PostgREST behaviours the official postgrest-js suite relies on, on the library
// fixture: in-database pgrst.* settings, aggregates, computed columns and
// relationships, preferences, and schema changes made outside the stack.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";
import { rest, setPgrstSetting } from "./rest-helpers.js";

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ projectDir: path.join(FIXTURES, "rest-fidelity") });
});
afterAll(async () => {
  await stack?.stop();
});

const get = (pathAndQuery: string, headers: Record<string, string> = {}) => rest(stack, pathAndQuery, { headers });
const post = (pathAndQuery: string, body: string, headers: Record<string, string> = {}) =>
  rest(stack, pathAndQuery, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

/** Polls until `check` holds: for changes that arrive through NOTIFY, not through the test. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("in-database settings (alter role authenticator … set pgrst.*)", () => {
  it("refuses aggregates until db_aggregates_enabled, which NOTIFY 'reload config' picks up", async () => {
    const refused = await get("/titles?select=count()");
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ code: "PGRST123", message: "Use of aggregate functions is not allowed" });
    const [{ statement }] = await stack.sql<{ statement: string }>(
      "select format('alter role authenticator in database %I set pgrst.db_aggregates_enabled = true', current_database()) as statement",
    );
    await stack.sql(statement);
    await stack.sql("notify pgrst, 'reload config'");
    await eventually(async () => (await get("/titles?select=count()")).status === 200, "aggregates enabled");
    expect((await get("/titles?select=count()")).json()).toEqual([{ count: 3 }]);
  });

  it("caps reads at db_max_rows and answers plans only with db_plan_enabled", async () => {
    await setPgrstSetting(stack, "db_max_rows", "2");
    expect((await get("/titles?select=id&order=id")).json()).toEqual([{ id: 1 }, { id: 2 }]);
    await setPgrstSetting(stack, "db_max_rows", "1000");

    const plan = { accept: 'application/vnd.pgrst.plan+json; for="application/json"; options=verbose' };
    const unavailable = await get("/titles", plan);
    expect(unavailable.status).toBe(406);
    expect(unavailable.json()).toMatchObject({ code: "PGRST107" });
    await setPgrstSetting(stack, "db_plan_enabled", "true");
    const explained = await get("/titles", plan);
    expect(explained.status).toBe(200);
    expect(explained.headers.get("content-type")).toBe(
      'application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8',
    );
    expect((explained.json() as { Plan: unknown }[])[0].Plan).toBeDefined();
    const text = await get("/titles", { accept: "application/vnd.pgrst.plan+text" });
    expect(text.text).toMatch(/^Aggregate {2}\(cost=/);
  });

  it("hides the root endpoint with openapi_mode = disabled (PGRST126)", async () => {
    expect((await get("/")).status).toBe(200);
    await setPgrstSetting(stack, "openapi_mode", "disabled");
    const hidden = await get("/");
    expect(hidden.status).toBe(404);
    expect(hidden.json()).toMatchObject({ code: "PGRST126", message: "Root endpoint metadata is disabled" });
    await setPgrstSetting(stack, "openapi_mode", "follow-privileges");
  });
});

describe("aggregates", () => {
  beforeAll(() => setPgrstSetting(stack, "db_aggregates_enabled", "true"));

  it("groups by the other selected columns and names results after the function", async () => {
    const sums = await get("/loans?select=weeks.sum(),borrower&order=borrower");
    expect(sums.json()).toEqual([
      { sum: 5, borrower: "ada" },
      { sum: 5, borrower: "bo" },
    ]);
    const counted = await get("/loans?select=count(),guarded:guarantor.count()::text,longest:weeks.max()");
    expect(counted.json()).toEqual([{ count: 4, guarded: "2", longest: 4 }]);
  });

  it("aggregates inside embeds, also with the legacy bare `count`", async () => {
    const maxima = await get("/members?select=handle,loans!borrower(weeks.max())&order=handle");
    expect(maxima.json()).toEqual([
      { handle: "ada", loans: [{ max: 3 }] },
      { handle: "bo", loans: [{ max: 4 }] },
      { handle: "cy", loans: [{ max: null }] },
    ]);
    const legacy = await get("/members?select=handle,loans!borrower(count)&handle=eq.ada");
    expect(legacy.json()).toEqual([{ handle: "ada", loans: [{ count: 2 }] }]);
  });

  it("groups by an embedded resource", async () => {
    const byTitle = await get("/loans?select=weeks.sum(),titles(name)");
    expect(byTitle.json()).toEqual(
      expect.arrayContaining([
        { sum: 6, titles: { name: "Dune" } },
        { sum: 3, titles: { name: "Emma" } },
        { sum: 1, titles: { name: "Ubik" } },
      ]),
    );
  });

  it("hoists a to-one spread's aggregate into the parent's groups, and refuses it in a to-many spread", async () => {
    const pages = await get("/loans?select=borrower,...titles(pages.sum())&order=borrower");
    expect(pages.json()).toEqual([
      { borrower: "ada", sum: 1000 },
      { borrower: "bo", sum: 800 },
    ]);
    const toMany = await get("/members?select=handle,...borrowed(weeks.sum())");
    expect(toMany.status).toBe(400);
    expect(toMany.json()).toMatchObject({ code: "PGRST127", message: "Feature not implemented" });
  });

  it("leaves an unknown column to Postgres, which names it as PostgREST's query does", async () => {
    const unknown = await get("/members?select=nope.sum()");
    expect(unknown.status).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "42703", message: "column members.nope does not exist" });
    const embedded = await get("/members?select=loans!borrower(total)");
    expect(embedded.json()).toMatchObject({ code: "42703", message: "column loans_1.total does not exist" });
  });
});

describe("computed columns and relationships", () => {
  it("selects and filters a function of the row like a column", async () => {
    expect((await get("/members?select=handle,shout&handle=eq.ada")).json()).toEqual([{ handle: "ada", shout: "ADA" }]);
    expect((await get("/members?select=handle&shout=eq.BO")).json()).toEqual([{ handle: "bo" }]);
  });

  it("embeds set-returning functions of the row: to-many, and to-one with ROWS 1", async () => {
    expect((await get("/members?select=handle,borrowed(id)&handle=eq.ada")).json()).toEqual([
      { handle: "ada", borrowed: [{ id: 1 }, { id: 2 }] },
    ]);
    expect((await get("/members?select=handle,longest_loan(weeks)&order=handle")).json()).toEqual([
      { handle: "ada", longest_loan: { weeks: 3 } },
      { handle: "bo", longest_loan: { weeks: 4 } },
      { handle: "cy", longest_loan: null },
    ]);
    const inner = await get("/members?select=handle,borrowed!inner(id)&order=handle");
    expect((inner.json() as { handle: string }[]).map((m) => m.handle)).toEqual(["ada", "bo"]);
  });
});

describe("preferences", () => {
  it("missing=default fills identity and default columns", async () => {
    const created = await post(
      '/loans?columns="id","title_id","borrower"&select=id,weeks',
      JSON.stringify([
        { id: 50, title_id: 2, borrower: "cy" },
        { title_id: 3, borrower: "cy" },
      ]),
      { prefer: "missing=default, return=representation" },
    );
    expect(created.status).toBe(201);
    expect(created.headers.get("preference-applied")).toBe("missing=default, return=representation");
    // Defaults are evaluated for every row (then overridden by given keys), as PostgREST
    // builds them: the row with an id still drew one from the sequence.
    expect(created.json()).toEqual([
      { id: 50, weeks: 2 },
      { id: 6, weeks: 2 },
    ]);
    await stack.sql("delete from public.loans where borrower = 'cy'");
  });

  it("max-affected with handling=strict applies to functions too (PGRST124, PGRST128)", async () => {
    const before = await stack.sql("select id, weeks from public.loans order by id");
    const strict = { prefer: "handling=strict, max-affected=1" };
    const many = await post("/rpc/renew", '{"days": 1}', strict);
    expect(many.status).toBe(400);
    expect(many.json()).toMatchObject({ code: "PGRST124", details: "The query affects 4 rows" });
    const single = await post("/rpc/renew_one", '{"days": 1}', strict);
    expect(single.json()).toMatchObject({ code: "PGRST128" });
    expect(await stack.sql("select id, weeks from public.loans order by id")).toEqual(before);
  });

  it("leaves null fields out with nulls=stripped", async () => {
    const stripped = await get("/members?select=handle,mood,referred_by&handle=eq.cy", {
      accept: "application/vnd.pgrst.array+json;nulls=stripped",
    });
    expect(stripped.json()).toEqual([{ handle: "cy", referred_by: "ada" }]);
    const single = await get("/members?select=handle,mood&handle=eq.cy", {
      accept: "application/vnd.pgrst.object+json;nulls=stripped",
    });
    expect(single.json()).toEqual({ handle: "cy" });
  });
});

describe("schema changes from outside the stack", () => {
  it("reloads the schema cache after DDL run directly against the database", async () => {
    expect((await get("/late_arrivals")).status).toBe(404);
    await stack.sql("create table public.late_arrivals (id int primary key)");
    await stack.sql("alter table public.late_arrivals enable row level security");
    await eventually(async () => (await get("/late_arrivals")).status === 200, "the new table is served");
    await stack.sql("drop table public.late_arrivals");
    const gone = async () => ((await get("/late_arrivals")).json() as { code?: string }).code === "PGRST205";
    await eventually(gone, "the dropped table left the schema cache");
  });
});
