// Automatic embeddings (docs/product.md §11) through the whole chain: a change to a product or
// customer — through REST, CSV import or a bulk update — is queued by a trigger,
// sent by the pg_cron job through pg_net to the `embed` edge function, and shows
// in vector queries within 5 s; a deleted record loses its vector.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../../stack/test/harness.js";
import { customerFields, embedFields, productFields } from "../functions/_shared/embedding.js";
import { signIn, startEmbeddedStack, within } from "./opsdesk-vectors.js";

const WITHIN_MS = 5000;
let stack: TestStack;
let editor: SupabaseClient;
let admin: SupabaseClient;

const index = (name: "products" | "customers") => stack.service().storage.vectors.from("opsdesk").index(name);

async function nearest(name: "products" | "customers", vector: number[], topK = 1) {
  const { data, error } = await index(name).queryVectors({
    queryVector: { float32: vector },
    topK,
    returnDistance: true,
    returnMetadata: true,
  });
  if (error) throw error;
  return data.vectors;
}

const productVector = (p: { name: string; description?: string; tags?: string[]; category?: string }) =>
  embedFields(
    productFields({
      name: p.name,
      description: p.description ?? null,
      tags: p.tags ?? [],
      category: p.category ?? null,
    }),
  );

/** The embedding of a product as stored now: what `embed` must have written for it. */
async function currentProductVector(id: number): Promise<number[]> {
  const { data } = await editor
    .from("products")
    .select("name, description, tags, category:categories(name)")
    .eq("id", id)
    .single();
  return productVector({
    name: data?.name,
    description: data?.description ?? undefined,
    tags: data?.tags ?? [],
    category: (data?.category as unknown as { name: string } | null)?.name,
  });
}

beforeAll(async () => {
  stack = await startEmbeddedStack();
  editor = await signIn(stack, "editor");
  admin = await signIn(stack, "admin");
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe("automatic embeddings", () => {
  it("embedded every seeded product and customer", async () => {
    const [{ products, customers }] = await stack.sql(
      `select count(*) filter (where i.name = 'products')::int as products,
              count(*) filter (where i.name = 'customers')::int as customers
         from storage_vectors.vectors v join storage.vector_indexes i on i.id = v.index_id where i.bucket_id = 'opsdesk'`,
    );
    const [{ p, c }] = await stack.sql(
      "select (select count(*)::int from products) as p, (select count(*)::int from customers) as c",
    );
    expect({ products, customers }).toEqual({ products: p, customers: c });
  });

  it("reflects a product renamed through REST within 5 s", async () => {
    const { data: product } = await editor.from("products").select("id, version").limit(1).single();
    const name = "Quokka-shaped espresso tamper";
    const { error } = await editor.from("products").update({ name, version: product?.version }).eq("id", product?.id);
    expect(error).toBeNull();
    const vector = await currentProductVector(product?.id);
    await within(WITHIN_MS, async () => {
      const [top] = await nearest("products", vector);
      return top.key === String(product?.id) && (top.distance ?? 1) < 1e-6 && top.metadata?.name === name;
    });
  });

  it("embeds rows imported from CSV (import_rows) within 5 s", async () => {
    const { data: category } = await editor.from("categories").select("name").limit(1).single();
    const rows = [
      { sku: "VEC-IMPORT-1", name: "Zebra-striped umbrella stand", price: 30, category_id: category?.name },
      { sku: "VEC-IMPORT-2", name: "Walnut xylophone for toddlers", price: 45, category_id: category?.name },
    ];
    const { data, error } = await editor.rpc("import_rows", {
      resource: "products",
      rows,
      labels: { category_id: "name" },
      dry_run: false,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ committed: true, inserted: 2 });
    const [{ id }] = await stack.sql<{ id: string }>("select id from products where sku = 'VEC-IMPORT-2'");
    const vector = productVector({ name: "Walnut xylophone for toddlers", category: category?.name });
    await within(WITHIN_MS, async () => (await nearest("products", vector))[0]?.key === String(id));
  });

  it("follows a bulk change within 5 s, writing exactly the embedding of the record", async () => {
    const { data: some } = await editor.from("products").select("id").order("id").limit(20);
    const ids = (some ?? []).map((p) => p.id);
    const { error } = await editor
      .from("products")
      .update({ tags: ["bulk-vector-tag"] })
      .in("id", ids);
    expect(error).toBeNull();
    const probe = ids[ids.length - 1];
    await within(WITHIN_MS, async () => {
      const [{ n }] = await stack.sql<{ n: number }>(
        "select count(*)::int as n from app.embedding_jobs where resource = 'products' and record_id = any($1)",
        [ids.map(String)],
      );
      return n === 0;
    });
    const [stored] =
      (await index("products").getVectors({ keys: [String(probe)], returnData: true })).data?.vectors ?? [];
    const expected = await currentProductVector(probe);
    expect(stored.data?.float32.map((v: number) => v.toFixed(5))).toEqual(
      expected.map((v) => Math.fround(v).toFixed(5)),
    );
  });

  it("removes the vector of a deleted customer and embeds a new one within 5 s", async () => {
    const created = await admin
      .from("customers")
      .insert({ full_name: "Ottilie Vectorsdottir", email: "ottilie.v@example.is", country: "IS" })
      .select("id")
      .single();
    expect(created.error).toBeNull();
    const key = created.data?.id as string;
    const vector = embedFields(customerFields({ full_name: "Ottilie Vectorsdottir", email: "ottilie.v@example.is" }));
    await within(WITHIN_MS, async () => (await nearest("customers", vector))[0]?.key === key);
    expect((await admin.from("customers").delete().eq("id", key)).error).toBeNull();
    await within(
      WITHIN_MS,
      async () => (await index("customers").getVectors({ keys: [key] })).data?.vectors.length === 0,
    );
  });

  it("refuses callers of embed other than the database", async () => {
    const { error } = await editor.functions.invoke("embed", { body: { jobs: [] } });
    expect((error as { context?: Response }).context?.status).toBe(403);
  });
});
