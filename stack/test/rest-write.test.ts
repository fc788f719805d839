// /rest/v1 writes, RPC, JWT/RLS and error shapes, driven by supabase-js (and raw
// HTTP where the client hides the wire).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "./harness.js";
import { rest, startRestStack, userToken } from "./rest-helpers.js";

let stack: TestStack;

beforeAll(async () => {
  stack = await startRestStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe("insert, upsert, update, delete", () => {
  it("inserts one row and returns it only when asked", async () => {
    const db = stack.service();
    const minimal = await db.from("genres").insert({ id: 10, name: "poetry" });
    expect(minimal).toMatchObject({ status: 201, data: null, error: null });
    const rep = await db.from("genres").insert({ id: 11, name: "drama" }).select().single();
    expect(rep).toMatchObject({ status: 201, data: { id: 11, name: "drama" } });
  });

  it("bulk-inserts with columns= and missing keys as NULL or DEFAULT", async () => {
    const db = stack.service();
    const { data, error } = await db
      .from("authors")
      .insert([{ name: "A", mood: "sad" }, { name: "B" }])
      .select("name, mood, tags");
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: "A", mood: "sad", tags: [] },
      { name: "B", mood: null, tags: [] },
    ]);
    const withNull = await db.from("authors").insert([{ name: "C", tags: ["x"] }, { name: "D" }]);
    expect(withNull.error?.code).toBe("23502"); // tags NOT NULL, missing → NULL
    const withDefault = await db
      .from("authors")
      .insert([{ name: "C", tags: ["x"] }, { name: "D" }], { defaultToNull: false })
      .select("name, tags");
    expect(withDefault.data).toEqual([
      { name: "C", tags: ["x"] },
      { name: "D", tags: [] },
    ]);
  });

  it("upserts with merge-duplicates and ignore-duplicates on a chosen conflict target", async () => {
    const db = stack.service();
    const merged = await db
      .from("genres")
      .upsert([
        { id: 1, name: "science fiction" },
        { id: 12, name: "essay" },
      ])
      .select()
      .order("id");
    expect(merged.data).toEqual([
      { id: 1, name: "science fiction" },
      { id: 12, name: "essay" },
    ]);
    const ignored = await db
      .from("genres")
      .upsert({ id: 99, name: "essay" }, { onConflict: "name", ignoreDuplicates: true })
      .select();
    expect(ignored.data).toEqual([]);
  });

  it("updates and deletes with filters, with count and representation", async () => {
    const db = stack.service();
    const upd = await db.from("books").update({ pages: 300 }, { count: "exact" }).eq("id", 4).select("id, pages");
    expect(upd).toMatchObject({ status: 200, count: 1, data: [{ id: 4, pages: 300 }] });
    await db.from("genres").insert({ id: 20, name: "tmp" });
    const del = await db.from("genres").delete({ count: "exact" }).eq("id", 20);
    expect(del).toMatchObject({ status: 204, count: 1, error: null });
  });

  it("refuses UPDATE/DELETE without a filter like safeupdate", async () => {
    const db = stack.service();
    const del = await db.from("canary").delete();
    expect(del.status).toBe(400);
    expect(del.error).toEqual({ code: "21000", message: "DELETE requires a WHERE clause", details: null, hint: null });
    const upd = await db.from("canary").update({ v: "x" });
    expect(upd.error?.message).toBe("UPDATE requires a WHERE clause");
    expect(await stack.sql("select count(*)::int as n from canary where v like '%untouched'")).toEqual([{ n: 2 }]);
  });

  it("maps constraint errors (409, 400) and unknown columns (PGRST204)", async () => {
    const db = stack.service();
    const dup = await db.from("genres").insert({ id: 2, name: "dup" });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe("23505");
    const fk = await db.from("books").insert({ title: "x", author_id: 999 });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe("23503");
    const check = await db.from("books").insert({ title: "x", pages: -1 });
    expect(check).toMatchObject({ status: 400, error: { code: "23514" } });
    const unknown = await db.from("books").insert({ nope: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({
      code: "PGRST204",
      message: "Could not find the 'nope' column of 'books' in the schema cache",
    });
  });

  it("requires matching keys in a bulk body without columns=", async () => {
    const res = await rest(stack, "/genres", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify([{ id: 30 }, { id: 31, name: "x" }]),
    });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ code: "PGRST102", message: "All object keys must match" });
    const bad = await rest(stack, "/genres", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(bad.json()).toMatchObject({ code: "PGRST102" });
  });

  it("rolls back with Prefer: tx=rollback and single() on a multi-row write", async () => {
    const db = stack.service();
    const rolled = await db.from("canary").update({ v: "changed" }).eq("id", 1).select().rollback();
    expect(rolled.data).toEqual([{ id: 1, v: "changed" }]);
    const many = await db.from("canary").update({ v: "changed" }).gt("id", 0).select().single();
    expect(many.status).toBe(406);
    expect(await stack.sql("select v from canary order by id")).toEqual([{ v: "untouched" }, { v: "also untouched" }]);
  });

  it("echoes Preference-Applied and honours max-affected with handling=strict", async () => {
    const res = await rest(stack, "/canary?id=gt.0", {
      method: "PATCH",
      headers: { "content-type": "application/json", prefer: "handling=strict, max-affected=1, return=minimal" },
      body: JSON.stringify({ v: "x" }),
    });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ code: "PGRST124" });
    const ok = await rest(stack, "/canary?id=eq.2", {
      method: "PATCH",
      headers: { "content-type": "application/json", prefer: "return=representation, tx=rollback, count=exact" },
      body: JSON.stringify({ v: "x" }),
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("preference-applied")).toBe("return=representation, count=exact, tx=rollback");
    expect(ok.headers.get("content-range")).toBe("0-0/1");
  });
});

describe("RLS and JWT", () => {
  const alice = randomUUID();
  const bob = randomUUID();

  it("runs as the caller: auth.uid() in policies and defaults", async () => {
    const a = stack.asUser(await userToken(stack, alice));
    const b = stack.asUser(await userToken(stack, bob));
    const ins = await a.from("todos").insert({ task: "alice's" }).select("task, owner").single();
    expect(ins.data).toEqual({ task: "alice's", owner: alice });
    expect((await a.from("todos").select("task")).data).toEqual([{ task: "alice's" }]);
    expect((await b.from("todos").select("task")).data).toEqual([]);
    const upd = await b.from("todos").update({ done: true }, { count: "exact" }).eq("task", "alice's");
    expect(upd.count).toBe(0);
    const who = await a.rpc("whoami");
    expect(who.data).toBe(alice);
  });

  it("answers 401 to anon and 403 to a user on a policy violation", async () => {
    const anon = await stack.anon().from("todos").insert({ task: "x", owner: alice });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe("42501");
    const b = stack.asUser(await userToken(stack, bob));
    const forged = await b.from("todos").insert({ task: "x", owner: alice });
    expect(forged.status).toBe(403);
    expect(forged.error?.message).toBe('new row violates row-level security policy for table "todos"');
  });

  it("checks SELECT policies on written rows only with return=representation", async () => {
    const anon = stack.anon();
    expect((await anon.from("drop_box").insert({ note: "hi" })).status).toBe(201);
    const rep = await anon.from("drop_box").insert({ note: "hi" }).select();
    expect(rep.status).toBe(401);
    expect(rep.error?.code).toBe("42501");
  });

  it("rejects bad tokens with PGRST301/PGRST303", async () => {
    const expired = await stack.ctx.jwt.sign({ role: "authenticated", exp: Math.floor(Date.now() / 1000) - 120 });
    const res = await rest(stack, "/books", { token: expired });
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ code: "PGRST303", message: "JWT expired", details: null, hint: null });
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
    const parts = await rest(stack, "/books", { token: "abc.def" });
    expect(parts.json()).toMatchObject({ code: "PGRST301", message: "Expected 3 parts in JWT; got 2" });
    const skewed = await stack.ctx.jwt.sign({ role: "authenticated", exp: Math.floor(Date.now() / 1000) - 10 });
    expect((await rest(stack, "/books?select=id&limit=1", { token: skewed })).status).toBe(200);
    const unknownRole = await stack.ctx.jwt.sign({ role: "nobody" });
    const role = await rest(stack, "/books", { token: unknownRole });
    expect(role.status).toBe(401);
  });
});

describe("rpc", () => {
  it("calls with named args via POST and GET, scalar results as bare JSON", async () => {
    const db = stack.service();
    expect((await db.rpc("add", { a: 2, b: 3 })).data).toBe(5);
    expect((await db.rpc("add", { a: 2 })).data).toBe(3);
    expect((await db.rpc("add", { a: 2, b: 3 }, { get: true })).data).toBe(5);
    expect((await db.rpc("hello")).data).toBe("hello");
    expect((await db.rpc("sum_all", { xs: [1, 2, 3] })).data).toBe(6);
    expect((await db.rpc("sum_all", { xs: [1, 2, 3] }, { get: true })).data).toBe(6);
    expect((await db.rpc("echo", { payload: { a: [1] } })).data).toEqual({ a: [1] });
  });

  it("passes the whole body to a single unnamed json parameter", async () => {
    expect((await stack.service().rpc("echo_body", { x: 1, y: "z" })).data).toEqual({ x: 1, y: "z" });
  });

  it("filters, orders and embeds set-returning functions", async () => {
    const db = stack.service();
    const { data, error } = await db
      .rpc("search_books", { q: "a" })
      .select("id, author:authors!author_id(name)")
      .gt("pages", 280)
      .order("id", { ascending: false })
      .limit(2);
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 4, author: { name: "Terry" } },
      { id: 3, author: { name: "Terry" } },
    ]);
    const table = await db.rpc("author_stats").select("author_id, books").order("author_id");
    expect(table.data).toEqual([
      { author_id: 1, books: 2 },
      { author_id: 2, books: 2 },
      { author_id: 3, books: 1 },
    ]);
    const count = await db.rpc("search_books", { q: "" }, { count: "exact" }).range(0, 1);
    expect(count).toMatchObject({ status: 206, count: 5 });
    const composite = await db.rpc("first_author").select("name");
    expect(composite.data).toEqual({ name: "Ursula" });
  });

  it("returns 204 for void and runs volatile functions read-write", async () => {
    const res = await rest(stack, "/rpc/touch_canary", {
      method: "POST",
      headers: { "content-type": "application/json", prefer: "tx=rollback" },
      body: JSON.stringify({ v: "rpc" }),
    });
    expect(res.status).toBe(204);
  });

  it("runs STABLE functions read-only even via POST, VOLATILE ones read-write", async () => {
    const db = stack.service();
    expect((await db.rpc("tx_read_only")).data).toBe("on");
    expect((await db.rpc("tx_read_only_volatile")).data).toBe("off");
  });

  it("runs GET calls in a read-only transaction (25006 → 405)", async () => {
    const get = await stack.service().rpc("touch_canary", { v: "x" }, { get: true });
    expect(get.status).toBe(405);
    expect(get.error?.code).toBe("25006");
  });

  it("reports unknown functions and RAISE errors", async () => {
    const db = stack.service();
    const missing = await db.rpc("add", { zzz: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({
      code: "PGRST202",
      message: "Could not find the function public.add(zzz) in the schema cache",
    });
    const raised = await db.rpc("fail_with", { msg: "nope" });
    expect(raised).toMatchObject({ status: 400, error: { code: "P0001", message: "nope" } });
  });
});

describe("errors and protocol", () => {
  it("answers PostgREST's shapes for bad queries, unknown tables and schemas", async () => {
    const bad = await rest(stack, "/books?id=noop.0");
    expect(bad.status).toBe(400);
    expect(bad.json()).toEqual({
      code: "PGRST100",
      message: '"failed to parse filter (noop.0)" (line 1, column 1)',
      details: 'unexpected "n" expecting "not" or operator (eq, gt, ...)',
      hint: null,
    });
    expect(bad.headers.get("proxy-status")).toBe("PostgREST; error=PGRST100");
    const table = await rest(stack, "/book");
    expect(table.status).toBe(404);
    expect(table.json()).toMatchObject({ code: "PGRST205", hint: "Perhaps you meant the table 'public.books'" });
    const schema = await rest(stack, "/books", { headers: { "accept-profile": "secret" } });
    expect(schema.status).toBe(406);
    expect(schema.json()).toMatchObject({
      code: "PGRST106",
      hint: "Only the following schemas are exposed: public, extra",
    });
    const profile = await rest(stack, "/notes", { headers: { "accept-profile": "extra" } });
    expect(profile.headers.get("content-profile")).toBe("extra");
    const col = await rest(stack, "/books?select=nope");
    expect(col.json()).toMatchObject({ code: "42703", message: "column books.nope does not exist" });
    const emb = await rest(stack, "/books?authors.name=eq.x");
    expect(emb.json()).toMatchObject({ code: "PGRST108" });
    const ord = await rest(stack, "/authors?select=id,books!author_id(id)&order=books(id)");
    expect(ord.json()).toMatchObject({ code: "PGRST118" });
    const path = await rest(stack, "/a/b");
    expect(path.json()).toMatchObject({ code: "PGRST125" });
  });

  it("honours the Range header and max_rows", async () => {
    const res = await rest(stack, "/books?select=id&order=id", { headers: { range: "1-2", prefer: "count=exact" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("1-2/5");
    expect(res.json()).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it("reloads the schema cache on NOTIFY pgrst", async () => {
    await stack.sql("create table public.late (id int primary key)");
    expect((await rest(stack, "/late")).status).toBe(404);
    await stack.sql("notify pgrst, 'reload schema'");
    await expect.poll(async () => (await rest(stack, "/late")).status, { timeout: 5000 }).toBe(200);
  });

  it("serves the OpenAPI document following the caller's privileges", async () => {
    await stack.sql("create table public.hidden (id int primary key); revoke all on public.hidden from anon");
    await stack.ctx.hooks.reloadSchema();
    const res = await rest(stack, "/");
    expect(res.headers.get("content-type")).toBe("application/openapi+json; charset=utf-8");
    const doc = res.json() as {
      swagger: string;
      definitions: Record<
        string,
        { properties: Record<string, { format: string; type: string; description?: string; enum?: string[] }> }
      >;
      paths: Record<string, unknown>;
    };
    expect(doc.swagger).toBe("2.0");
    expect(doc.definitions.books.properties.id.description).toContain("<pk/>");
    expect(doc.definitions.books.properties.author_id.description).toContain("<fk table='authors' column='id'/>");
    expect(doc.definitions.authors.properties.mood.enum).toEqual(["happy", "sad", "meh"]);
    expect(doc.definitions.authors.properties.tags).toMatchObject({ type: "array", format: "text[]" });
    expect(doc.paths["/rpc/add"]).toBeDefined();
    expect(doc.paths["/hidden"]).toBeUndefined();
  });
});
