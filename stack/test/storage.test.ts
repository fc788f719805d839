// Storage through the official storage-js client: buckets, uploads (raw and
// multipart), downloads, info/exists, list, move, copy, remove, public and signed URLs.
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe("storage: buckets and objects", () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ projectDir: path.join(FIXTURES, "storage") });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("creates the buckets declared in config.toml", async () => {
    const { data, error } = await stack.service().storage.listBuckets();
    expect(error).toBeNull();
    const byId = Object.fromEntries((data ?? []).map((b) => [b.id, b]));
    expect(byId.assets).toMatchObject({ public: true, file_size_limit: null });
    expect(byId.limited).toMatchObject({
      public: false,
      file_size_limit: 1024,
      allowed_mime_types: ["image/*", "text/plain"],
    });
  });

  it("creates, gets, updates, empties and deletes a bucket", async () => {
    const storage = stack.service().storage;
    expect(await storage.createBucket("tmp-bucket", { public: false, fileSizeLimit: "2MB" })).toEqual({
      data: { name: "tmp-bucket" },
      error: null,
    });
    const dup = await storage.createBucket("tmp-bucket");
    expect(dup.error).toMatchObject({ statusCode: "409", message: "The resource already exists" });

    const got = await storage.getBucket("tmp-bucket");
    expect(got.data).toMatchObject({ id: "tmp-bucket", name: "tmp-bucket", public: false, file_size_limit: 2_000_000 });
    // storage-api's columns for one bucket: no `type`, which only the list carries.
    expect(Object.keys(got.data ?? {}).sort()).toEqual([
      "allowed_mime_types",
      "created_at",
      "file_size_limit",
      "id",
      "name",
      "owner",
      "public",
      "updated_at",
    ]);
    expect((await storage.listBuckets()).data?.find((b) => b.id === "tmp-bucket")).toMatchObject({ type: "STANDARD" });

    expect((await storage.updateBucket("tmp-bucket", { public: true, allowedMimeTypes: ["text/plain"] })).data).toEqual(
      { message: "Successfully updated" },
    );
    expect((await storage.getBucket("tmp-bucket")).data).toMatchObject({
      public: true,
      allowed_mime_types: ["text/plain"],
    });

    await storage.from("tmp-bucket").upload("a.txt", "hello", { contentType: "text/plain" });
    const notEmpty = await storage.deleteBucket("tmp-bucket");
    expect(notEmpty.error).toMatchObject({ statusCode: "409" });
    // storage-api's answer (it queues the deletion); the stack has emptied the bucket already.
    expect((await storage.emptyBucket("tmp-bucket")).data).toEqual({
      message: "Empty bucket has been queued. Completion may take up to an hour.",
    });
    expect((await storage.from("tmp-bucket").list()).data).toEqual([]);
    expect((await storage.deleteBucket("tmp-bucket")).data).toEqual({ message: "Successfully deleted" });
    const gone = await storage.getBucket("tmp-bucket");
    expect(gone.error).toMatchObject({ statusCode: "404", message: "Bucket not found" });
    expect(filesUnder(path.join(stack.ctx.dataDir, "storage", "tmp-bucket"))).toEqual([]);
  });

  it("uploads raw and multipart bodies and downloads the same bytes with their headers", async () => {
    const files = stack.service().storage.from("assets");
    const raw = await files.upload("raw/hello.txt", Buffer.from("hello raw"), {
      contentType: "text/plain",
      cacheControl: "60",
      metadata: { owner: "tests" },
    });
    expect(raw.error).toBeNull();
    expect(raw.data).toMatchObject({ path: "raw/hello.txt", fullPath: "assets/raw/hello.txt" });
    expect(raw.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const multi = await files.upload("img/dot.png", new Blob([png], { type: "image/png" }), { cacheControl: "120" });
    expect(multi.error).toBeNull();

    const { data: blob } = await files.download("img/dot.png");
    expect(new Uint8Array(await (blob as Blob).arrayBuffer())).toEqual(png);
    expect((blob as Blob).type).toBe("image/png");

    const res = await fetch(`${stack.url}/storage/v1/object/assets/raw/hello.txt`, {
      headers: { apikey: stack.keys.serviceRole, authorization: `Bearer ${stack.keys.serviceRole}` },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("hello raw");
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect(res.headers.get("cache-control")).toBe("max-age=60");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers.get("content-length")).toBe("9");

    const info = await files.info("raw/hello.txt");
    expect(info.data).toMatchObject({
      name: "raw/hello.txt",
      bucketId: "assets",
      size: 9,
      contentType: "text/plain",
      cacheControl: "max-age=60",
      metadata: { owner: "tests" },
    });
    expect(await files.exists("raw/hello.txt")).toMatchObject({ data: true });
    const head = await fetch(`${stack.url}/storage/v1/object/assets/raw/hello.txt`, {
      method: "HEAD",
      headers: { apikey: stack.keys.serviceRole, authorization: `Bearer ${stack.keys.serviceRole}` },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("9");
    const publicInfo = await fetch(`${stack.url}/storage/v1/object/info/public/assets/raw/hello.txt`);
    expect(await publicInfo.json()).toMatchObject({ name: "raw/hello.txt", size: 9 });
    expect((await files.exists("raw/missing.txt")).data).toBe(false);
  });

  it("answers a Range request with 206 and the slice", async () => {
    const files = stack.service().storage.from("assets");
    await files.upload("range.txt", "0123456789", { contentType: "text/plain" });
    const res = await fetch(`${stack.url}/storage/v1/object/public/assets/range.txt`, {
      headers: { range: "bytes=2-5" },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("bytes 2-5/10");
    expect(await res.text()).toBe("2345");
  });

  it("refuses an existing path without upsert (409) and replaces it with upsert or update", async () => {
    const files = stack.service().storage.from("assets");
    await files.upload("dup.txt", "one", { contentType: "text/plain" });
    const again = await files.upload("dup.txt", "two", { contentType: "text/plain" });
    expect(again.error).toMatchObject({ statusCode: "409", message: "The resource already exists" });
    expect(await (await files.download("dup.txt")).data?.text()).toBe("one");

    expect((await files.upload("dup.txt", "three", { contentType: "text/plain", upsert: true })).error).toBeNull();
    expect(await (await files.download("dup.txt")).data?.text()).toBe("three");
    expect((await files.update("dup.txt", "four", { contentType: "text/plain" })).error).toBeNull();
    expect(await (await files.download("dup.txt")).data?.text()).toBe("four");
    // Replaced versions leave no bytes behind.
    expect(filesUnder(path.join(stack.ctx.dataDir, "storage", "assets", "dup.txt"))).toHaveLength(1);
  });

  it("lists a folder: folders first with null ids, prefix, search, limit/offset, sort", async () => {
    const files = stack.service().storage.from("assets");
    for (const name of ["list/b.txt", "list/a.txt", "list/c.txt", "list/sub/deep.txt", "list/sub/deeper/x.txt"]) {
      expect((await files.upload(name, name, { contentType: "text/plain" })).error).toBeNull();
    }
    const { data, error } = await files.list("list");
    expect(error).toBeNull();
    expect(data?.map((e) => [e.name, e.id === null])).toEqual([
      ["sub", true],
      ["a.txt", false],
      ["b.txt", false],
      ["c.txt", false],
    ]);
    expect(data?.[1].metadata).toMatchObject({ size: 10, mimetype: "text/plain" });

    const page = await files.list("list", { limit: 2, offset: 1 });
    expect(page.data?.map((e) => e.name)).toEqual(["a.txt", "b.txt"]);
    const desc = await files.list("list", { sortBy: { column: "name", order: "desc" } });
    expect(desc.data?.map((e) => e.name)).toEqual(["sub", "c.txt", "b.txt", "a.txt"]);
    const searched = await files.list("list", { search: "b" });
    expect(searched.data?.map((e) => e.name)).toEqual(["b.txt"]);
    const nested = await files.list("list/sub/");
    expect(nested.data?.map((e) => e.name)).toEqual(["deeper", "deep.txt"]);
  });

  it("moves, copies and removes objects", async () => {
    const files = stack.service().storage.from("assets");
    await files.upload("mv/src.txt", "moving", { contentType: "text/plain" });
    expect(await files.move("mv/src.txt", "mv/dst.txt")).toEqual({
      data: { message: "Successfully moved" },
      error: null,
    });
    expect((await files.download("mv/src.txt")).error).toMatchObject({ statusCode: "404" });
    expect(await (await files.download("mv/dst.txt")).data?.text()).toBe("moving");

    const copied = await files.copy("mv/dst.txt", "mv/copy.txt");
    expect(copied).toEqual({ data: { path: "assets/mv/copy.txt" }, error: null });
    expect(await (await files.download("mv/copy.txt")).data?.text()).toBe("moving");

    const cross = await files.copy("mv/copy.txt", "from-assets.txt", { destinationBucket: "limited" });
    expect(cross.error).toBeNull();

    const removed = await files.remove(["mv/dst.txt", "mv/copy.txt", "mv/never.txt"]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((r) => r.name).sort()).toEqual(["mv/copy.txt", "mv/dst.txt"]);
    expect(filesUnder(path.join(stack.ctx.dataDir, "storage", "assets", "mv"))).toEqual([]);
    expect(await (await stack.service().storage.from("limited").download("from-assets.txt")).data?.text()).toBe(
      "moving",
    );
  });

  it("serves public buckets without any key, and never private ones", async () => {
    const pub = stack.service().storage.from("assets");
    await pub.upload("open.txt", "public bytes", { contentType: "text/plain" });
    const url = pub.getPublicUrl("open.txt", { download: "named.txt" }).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("public bytes");
    expect(res.headers.get("content-disposition")).toContain("attachment; filename=named.txt");

    await stack.service().storage.from("limited").upload("secret.txt", "private", { contentType: "text/plain" });
    const privateUrl = stack.service().storage.from("limited").getPublicUrl("secret.txt").data.publicUrl;
    const denied = await fetch(privateUrl);
    expect(denied.status).toBe(400);
    expect(await denied.json()).toMatchObject({ statusCode: "404", error: "Bucket not found" });
    // An anon caller cannot read it through the authenticated route either (no policy).
    expect((await stack.anon().storage.from("limited").download("secret.txt")).error).toMatchObject({
      statusCode: "404",
    });
  });

  it("signs download URLs that work without a key and stop working when they expire", async () => {
    const files = stack.service().storage.from("limited");
    await files.upload("signed.txt", "signed bytes", { contentType: "text/plain" });
    const { data, error } = await files.createSignedUrl("signed.txt", 1, { download: true });
    expect(error).toBeNull();
    const signedUrl = String(data?.signedUrl);
    const ok = await fetch(signedUrl);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("signed bytes");
    expect(ok.headers.get("content-disposition")).toBe("attachment;");

    // A token for one object does not open another.
    const other = signedUrl.replace("signed.txt", "from-assets.txt");
    expect((await fetch(other)).status).toBe(400);

    await new Promise((r) => setTimeout(r, 2100));
    const expired = await fetch(signedUrl);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ statusCode: "403", message: expect.stringContaining("exp") });

    const many = await files.createSignedUrls(["signed.txt", "nope.txt"], 60);
    expect(many.data?.[0]).toMatchObject({ path: "signed.txt", error: null });
    expect(many.data?.[1]).toMatchObject({
      path: "nope.txt",
      error: "Either the object does not exist or you do not have access to it",
    });
    expect(await (await fetch(many.data?.[0].signedUrl as string)).text()).toBe("signed bytes");
  });

  it("uploads through a signed upload URL", async () => {
    const files = stack.service().storage.from("limited");
    const { data, error } = await files.createSignedUploadUrl("via-token.txt");
    expect(error).toBeNull();
    const up = await stack
      .anon()
      .storage.from("limited")
      .uploadToSignedUrl("via-token.txt", data?.token as string, "x", {
        contentType: "text/plain",
      });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: "via-token.txt", fullPath: "limited/via-token.txt" });
    expect(await (await files.download("via-token.txt")).data?.text()).toBe("x");
    // The token names one object: it does not open another path.
    const wrong = await stack
      .anon()
      .storage.from("limited")
      .uploadToSignedUrl("other.txt", data?.token as string, "y");
    expect(wrong.error).toMatchObject({ statusCode: "400" });
  });
});
