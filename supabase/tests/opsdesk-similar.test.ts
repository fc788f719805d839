// The console's vector functions (docs/product.md §11): `similar` (products like this one;
// customers like the one being typed), `duplicates` (pairs above the threshold) and
// `merge-customers` (orders moved, duplicate deleted, audited, stale pairs refused),
// each checking the caller's permissions.
import type { FunctionsHttpError, SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../../stack/test/harness.js";
import { signIn, startEmbeddedStack, within } from "./opsdesk-vectors.js";

let stack: TestStack;
let admin: SupabaseClient;
let editor: SupabaseClient;
let viewer: SupabaseClient;
let outsider: SupabaseClient;

interface Customer {
  id: string;
  full_name: string;
  email: string;
  version: number;
  order_count: number;
}
interface Pair {
  similarity: number;
  a: Customer;
  b: Customer;
}

/** The function's answer: its JSON on success, else {status, error}. */
async function call<T>(
  client: SupabaseClient,
  name: string,
  body: object,
): Promise<{ data?: T; status?: number; error?: string; code?: string; rule?: string }> {
  const { data, error } = await client.functions.invoke(name, { body });
  if (!error) return { data: data as T };
  const response = (error as FunctionsHttpError).context as Response;
  const { error: message, code, rule } = await response.json();
  return { status: response.status, error: message, code, rule };
}

beforeAll(async () => {
  stack = await startEmbeddedStack();
  [admin, editor, viewer, outsider] = await Promise.all(
    (["admin", "editor", "viewer", "outsider"] as const).map((a) => signIn(stack, a)),
  );
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const names = (pairs: Pair[]) => pairs.map((p) => [p.a.full_name, p.b.full_name].sort().join(" / ")).sort();

describe("similar, duplicates and merge-customers", () => {
  it("finds the 5 products nearest to a product, most similar first, not itself", async () => {
    const [{ id }] = await stack.sql<{ id: number }>("select id from products order by id limit 1");
    const { data } = await call<{ similar: { id: number; name: string; sku: string; similarity: number }[] }>(
      viewer,
      "similar",
      { resource: "products", id: Number(id) },
    );
    expect(data?.similar).toHaveLength(5);
    expect(data?.similar.map((s) => s.id)).not.toContain(Number(id));
    const sims = data?.similar.map((s) => s.similarity) ?? [];
    expect([...sims].sort((a, b) => b - a)).toEqual(sims);
    expect(sims.every((s) => s > 0 && s <= 1)).toBe(true);
    expect(data?.similar[0]).toMatchObject({ name: expect.any(String), sku: expect.any(String) });
  });

  it("offers existing customers while one is typed on the create form", async () => {
    const { data } = await call<{ matches: { full_name: string; similarity: number }[] }>(editor, "similar", {
      resource: "customers",
      full_name: "amir haddad",
      email: "amir.hadad@example.com",
    });
    expect(data?.matches.map((m) => m.full_name).sort()).toEqual(["Amir Hadad", "Amir Haddad"]);
    expect(data?.matches.every((m) => m.similarity >= 0.85)).toBe(true);
    const none = await call<{ matches: unknown[] }>(editor, "similar", {
      resource: "customers",
      full_name: "Xavier Quintessence",
      email: "xq@nowhere.test",
    });
    expect(none.data?.matches).toEqual([]);
  });

  it("lists the seeded duplicate pairs above the threshold", async () => {
    const { data } = await call<{ pairs: Pair[]; threshold: number }>(admin, "duplicates", {});
    expect(data?.threshold).toBe(0.85);
    expect(names(data?.pairs ?? [])).toEqual([
      "Amir Hadad / Amir Haddad",
      "Jürgen Müller / Muller Jurgen",
      "Sofia Rosi / Sofia Rossi",
    ]);
    expect(data?.pairs[0]).toMatchObject({ a: { version: expect.any(Number), order_count: expect.any(Number) } });
  });

  it("refuses callers without the permissions", async () => {
    const [{ id }] = await stack.sql<{ id: number }>("select id from products order by id limit 1");
    expect(await call(outsider, "similar", { resource: "products", id: Number(id) })).toMatchObject({ status: 403 });
    expect(await call(outsider, "duplicates", {})).toMatchObject({ status: 403 });
    const anon = await stack.anon().functions.invoke("duplicates", { body: {} });
    expect(((anon.error as FunctionsHttpError).context as Response).status).toBe(401);
    const pair = { keep: { id: crypto.randomUUID(), version: 1 }, duplicate: { id: crypto.randomUUID(), version: 1 } };
    for (const client of [viewer, editor]) {
      expect(await call(client, "merge-customers", pair)).toMatchObject({
        status: 403,
        error: "You don't have permission to do that.",
        code: "OPSDESK_FORBIDDEN",
      });
      // The whole-table comparison is for who may merge (customers edit + delete), as its screen.
      expect(await call(client, "duplicates", {})).toMatchObject({
        status: 403,
        error: "You don't have permission to do that.",
      });
    }
  });

  it("merges a pair: orders move, the duplicate goes, all audited; a stale pair is refused", async () => {
    const { data } = await call<{ pairs: Pair[] }>(admin, "duplicates", {});
    const pair = data?.pairs.find((p) => p.a.full_name.startsWith("Amir")) as Pair;
    const [keep, duplicate] = pair.a.full_name === "Amir Haddad" ? [pair.a, pair.b] : [pair.b, pair.a];
    const ordersBefore = await stack.sql("select id from orders where customer_id = $1", [duplicate.id]);

    const stale = await call(admin, "merge-customers", {
      keep: { id: keep.id, version: keep.version },
      duplicate: { id: duplicate.id, version: duplicate.version - 1 },
    });
    expect(stale).toMatchObject({
      status: 409,
      error: "Someone else changed one of these customers. Reload to see their changes.",
      code: "OPSDESK_STALE",
    });
    // The merge's own rules answer their code (app.refuse), never only an English sentence.
    expect(
      await call(admin, "merge-customers", {
        keep: { id: keep.id, version: keep.version },
        duplicate: { id: keep.id, version: keep.version },
      }),
    ).toMatchObject({ status: 409, code: "OPSDESK_RULE", rule: "customer_merge_self" });
    expect(
      await call(admin, "merge-customers", { keep: { id: keep.id }, duplicate: { id: duplicate.id, version: 1 } }),
    ).toMatchObject({ status: 400, code: "OPSDESK_BAD_REQUEST" });

    const [{ before }] = await stack.sql("select clock_timestamp() as before");
    const merged = await call<{ moved_orders: number }>(admin, "merge-customers", {
      keep: { id: keep.id, version: keep.version },
      duplicate: { id: duplicate.id, version: duplicate.version },
    });
    expect(merged.data).toMatchObject({ kept: keep.id, removed: duplicate.id, moved_orders: ordersBefore.length });
    expect(await stack.sql("select 1 from customers where id = $1", [duplicate.id])).toEqual([]);
    const moved = await stack.sql("select customer_id from orders where id = any($1)", [ordersBefore.map((o) => o.id)]);
    expect(moved.every((o) => o.customer_id === keep.id)).toBe(true);
    const audit = await stack.sql(
      `select table_name, action, actor_email from opsdesk.audit_log
        where at >= $3 and schema_name = 'public'
          and ((table_name = 'customers' and record_id = $1) or (table_name = 'orders' and record_id = any($2)))
        order by id`,
      [duplicate.id, ordersBefore.map((o) => String(o.id)), before],
    );
    expect(audit).toEqual([
      ...ordersBefore.map(() => ({ table_name: "orders", action: "UPDATE", actor_email: "admin@example.com" })),
      { table_name: "customers", action: "DELETE", actor_email: "admin@example.com" },
    ]);
    await within(5000, async () => {
      const after = await call<{ pairs: Pair[] }>(admin, "duplicates", {});
      return !names(after.data?.pairs ?? []).includes("Amir Hadad / Amir Haddad");
    });
  });
});
