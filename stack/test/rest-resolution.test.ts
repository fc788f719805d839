// How PostgREST resolves names, on the library fixture: which overload of a function
// a call means (and the unnamed parameters that take a whole body), and which
// relationship an embed means, with the errors and candidate lists it gives.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";
import { rest } from "./rest-helpers.js";

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ projectDir: path.join(FIXTURES, "rest-fidelity") });
});
afterAll(async () => {
  await stack?.stop();
});

const get = (pathAndQuery: string) => rest(stack, pathAndQuery);
const call = (fn: string, body: string, contentType = "application/json") =>
  rest(stack, `/rpc/${fn}`, { method: "POST", headers: { "content-type": contentType }, body });

describe("RPC overloads", () => {
  it("picks the overload whose required parameters the arguments name", async () => {
    expect((await call("pick", "")).json()).toBe("none");
    expect((await call("pick", '{"b": 1}')).json()).toBe("b");
    expect((await call("pick", '{"b": 1, "c": 2}')).json()).toBe("b");
    expect((await get("/rpc/pick?b=1")).json()).toBe("b");
  });

  it("answers 300 PGRST203 listing the candidates in PostgREST's order", async () => {
    for (const res of [await call("pick", '{"a": "x"}'), await get("/rpc/pick?a=x")]) {
      expect(res.status).toBe(300);
      expect(res.json()).toEqual({
        code: "PGRST203",
        details: null,
        hint: "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
        message:
          "Could not choose the best candidate function between: public.pick(a => integer), public.pick(a => text)",
      });
    }
  });

  it("gives a single unnamed text/json parameter the whole body, never invalid SQL", async () => {
    expect((await call("raw_text", "hello", "text/plain")).json()).toBe("got hello");
    const keyed = await call("raw_text", '{"": "foo"}');
    expect(keyed.status).toBe(200);
    expect(keyed.json()).toBe('got {"": "foo"}');
    expect((await call("raw_json", '{"a": [1, 2]}')).json()).toEqual({ a: [1, 2] });
  });

  it("does not offer a function whose unnamed parameter cannot take a body (PGRST202)", async () => {
    const hidden = await call("hidden_int", '{"": 1}');
    expect(hidden.status).toBe(404);
    expect(hidden.json()).toMatchObject({
      code: "PGRST202",
      message: "Could not find the function public.hidden_int() in the schema cache",
      details:
        "Searched for the function public.hidden_int with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.",
    });
    const plain = await call("pick", "text", "text/plain");
    expect(plain.json()).toMatchObject({
      code: "PGRST202",
      message: "Could not find the function public.pick in the schema cache",
      details:
        "Searched for the function public.pick with a single unnamed text parameter, but no matches were found in the schema cache.",
      hint: null,
    });
  });

  it("suggests a function with similar parameters or a similar name", async () => {
    const wrongParam = await call("renew", '{"day": 1}');
    expect(wrongParam.json()).toMatchObject({ hint: "Perhaps you meant to call the function public.renew(days)" });
    const wrongName = await call("renew_once", '{"days": 1}');
    expect(wrongName.json()).toMatchObject({ hint: "Perhaps you meant to call the function public.renew_one" });
  });
});

describe("relationship disambiguation", () => {
  it("lists every foreign key when a table is named ambiguously (PGRST201)", async () => {
    const ambiguous = await get("/members?select=handle,loans(id)");
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.json()).toMatchObject({
      code: "PGRST201",
      details: [
        {
          cardinality: "one-to-many",
          embedding: "members with loans",
          relationship: "loans_borrower_fkey using members(handle) and loans(borrower)",
        },
        {
          cardinality: "one-to-many",
          embedding: "members with loans",
          relationship: "loans_guarantor_fkey using members(handle) and loans(guarantor)",
        },
      ],
      hint: "Try changing 'loans' to one of the following: 'loans!loans_borrower_fkey', 'loans!loans_guarantor_fkey'. Find the desired relationship in the 'details' key.",
    });
  });

  it("counts views among the candidates, named after the view", async () => {
    const viaView = await get("/loans?select=id,active_members(handle)");
    expect(viaView.status).toBe(300);
    const body = viaView.json() as { details: { embedding: string }[]; hint: string };
    expect(body.details.map((d) => d.embedding)).toEqual(["loans with active_members", "loans with active_members"]);
    expect(body.hint).toContain("'active_members!loans_borrower_fkey'");
  });

  it("embeds through a foreign-key column name, which names the table and not the view", async () => {
    expect((await get("/loans?select=id,borrower(mood)&id=eq.1")).json()).toEqual([
      { id: 1, borrower: { mood: "curious" } },
    ]);
  });

  it("reads a self-reference by table name as the children, by column name as the parent", async () => {
    expect((await get("/members?select=handle,members(handle)&handle=eq.ada")).json()).toEqual([
      { handle: "ada", members: [{ handle: "bo" }, { handle: "cy" }] },
    ]);
    expect((await get("/members?select=handle,referred_by(handle)&handle=eq.bo")).json()).toEqual([
      { handle: "bo", referred_by: { handle: "ada" } },
    ]);
    expect((await get("/members?select=handle,members!referred_by(handle)&handle=eq.ada")).json()).toEqual([
      { handle: "ada", members: [{ handle: "bo" }, { handle: "cy" }] },
    ]);
    const byConstraint = await get("/members?select=handle,members!members_referred_by_fkey(handle)");
    expect(byConstraint.json()).toMatchObject({ code: "PGRST200" });
  });

  it("refuses the same target twice under one name (42712), as Postgres refuses PostgREST's query", async () => {
    const twice = await get("/loans?select=members!borrower(handle),members!guarantor(handle)");
    expect(twice.status).toBe(400);
    expect(twice.json()).toMatchObject({
      code: "42712",
      message: 'table name "loans_members_1" specified more than once',
    });
    const aliased = await get("/loans?select=b:members!borrower(handle),g:members!guarantor(handle)&id=eq.1");
    expect(aliased.json()).toEqual([{ b: { handle: "ada" }, g: { handle: "bo" } }]);
  });

  it("spreads a to-many embed as one array per column", async () => {
    expect((await get("/members?select=handle,...borrowed(id,weeks)&handle=eq.ada")).json()).toEqual([
      { handle: "ada", id: [1, 2], weeks: [2, 3] },
    ]);
  });
});
