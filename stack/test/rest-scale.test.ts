// Reads on a table larger than max_rows (1000 in the rest fixture): exact counts
// everything, planned is the planner's estimate, estimated is exact up to max_rows
// and the estimate beyond, as PostgREST. Deep pages keep their embeds; related
// orders (joined, not looked up per row) keep rows whose reference is null.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "./harness.js";
import { startRestStack } from "./rest-helpers.js";

let stack: TestStack;
let db: SupabaseClient;
const ANALYZED = 3000;
/** Inserted after ANALYZE with pages beyond the statistics: the planner expects almost none. */
const UNSEEN = 2000;

beforeAll(async () => {
  stack = await startRestStack();
  db = stack.service();
  await stack.sql("alter table public.books set (autovacuum_enabled = false)");
  await stack.sql(
    `insert into public.books (title, author_id, pages)
     select 'Bulk ' || g, 1 + g % 3, 100 + g % 400 from generate_series(1, $1::int) g`,
    [ANALYZED],
  );
  await stack.sql("analyze public.books");
  await stack.sql(
    `insert into public.books (title, author_id, pages) select 'Late ' || g, 1, 999 from generate_series(1, $1::int) g`,
    [UNSEEN],
  );
});
afterAll(async () => {
  await stack?.stop();
});

describe("counts beyond max_rows", () => {
  it("exact counts every row", async () => {
    const { count, error } = await db.from("books").select("id", { count: "exact" }).range(0, 9);
    expect(error).toBeNull();
    expect(count).toBe(ANALYZED + UNSEEN + 5);
  });

  it("estimated takes the planner's estimate once the exact count passes max_rows", async () => {
    const late = () => db.from("books").select("id", { count: "estimated" }).gte("pages", 900).range(0, 9);
    const planned = await db.from("books").select("id", { count: "planned" }).gte("pages", 900).range(0, 9);
    const { count, error } = await late();
    expect(error).toBeNull();
    expect(planned.count).toBeLessThan(1000);
    // Never below what was counted exactly (max_rows + 1), otherwise the estimate.
    expect(count).toBe(Math.max(1001, planned.count ?? 0));
  });

  it("estimated is exact below max_rows", async () => {
    const { count } = await db.from("books").select("id", { count: "estimated" }).lte("id", 700).range(0, 9);
    expect(count).toBe(700);
  });

  it("a deep page carries its embeds in order", async () => {
    const { data, error } = await db
      .from("books")
      .select("id, author:authors!author_id(name)", { count: "estimated" })
      .order("id")
      .range(2500, 2502);
    expect(error).toBeNull();
    expect(data?.map((b) => b.id)).toEqual([2501, 2502, 2503]);
    expect(data?.every((b) => typeof (b.author as unknown as { name: string }).name === "string")).toBe(true);
  });
});

describe("pages past an offset", () => {
  it("are the rows the full order puts there, ties included", async () => {
    const [{ ids }] = await stack.sql<{ ids: number[] }>(
      "select array_agg(id order by pages desc, id) as ids from public.books",
    );
    const { data, error } = await db
      .from("books")
      .select("id, pages")
      .order("pages", { ascending: false })
      .order("id")
      .range(1200, 1209);
    expect(error).toBeNull();
    expect(data?.map((b) => b.id)).toEqual(ids.slice(1200, 1210).map(Number));
  });

  it("work on a table keyed by several columns, ordered by a related column", async () => {
    await stack.sql(
      "insert into public.book_genres select b, 1 + b % 3 from generate_series(6, 1505) b on conflict do nothing",
    );
    const [{ keys }] = await stack.sql<{ keys: string[] }>(
      `select array_agg(bg.book_id || ':' || bg.genre_id order by g.name, bg.book_id) as keys
       from public.book_genres bg join public.genres g on g.id = bg.genre_id`,
    );
    const { data, error } = await db
      .from("book_genres")
      .select("book_id, genre_id, genres(name)")
      .order("genres(name)")
      .order("book_id")
      .range(700, 704);
    expect(error).toBeNull();
    expect(data?.map((r) => `${r.book_id}:${r.genre_id}`)).toEqual(keys.slice(700, 705));
  });
});

describe("related order", () => {
  it("keeps rows without the related row, once each", async () => {
    const { data, error } = await db
      .from("books")
      .select("id, editor:authors!editor_id(name)")
      .lte("id", 5)
      .order("editor(name)", { ascending: true })
      .order("id");
    expect(error).toBeNull();
    // Terry edits 1, Ursula 3 and 5; 2 and 4 have no editor (nulls last when ascending).
    expect(data?.map((b) => b.id)).toEqual([1, 3, 5, 2, 4]);
  });

  it("orders an embedded list by its own to-one embed", async () => {
    const { data, error } = await db
      .from("authors")
      .select("id, books!author_id(id, editor:authors!editor_id(name))")
      .eq("id", 2)
      .lte("books.id", 5)
      .order("editor(name)", { referencedTable: "books", ascending: false, nullsFirst: true });
    expect(error).toBeNull();
    expect(data?.[0].books.map((b: { id: number }) => b.id)).toEqual([4, 3]);
  });
});
