// /rest/v1 driven by the official supabase-js client: reads, filters, embeds,
// counts, ranges, single/maybeSingle, csv.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "./harness.js";
import { startRestStack } from "./rest-helpers.js";

let stack: TestStack;
let db: SupabaseClient;

beforeAll(async () => {
  stack = await startRestStack();
  db = stack.service();
});
afterAll(async () => {
  await stack?.stop();
});

const ids = (data: unknown) => (data as { id: number }[]).map((r) => r.id);

describe("select", () => {
  it("reads all columns in table order", async () => {
    const { data, error, status } = await db.from("authors").select().order("id");
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data?.[0]).toEqual({
      id: 1,
      name: "Ursula",
      mood: "happy",
      tags: ["scifi", "fantasy"],
      meta: { country: "US", awards: { hugo: 5 } },
      born: "1929-10-21",
      created_at: expect.any(String),
    });
  });

  it("aliases, casts and JSON arrows", async () => {
    const { data, error } = await db
      .from("authors")
      .select("who:name, id::text, country:meta->>country, hugo:meta->awards->hugo, meta->awards")
      .eq("id", 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ who: "Ursula", id: "1", country: "US", hugo: 5, awards: { hugo: 5 } });
  });

  it("embeds many-to-one as an object, one-to-many as an array, many-to-many through the junction", async () => {
    const { data, error } = await db
      .from("books")
      .select("id, title, author:authors!author_id(name), genres(name)")
      .order("id")
      .limit(2);
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, title: "The Left Hand of Darkness", author: { name: "Ursula" }, genres: [{ name: "scifi" }] },
      { id: 2, title: "A Wizard of Earthsea", author: { name: "Ursula" }, genres: [{ name: "fantasy" }] },
    ]);
    const { data: authors } = await db.from("authors").select("name, books!author_id(title)").eq("id", 3).single();
    expect(authors).toEqual({ name: "Octavia", books: [{ title: "Kindred" }] });
  });

  it("gives null for a missing to-one and [] for an empty to-many", async () => {
    const { data } = await db.from("books").select("id, editor:authors!editor_id(name)").eq("id", 2).single();
    expect(data).toEqual({ id: 2, editor: null });
    await stack.sql("insert into authors (id, name) values (50, 'Nobody')");
    const { data: a } = await db.from("authors").select("name, books!author_id(id)").eq("id", 50).single();
    expect(a).toEqual({ name: "Nobody", books: [] });
    await stack.sql("delete from authors where id = 50");
  });

  it("reports an ambiguous embed with PGRST201 and a missing one with PGRST200", async () => {
    const amb = await db.from("books").select("authors(name)");
    expect(amb.status).toBe(300);
    expect(amb.error?.code).toBe("PGRST201");
    expect(amb.error?.hint).toContain("'authors!books_author_id_fkey'");
    const none = await db.from("books").select("profiles(*)");
    expect(none.status).toBe(400);
    expect(none.error).toMatchObject({
      code: "PGRST200",
      message: "Could not find a relationship between 'books' and 'profiles' in the schema cache",
    });
  });

  it("!inner filters parents by their embed's filter; plain embed filters do not", async () => {
    const inner = await db
      .from("books")
      .select("id, author:authors!author_id!inner(name)")
      .eq("author.name", "Terry")
      .order("id");
    expect(ids(inner.data)).toEqual([3, 4]);
    const outer = await db
      .from("books")
      .select("id, author:authors!author_id(name)")
      .eq("author.name", "Terry")
      .order("id");
    expect(outer.data).toHaveLength(5);
    expect((outer.data as { author: unknown }[])[0].author).toBeNull();
  });

  it("orders and limits embedded rows", async () => {
    const { data } = await db
      .from("authors")
      .select("id, books!author_id(id)")
      .eq("id", 1)
      .order("id", { referencedTable: "books", ascending: false })
      .limit(1, { referencedTable: "books" })
      .single();
    expect(data).toEqual({ id: 1, books: [{ id: 2 }] });
  });

  it("orders by a to-one embed's column", async () => {
    const { data, error } = await db
      .from("books")
      .select("id, author:authors!author_id(name)")
      .order("author(name)", { ascending: false })
      .order("id");
    expect(error).toBeNull();
    // Authors by name descending: Ursula (1, 2), Terry (3, 4), Octavia (5).
    expect(ids(data)).toEqual([1, 2, 3, 4, 5]);
  });

  it("spreads a to-one embed", async () => {
    const { data } = await db.from("books").select("id, ...authors!author_id(author_name:name)").eq("id", 5).single();
    expect(data).toEqual({ id: 5, author_name: "Octavia" });
  });

  it("filters on an embed's presence", async () => {
    const withEditor = await db
      .from("books")
      .select("id, editor:authors!editor_id(id)")
      .not("editor", "is", null)
      .order("id");
    expect(ids(withEditor.data)).toEqual([1, 3, 5]);
    const without = await db.from("books").select("id, editor:authors!editor_id(id)").is("editor", null).order("id");
    expect(ids(without.data)).toEqual([2, 4]);
  });

  it("reads from views and other exposed schemas", async () => {
    const view = await db.from("book_titles").select("title").eq("id", 4).single();
    expect(view.data).toEqual({ title: "Small Gods" });
    const extra = await db.schema("extra").from("notes").select();
    expect(extra.data).toEqual([{ id: 1, body: "in extra" }]);
  });
});

describe("filters", () => {
  const q = () => db.from("books").select("id").order("id");
  it.each([
    ["eq", () => q().eq("pages", 304), [1]],
    ["neq", () => q().neq("author_id", 1), [3, 4, 5]],
    ["gt", () => q().gt("pages", 284), [1, 3]],
    ["gte", () => q().gte("pages", 284), [1, 3, 4]],
    ["lt", () => q().lt("pages", 264), [2]],
    ["lte", () => q().lte("pages", 264), [2, 5]],
    ["like", () => q().like("title", "%Gods%"), [4]],
    ["like with *", () => q().like("title", "*Guards*"), [3]],
    ["ilike", () => q().ilike("title", "%the%"), [1]],
    ["likeAnyOf", () => q().likeAnyOf("title", ["A %", "K%"]), [2, 5]],
    ["ilikeAllOf", () => q().ilikeAllOf("title", ["%a%", "%d%"]), [1, 2, 3, 4]],
    ["match", () => q().match({ author_id: 2, pages: 284 }), [4]],
    ["regex", () => q().filter("title", "match", "^[AK]"), [2, 5]],
    ["imatch", () => q().filter("title", "imatch", "^small"), [4]],
    ["is null", () => q().is("editor_id", null), [2, 4]],
    ["not is null", () => q().not("price", "is", null), [1, 2, 3, 5]],
    ["isDistinct", () => q().filter("editor_id", "isdistinct", "1"), [1, 2, 4]],
    ["in", () => q().in("id", [5, 1, 3]), [1, 3, 5]],
    ["in with commas", () => q().in("title", ["Guards! Guards!", "x,y", 'a"b']), [3]],
    ["not in", () => q().not("id", "in", "(1,2)"), [3, 4, 5]],
    ["or", () => q().or("pages.gt.300,title.eq.Kindred"), [1, 5]],
    ["nested and/or", () => q().or("and(author_id.eq.1,pages.lt.200),id.eq.4"), [2, 4]],
    ["not.or", () => q().not("id", "in", "(1)").or("id.eq.2,id.eq.3"), [2, 3]],
    ["fts", () => q().textSearch("search", "wizard"), [2]],
    ["plfts", () => q().textSearch("search", "small gods", { type: "plain" }), [4]],
    ["phfts with config", () => q().textSearch("title", "left hand", { type: "phrase", config: "english" }), [1]],
    ["wfts", () => q().textSearch("search", "guards -small", { type: "websearch" }), [3]],
    ["range sl", () => q().rangeLt("period", "[1980,1990)"), [1, 2, 5]],
    ["range sr", () => q().rangeGt("period", "[1970,1980)"), [3, 4]],
    ["range nxl", () => q().rangeGte("period", "[1980,1990)"), [3, 4]],
    ["range nxr", () => q().rangeLte("period", "[1968,1969)"), [2]],
    ["range adj", () => q().rangeAdjacent("period", "[1970,1979)"), [1, 5]],
    ["range ov", () => q().overlaps("period", "[1969,1980)"), [1, 5]],
    ["gt on dates", () => q().gt("published", "1980-01-01"), [3, 4]],
    ["numeric", () => q().lt("price", 8.5), [2, 3]],
  ] as [string, () => PromiseLike<{ data: unknown; error: unknown }>, number[]][])("%s", async (_n, run, expected) => {
    const { data, error } = await run();
    expect(error).toBeNull();
    expect(ids(data)).toEqual(expected);
  });

  it.each([
    ["cs array", () => db.from("authors").select("id").contains("tags", ["scifi"]).order("id"), [1, 3]],
    ["cd array", () => db.from("authors").select("id").containedBy("tags", ["scifi", "fantasy"]).order("id"), [1, 3]],
    ["ov array", () => db.from("authors").select("id").overlaps("tags", ["humor", "x"]).order("id"), [2]],
    ["cs jsonb", () => db.from("authors").select("id").contains("meta", { country: "UK" }), [2]],
    ["json arrow filter", () => db.from("authors").select("id").eq("meta->>country", "US"), [1]],
    ["enum", () => db.from("authors").select("id").eq("mood", "meh"), [2]],
    ["embedded column", () => db.from("authors").select("id, books!author_id!inner(id)").eq("books.pages", 183), [1]],
    [
      "embedded or",
      () =>
        db
          .from("authors")
          .select("id, books!author_id!inner(id)")
          .or("pages.eq.264,pages.eq.183", { referencedTable: "books" })
          .order("id"),
      [1, 3],
    ],
  ] as [string, () => PromiseLike<{ data: unknown; error: unknown }>, number[]][])("%s", async (_n, run, expected) => {
    const { data, error } = await run();
    expect(error).toBeNull();
    expect(ids(data)).toEqual(expected);
  });
});

describe("counts, ranges and media types", () => {
  it("counts exactly and answers 206 for a partial page", async () => {
    const res = await db.from("books").select("id", { count: "exact" }).order("id").range(1, 2);
    expect(res.status).toBe(206);
    expect(res.count).toBe(5);
    expect(ids(res.data)).toEqual([2, 3]);
  });

  it("answers 200 with the whole set and counts with head", async () => {
    const res = await db.from("books").select("*", { count: "exact", head: true });
    expect(res.status).toBe(200);
    expect(res.count).toBe(5);
    expect(res.data).toBeNull();
  });

  it("gives a planned count", async () => {
    const res = await db.from("books").select("id", { count: "planned" });
    expect(typeof res.count).toBe("number");
  });

  it("answers 416 past the end", async () => {
    const res = await db.from("books").select("id", { count: "exact" }).range(10, 12);
    expect(res.status).toBe(416);
    expect(res.error).toMatchObject({
      code: "PGRST103",
      details: "An offset of 10 was requested, but there are only 5 rows.",
    });
  });

  it("single() and maybeSingle()", async () => {
    const one = await db.from("books").select("title").eq("id", 3).single();
    expect(one.data).toEqual({ title: "Guards! Guards!" });
    const none = await db.from("books").select("title").eq("id", 99).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: "PGRST116", details: "The result contains 0 rows" });
    const many = await db.from("books").select("title").single();
    expect(many.error).toMatchObject({ code: "PGRST116", details: "The result contains 5 rows" });
    const maybe = await db.from("books").select("title").eq("id", 99).maybeSingle();
    expect(maybe).toMatchObject({ data: null, error: null });
  });

  it("csv()", async () => {
    const { data } = await db.from("authors").select("id,name,tags").in("id", [1, 2]).order("id").csv();
    expect(data).toBe('id,name,tags\n1,Ursula,"{scifi,fantasy}"\n2,Terry,"{fantasy,humor}"');
  });
});
