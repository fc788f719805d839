// public.search_products (issue 6, scale): full-text search of products through the GIN
// index for callers the products select policy admits, composed by /rest/v1 like a table
// read, and PT413 for words with more matches than the caller lets it read.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { DEMO, DEMO_PASSWORD } from "./opsdesk-db.js";

let stack: TestStack;
const clients = new Map<keyof typeof DEMO, SupabaseClient>();
/** A word of some seed products' names: the seed names products "<adjective> <noun>". */
let word: string;

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
  for (const account of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
    const { data, error } = await stack
      .anon()
      .auth.signInWithPassword({ email: DEMO[account].email, password: DEMO_PASSWORD });
    if (error) throw error;
    clients.set(account, stack.asUser(data.session.access_token));
  }
  const [row] = await stack.sql<{ noun: string }>(
    "select split_part(name, ' ', 2) as noun from products where category_id is not null order by id limit 1",
  );
  word = row.noun;
});
afterAll(async () => {
  await stack?.stop();
});

const client = (account: keyof typeof DEMO) => clients.get(account) as SupabaseClient;
/** supabase-js types an RPC's rows as one row or many; a setof function returns many. */
const many = <T>(rows: T | T[] | null): T[] => (rows ?? []) as T[];
const ids = (rows: { id: number } | { id: number }[] | null) => many(rows).map((r) => r.id);

describe("search_products", () => {
  it.each(["admin", "editor", "viewer"] as const)("finds for %s what a search of the table finds", async (account) => {
    const db = client(account);
    const table = await db.from("products").select("id").filter("search", "wfts(english)", word).order("id");
    const rpc = await db.rpc("search_products", { q: word }, { get: true }).select("id").order("id");
    expect(table.error).toBeNull();
    expect(rpc.error).toBeNull();
    expect(ids(rpc.data).length).toBeGreaterThan(0);
    expect(ids(rpc.data)).toEqual(ids(table.data));
  });

  it("composes filters, related order, embeds, range and count like a table read", async () => {
    const db = client("viewer");
    const { data, count, error } = await db
      .rpc("search_products", { q: word }, { get: true, count: "exact" })
      .select("id,name,status,categories(id,name)")
      .neq("status", "archived")
      .order("categories(name)", { ascending: false })
      .order("id")
      .range(0, 1);
    expect(error).toBeNull();
    const [expected] = await stack.sql<{ n: string }>(
      "select count(*) as n from products where search @@ websearch_to_tsquery('english', $1) and status <> 'archived'",
      [word],
    );
    expect(count).toBe(Number(expected.n));
    expect(many(data).length).toBe(Math.min(2, count ?? 0));
    for (const row of many(data)) {
      expect(row.status).not.toBe("archived");
      expect(row.name.toLowerCase()).toContain(word.toLowerCase());
      expect(row.categories).toEqual({ id: expect.any(Number), name: expect.any(String) });
    }
  });

  it("finds nothing for signed-in users who are not active staff", async () => {
    for (const account of ["outsider", "former"] as const) {
      const { data, error } = await client(account).rpc("search_products", { q: word }, { get: true });
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
  });

  it("is not callable without signing in", async () => {
    const { error, status } = await stack.anon().rpc("search_products", { q: word }, { get: true });
    expect(status).toBe(401);
    expect(error?.code).toBe("42501");
  });

  it("refuses more matches than max_matches with PT413, so the caller searches the table", async () => {
    const { error, status } = await client("admin").rpc("search_products", { q: word, max_matches: 1 }, { get: true });
    expect(status).toBe(413);
    expect(error).toMatchObject({ code: "PT413", message: "The search matches more than 1 products." });
    expect(error?.hint).toContain("wfts(english)");
  });

  it("takes websearch syntax and words that match nothing", async () => {
    const db = client("admin");
    const quoted = await db.rpc("search_products", { q: `"${word}" -zzzqqq` }, { get: true }).select("id");
    expect(quoted.error).toBeNull();
    expect(many(quoted.data).length).toBeGreaterThan(0);
    const none = await db.rpc("search_products", { q: "zzzqqq" }, { get: true }).select("id");
    expect(none).toMatchObject({ error: null, data: [] });
  });
});
