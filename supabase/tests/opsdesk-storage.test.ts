// Opsdesk's buckets and storage policies (issue 5) through supabase-js: who may upload,
// replace, read and remove product images and order documents, that files must sit in
// the folder of an existing record, that private documents need signed URLs, and that
// the buckets enforce docs/product.md §9's limits, the same ones the console checks before upload.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUCKET_LIMITS, ORDER_DOCUMENTS, PRODUCT_IMAGES } from "../../src/features/files/limits.js";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { DEMO, DEMO_PASSWORD } from "./opsdesk-db.js";

type Operator = "admin" | "editor" | "viewer" | "outsider";

let stack: TestStack;
const as: Record<Operator, SupabaseClient> = {} as never;
let productId: number;
let orderId: number;

const png = (bytes = 64) => new Blob([new Uint8Array(bytes).fill(7)], { type: "image/png" });
const pdf = (bytes = 64) => new Blob([new Uint8Array(bytes).fill(37)], { type: "application/pdf" });
const images = () => stack.anon().storage.from(PRODUCT_IMAGES.bucket);

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
  for (const account of ["admin", "editor", "viewer", "outsider"] as const) {
    const client = stack.anon();
    const { error } = await client.auth.signInWithPassword({ email: DEMO[account].email, password: DEMO_PASSWORD });
    if (error) throw error;
    as[account] = client;
  }
  [{ id: productId }] = await stack.sql<{ id: number }>("select min(id)::int as id from public.products");
  [{ id: orderId }] = await stack.sql<{ id: number }>("select min(id)::int as id from public.orders");
});
afterAll(async () => {
  await stack?.stop();
});

describe("bucket config", () => {
  it("matches the limits the console checks before upload", async () => {
    const rows = await stack.sql<{ id: string; public: boolean; size: number; types: string[] }>(
      "select id, public, file_size_limit::int as size, allowed_mime_types as types from storage.buckets order by id",
    );
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    for (const limits of BUCKET_LIMITS) {
      expect(byId[limits.bucket]).toMatchObject({ size: limits.maxBytes, types: [...limits.mimeTypes] });
    }
    expect(byId[PRODUCT_IMAGES.bucket].public).toBe(true);
    expect(byId[ORDER_DOCUMENTS.bucket].public).toBe(false);
  });
});

describe("product images", () => {
  it("an editor uploads into a product's folder and anyone reads it by its public URL", async () => {
    const path = `${productId}/editor.png`;
    const { error } = await as.editor.storage.from("product-images").upload(path, png(), { contentType: "image/png" });
    expect(error).toBeNull();
    const res = await fetch(images().getPublicUrl(path).data.publicUrl);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(64);
  });

  it("a viewer, an outsider and an anonymous caller cannot upload", async () => {
    for (const client of [as.viewer, as.outsider, stack.anon()]) {
      const { error } = await client.storage
        .from("product-images")
        .upload(`${productId}/denied.png`, png(), { contentType: "image/png" });
      expect(error).toMatchObject({ statusCode: "403" });
    }
    expect(await stack.sql("select 1 from storage.objects where name = $1", [`${productId}/denied.png`])).toEqual([]);
  });

  it("refuses files outside the folder of an existing product", async () => {
    for (const path of [
      "loose.png",
      "999999999/x.png",
      `${productId}/nested/x.png`,
      "abc/x.png",
      `0${productId}/x.png`,
    ]) {
      const { error } = await as.editor.storage
        .from("product-images")
        .upload(path, png(), { contentType: "image/png" });
      expect(error, path).toMatchObject({ statusCode: "403" });
    }
  });

  it("refuses files over 5 MB and other types than PNG, JPEG and WebP", async () => {
    const bucket = as.editor.storage.from("product-images");
    const big = await bucket.upload(`${productId}/big.png`, png(PRODUCT_IMAGES.maxBytes + 1), {
      contentType: "image/png",
    });
    expect(big.error).toMatchObject({ statusCode: "413" });
    const exact = await bucket.upload(`${productId}/exact.png`, png(PRODUCT_IMAGES.maxBytes), {
      contentType: "image/png",
    });
    expect(exact.error).toBeNull();
    for (const contentType of ["image/gif", "application/pdf", "text/html"]) {
      const wrong = await bucket.upload(`${productId}/wrong`, new Blob(["x"], { type: contentType }), { contentType });
      expect(wrong.error, contentType).toMatchObject({ statusCode: "415" });
    }
  });

  it("a replacement needs edit rights: the viewer cannot overwrite or remove, the editor can", async () => {
    const path = `${productId}/replace.png`;
    await as.editor.storage.from("product-images").upload(path, png(10), { contentType: "image/png" });
    const viewerUpsert = await as.viewer.storage
      .from("product-images")
      .upload(path, png(20), { contentType: "image/png", upsert: true });
    expect(viewerUpsert.error).toMatchObject({ statusCode: "403" });
    const viewerRemove = await as.viewer.storage.from("product-images").remove([path]);
    expect(viewerRemove.data).toEqual([]);

    const upsert = await as.editor.storage
      .from("product-images")
      .upload(path, png(20), { contentType: "image/png", upsert: true });
    expect(upsert.error).toBeNull();
    const [{ size }] = await stack.sql<{ size: number }>(
      "select (metadata->>'size')::int as size from storage.objects where bucket_id = 'product-images' and name = $1",
      [path],
    );
    expect(size).toBe(20);
    const removed = await as.editor.storage.from("product-images").remove([path]);
    expect(removed.data?.map((o) => o.name)).toEqual([path]);
  });

  it("the folder of a deleted product can still be cleaned by an operator who may delete products", async () => {
    const [{ id }] = await stack.sql<{ id: number }>(
      "insert into public.products (sku, name, price) values ('STORAGE-GONE', 'Gone', 1) returning id::int",
    );
    const path = `${id}/gone.png`;
    expect((await as.editor.storage.from("product-images").upload(path, png())).error).toBeNull();
    await stack.sql("delete from public.products where id = $1", [id]);
    const removed = await as.admin.storage.from("product-images").remove([path]);
    expect(removed.data?.map((o) => o.name)).toEqual([path]);
    expect(await stack.sql("select 1 from storage.objects where name = $1", [path])).toEqual([]);
  });
});

describe("order documents", () => {
  const path = () => `${orderId}/invoice.pdf`;

  beforeAll(async () => {
    const { error } = await as.editor.storage.from("order-documents").upload(path(), pdf(), {
      contentType: "application/pdf",
    });
    if (error) throw error;
  });

  it("are not readable by their public URL, only through a signed URL of someone who may see orders", async () => {
    const publicUrl = stack.anon().storage.from("order-documents").getPublicUrl(path()).data.publicUrl;
    expect((await fetch(publicUrl)).ok).toBe(false);

    const { data, error } = await as.viewer.storage
      .from("order-documents")
      .createSignedUrl(path(), 60, { download: "invoice.pdf" });
    expect(error).toBeNull();
    const res = await fetch(data?.signedUrl ?? "");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain("invoice.pdf");

    for (const client of [as.outsider, stack.anon()]) {
      const denied = await client.storage.from("order-documents").createSignedUrl(path(), 60);
      expect(denied.data).toBeNull();
      expect(denied.error).not.toBeNull();
    }
  });

  it("are listed per order for staff and for nobody else", async () => {
    const listed = await as.viewer.storage.from("order-documents").list(String(orderId));
    expect(listed.data?.map((o) => o.name)).toContain("invoice.pdf");
    const outsider = await as.outsider.storage.from("order-documents").list(String(orderId));
    expect(outsider.data ?? []).toEqual([]);
  });

  it("a viewer cannot upload or delete; uploads must name an existing order", async () => {
    const viewer = await as.viewer.storage
      .from("order-documents")
      .upload(`${orderId}/viewer.pdf`, pdf(), { contentType: "application/pdf" });
    expect(viewer.error).toMatchObject({ statusCode: "403" });
    expect((await as.viewer.storage.from("order-documents").remove([path()])).data).toEqual([]);
    const nowhere = await as.editor.storage
      .from("order-documents")
      .upload("999999999/x.pdf", pdf(), { contentType: "application/pdf" });
    expect(nowhere.error).toMatchObject({ statusCode: "403" });
  });

  it("refuses anything but PDF up to 10 MB", async () => {
    const bucket = as.editor.storage.from("order-documents");
    const png10 = await bucket.upload(`${orderId}/photo.png`, png(), { contentType: "image/png" });
    expect(png10.error).toMatchObject({ statusCode: "415" });
    const big = await bucket.upload(`${orderId}/big.pdf`, pdf(ORDER_DOCUMENTS.maxBytes + 1), {
      contentType: "application/pdf",
    });
    expect(big.error).toMatchObject({ statusCode: "413" });
  });

  it("an editor deletes a document and its signed URL stops working", async () => {
    const doomed = `${orderId}/doomed.pdf`;
    await as.editor.storage.from("order-documents").upload(doomed, pdf(), { contentType: "application/pdf" });
    const { data } = await as.editor.storage.from("order-documents").createSignedUrl(doomed, 60);
    const removed = await as.editor.storage.from("order-documents").remove([doomed]);
    expect(removed.data?.map((o) => o.name)).toEqual([doomed]);
    expect((await fetch(data?.signedUrl ?? "")).ok).toBe(false);
  });
});
