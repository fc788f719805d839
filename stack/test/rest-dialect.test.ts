// PostgREST dialect features supabase-js does not send itself: PUT, Prefer:
// params=single-object, RAISE SQLSTATE 'PGRST', response.headers/status, and the
// 201/200 rule for upserts. Raw HTTP where supabase-js hides the wire.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";
import { rest, userToken } from "./rest-helpers.js";

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ projectDir: path.join(FIXTURES, "rest-dialect") });
});
afterAll(async () => {
  await stack?.stop();
});

const json = { "content-type": "application/json" };
const put = (pathAndQuery: string, body: unknown, headers: Record<string, string> = {}, token?: string) =>
  rest(stack, pathAndQuery, {
    method: "PUT",
    headers: { ...json, ...headers },
    body: JSON.stringify(body),
    ...(token && { token }),
  });

async function kvRow(id: number) {
  const { data } = await stack.service().from("kv").select("id, val, note").eq("id", id);
  return data;
}

describe("PUT", () => {
  it("inserts the row its key names (201) and replaces it on the next PUT (200)", async () => {
    const rep = { prefer: "return=representation" };
    const created = await put("/kv?id=eq.10", { id: 10, val: "ten" }, rep);
    expect(created.status).toBe(201);
    expect(created.json()).toEqual([{ id: 10, val: "ten", note: "none" }]);
    const replaced = await put("/kv?id=eq.10", [{ id: 10, val: "TEN", note: "x" }], rep);
    expect(replaced.status).toBe(200);
    expect(replaced.json()).toEqual([{ id: 10, val: "TEN", note: "x" }]);
    const minimal = await put("/kv?id=eq.10", { id: 10, val: "again" });
    expect(minimal.status).toBe(204);
    expect(minimal.text).toBe("");
    expect(await kvRow(10)).toEqual([{ id: 10, val: "again", note: "x" }]);
  });

  it("uses only the first payload row and returns a single object when asked", async () => {
    const res = await put(
      "/kv?id=eq.11&select=val",
      [
        { id: 11, val: "first" },
        { id: 12, val: "second" },
      ],
      { prefer: "return=representation", accept: "application/vnd.pgrst.object+json" },
    );
    expect(res.status).toBe(201);
    expect(res.json()).toEqual({ val: "first" });
    expect(await kvRow(12)).toEqual([]);
  });

  it("upserts by a composite key", async () => {
    const res = await put(
      "/pairs?a=eq.1&b=eq.1",
      { a: 1, b: 1, note: "replaced" },
      { prefer: "return=representation" },
    );
    expect(res.status).toBe(200);
    expect(res.json()).toEqual([{ a: 1, b: 1, note: "replaced" }]);
  });

  it("needs exactly the primary key columns as eq filters (PGRST105, 405)", async () => {
    const refused = [
      "/kv?val=eq.one",
      "/kv?id=gt.1",
      "/kv?id=not.eq.1",
      "/kv?id=in.(1)",
      "/kv?and=(id.eq.1)",
      "/kv?id=eq.1&val=eq.one",
      "/pairs?a=eq.1",
      "/no_pk?x=eq.1",
    ];
    for (const url of refused) {
      const res = await put(url, { id: 1, val: "x", a: 1, b: 1, x: 1 });
      expect({ url, status: res.status, body: res.json() }).toEqual({
        url,
        status: 405,
        body: {
          code: "PGRST105",
          message: "Filters must include all and only primary key columns with 'eq' operators",
          details: null,
          hint: null,
        },
      });
    }
    expect(await kvRow(1)).toEqual([{ id: 1, val: "one", note: "none" }]);
  });

  it("refuses limit/offset (PGRST114) and a payload key that differs from the URL (PGRST115)", async () => {
    const limited = await put("/kv?id=eq.1&limit=1", { id: 1, val: "x" });
    expect(limited.status).toBe(400);
    expect(limited.json()).toMatchObject({ code: "PGRST114" });
    for (const body of [{ id: 2, val: "x" }, { val: "no key" }, []]) {
      const mismatch = await put("/kv?id=eq.1", body);
      expect(mismatch.status).toBe(400);
      expect(mismatch.json()).toEqual({
        code: "PGRST115",
        message: "Payload values do not match URL in primary key column(s)",
        details: null,
        hint: null,
      });
    }
    expect(await kvRow(1)).toEqual([{ id: 1, val: "one", note: "none" }]);
    expect(await kvRow(2)).toEqual([{ id: 2, val: "two", note: "none" }]);
  });

  it("runs as the caller: RLS decides whether the row may be written", async () => {
    const alice = await userToken(stack, "6f1d3c4e-0000-4000-8000-00000000000a");
    const bob = await userToken(stack, "6f1d3c4e-0000-4000-8000-00000000000b");
    const mine = await put(
      "/owned?id=eq.1",
      { id: 1, owner: "6f1d3c4e-0000-4000-8000-00000000000a", val: "a" },
      { prefer: "return=representation" },
      alice,
    );
    expect(mine.status).toBe(201);
    const theirs = await put(
      "/owned?id=eq.1",
      { id: 1, owner: "6f1d3c4e-0000-4000-8000-00000000000b", val: "b" },
      {},
      bob,
    );
    expect(theirs.status).toBe(403);
    const { data } = await stack.service().from("owned").select("owner, val");
    expect(data).toEqual([{ owner: "6f1d3c4e-0000-4000-8000-00000000000a", val: "a" }]);
  });
});

describe("upsert status", () => {
  it("is 201 when a row was inserted, 200 when merge-duplicates only updated, with or without representation", async () => {
    const db = stack.service();
    const inserted = await db.from("kv").upsert([
      { id: 1, val: "one" },
      { id: 30, val: "new" },
    ]);
    expect(inserted.status).toBe(201);
    const updated = await db.from("kv").upsert([
      { id: 1, val: "uno" },
      { id: 30, val: "nuevo" },
    ]);
    expect(updated.status).toBe(200);
    const updatedRep = await db.from("kv").upsert({ id: 30, val: "neu" }).select("val");
    expect(updatedRep).toMatchObject({ status: 200, data: [{ val: "neu" }] });
    const insertedRep = await db.from("kv").upsert({ id: 31, val: "more" }).select("val");
    expect(insertedRep).toMatchObject({ status: 201, data: [{ val: "more" }] });
    const empty = await rest(stack, "/kv", {
      method: "POST",
      headers: { ...json, prefer: "resolution=merge-duplicates,return=representation" },
      body: "[]",
    });
    expect(empty.status).toBe(200);
  });

  it("stays 201 for ignore-duplicates and plain inserts", async () => {
    const db = stack.service();
    const ignored = await db.from("kv").upsert({ id: 1, val: "x" }, { ignoreDuplicates: true });
    expect(ignored.status).toBe(201);
    const plain = await db.from("kv").insert({ id: 40, val: "plain" });
    expect(plain.status).toBe(201);
  });
});

describe("Prefer: params=single-object", () => {
  const call = (fn: string, body: string, prefer = "params=single-object") =>
    rest(stack, `/rpc/${fn}`, { method: "POST", headers: { ...json, prefer }, body });

  it("passes the whole body as the one json/jsonb argument, whatever its name", async () => {
    const echoed = await call("echo_object", '{"a": 1, "b": [true, null]}');
    expect(echoed.status).toBe(200);
    expect(echoed.json()).toEqual({ a: 1, b: [true, null] });
    expect(echoed.headers.get("preference-applied")).toBe("params=single-object");
    const keys = await call("keys_of", '{"z": 1, "payload": 2}');
    expect(keys.json()).toEqual(["payload", "z"]);
    // Without the preference the body's keys are argument names.
    const named = await call("keys_of", '{"doc": {"k": 1}}', "return=representation");
    expect(named.json()).toEqual(["k"]);
  });

  it("finds no function without a single json parameter (PGRST202) and refuses bad JSON (PGRST102)", async () => {
    const missing = await call("sum_of", '{"a": 1, "b": 2}');
    expect(missing.status).toBe(404);
    expect(missing.json()).toMatchObject({ code: "PGRST202" });
    const bad = await call("echo_object", "{nope");
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ code: "PGRST102" });
  });
});

describe("RAISE SQLSTATE 'PGRST'", () => {
  it("sets the status, headers and body of the error response", async () => {
    const { data, error, status } = await stack.anon().rpc("fail_as", { status: 402, code: "P402", msg: "Pay up" });
    expect(data).toBeNull();
    expect(status).toBe(402);
    expect(error).toMatchObject({ code: "P402", message: "Pay up", details: "some details", hint: "a hint" });
    const raw = await rest(stack, "/rpc/fail_as?status=429&code=slow&msg=later");
    expect(raw.status).toBe(429);
    expect(raw.headers.get("x-powered-by")).toBe("Nerd Rage");
    expect(raw.headers.get("retry-after")).toBe("5");
  });

  it("is PGRST121 (500) when MESSAGE or DETAIL is not the JSON PostgREST expects", async () => {
    const cases: [string, string][] = [
      ["message", "Invalid JSON value for MESSAGE: 'not json'"],
      ["detail", `Invalid JSON value for DETAIL: '{"status": 400}'`],
      ["none", "DETAIL is missing in the RAISE statement"],
    ];
    for (const [part, details] of cases) {
      const res = await rest(stack, `/rpc/fail_badly?part=${part}`);
      expect(res.status).toBe(500);
      expect(res.json()).toMatchObject({
        code: "PGRST121",
        message: "Could not parse JSON in the RAISE SQLSTATE 'PGRST' error",
        details,
      });
    }
  });
});

describe("response.headers and response.status", () => {
  it("applies what a function set: status, repeated headers, and headers replacing ours", async () => {
    const res = await rest(stack, "/rpc/with_cookies");
    expect(res.status).toBe(202);
    expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect(res.text).toBe('"cookies"');
    const viaClient = await stack.anon().rpc("teapot");
    expect(viaClient.status).toBe(418);
  });

  it("applies headers a trigger set during a write, with and without representation", async () => {
    const minimal = await rest(stack, "/kv", { method: "POST", headers: json, body: '{"id": 50, "note": "tell"}' });
    expect(minimal.status).toBe(201);
    expect(minimal.headers.get("x-kv")).toBe("50");
    const rep = await rest(stack, "/kv?id=eq.50", {
      method: "PATCH",
      headers: { ...json, prefer: "return=representation" },
      body: '{"id": 51, "note": "tell"}',
    });
    expect(rep.status).toBe(200);
    expect(rep.headers.get("x-kv")).toBe("51");
    const quiet = await rest(stack, "/kv", { method: "POST", headers: json, body: '{"id": 52}' });
    expect(quiet.headers.get("x-kv")).toBeNull();
  });

  it("is PGRST112/PGRST111 (500) when the settings are malformed", async () => {
    const status = await rest(stack, "/rpc/bad_status");
    expect(status.status).toBe(500);
    expect(status.json()).toMatchObject({
      code: "PGRST112",
      message: "response.status guc must be a valid status code",
    });
    const headers = await rest(stack, "/rpc/bad_headers");
    expect(headers.status).toBe(500);
    expect(headers.json()).toMatchObject({ code: "PGRST111" });
  });

  it("does not leak into the next request on the same connection", async () => {
    for (let i = 0; i < 12; i++) {
      await rest(stack, "/rpc/with_cookies");
      const plain = await rest(stack, "/kv?id=eq.1&select=id");
      expect(plain.status).toBe(200);
      expect(plain.headers.getSetCookie()).toEqual([]);
    }
  });
});

describe("embedding through views", () => {
  it("relates views over tables of an unexposed schema, with renamed key columns, both ways", async () => {
    const db = stack.anon();
    const teams = await db
      .from("teams")
      .select("name, members(name)")
      .order("id")
      .order("name", { referencedTable: "members" });
    expect(teams.error).toBeNull();
    expect(teams.data).toEqual([
      { name: "red", members: [{ name: "ann" }, { name: "bo" }] },
      { name: "blue", members: [{ name: "cy" }] },
    ]);
    const members = await db.from("members").select("name, team, teams(name)").eq("member_id", 3).single();
    expect(members.data).toEqual({ name: "cy", team: 2, teams: { name: "blue" } });
  });

  it("follows a view on a view, and relates views with tables", async () => {
    const db = stack.anon();
    const loud = await db.from("member_names").select("loud, teams!inner(name)").eq("teams.name", "red").order("loud");
    expect(loud.data).toEqual([
      { loud: "ANN", teams: { name: "red" } },
      { loud: "BO", teams: { name: "red" } },
    ]);
    const notes = await db.from("kv_view").select("key, kv_notes(note)").eq("key", 1).single();
    expect(notes.data).toEqual({ key: 1, kv_notes: [{ note: "about one" }] });
    const back = await db.from("kv_notes").select("id, kv_view(val)").eq("id", 2).single();
    expect(back.data).toEqual({ id: 2, kv_view: { val: "two" } });
  });

  it("does not relate a view whose key column is computed (PGRST200)", async () => {
    const res = await stack.anon().from("members_shifted").select("name, teams(name)");
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ code: "PGRST200" });
  });
});
