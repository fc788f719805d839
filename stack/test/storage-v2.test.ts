// Storage features found missing by the official storage-js suite: the flat,
// cursor-paged listing (list-v2) and image transformations (render/image and
// signed URLs made with `transform`), with sources that are not images refused
// as storage-api refuses them.
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

let stack: TestStack;
let png: Buffer;
beforeAll(async () => {
  stack = await startTestStack({ projectDir: path.join(FIXTURES, "storage") });
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await stack?.stop();
});

describe("list-v2", () => {
  it("pages objects with a cursor in each sort order, and folds folders with a delimiter", async () => {
    const bucket = stack.service().storage.from("assets");
    const names = ["d", "b", "a", "c"];
    for (const n of names) await bucket.upload(`v2/file-${n}.txt`, "x", { contentType: "text/plain" });
    await bucket.upload("v2/deeper/inside.txt", "x", { contentType: "text/plain" });

    for (const [sortBy, expected] of [
      [undefined, ["a", "b", "c", "d"]],
      [{ column: "name", order: "desc" }, ["d", "c", "b", "a"]],
      [{ column: "created_at", order: "asc" }, names],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const { data, error } = await bucket.listV2({
          prefix: "v2/file-",
          limit: 2,
          ...(cursor ? { cursor } : {}),
          ...(sortBy ? { sortBy } : {}),
        });
        expect(error).toBeNull();
        seen.push(...(data?.objects ?? []).map((o) => o.name.slice("v2/file-".length, -".txt".length)));
        cursor = data?.hasNext ? data.nextCursor : undefined;
      } while (cursor);
      expect(seen).toEqual(expected);
    }

    const { data } = await bucket.listV2({ prefix: "v2/", with_delimiter: true });
    expect(data?.folders).toEqual([{ key: "v2/deeper", name: "v2/deeper/" }]);
    expect(data?.objects.map((o) => o.name)).toEqual(names.map((n) => `v2/file-${n}.txt`).sort());
  });

  it("is not taken for an upload to a bucket named list-v2", async () => {
    const { error } = await stack.anon().storage.from("assets").listV2({ prefix: "nothing-here/" });
    expect(error).toBeNull();
  });
});

describe("image transformations", () => {
  it("resizes on download (cover, contain, fill) and converts formats", async () => {
    const bucket = stack.service().storage.from("assets");
    await bucket.upload("img/blue.png", png, { contentType: "image/png" });
    const size = async (blob: Blob | null) => sharp(Buffer.from(await (blob as Blob).arrayBuffer())).metadata();

    const cover = await bucket.download("img/blue.png", { transform: { width: 100, height: 100 } });
    expect(cover.error).toBeNull();
    expect(await size(cover.data)).toMatchObject({ width: 100, height: 100, format: "png" });
    const contain = await bucket.download("img/blue.png", {
      transform: { width: 100, height: 100, resize: "contain" },
    });
    expect(await size(contain.data)).toMatchObject({ width: 100, height: 75 });
    const fill = await bucket.download("img/blue.png", { transform: { width: 100, height: 40, resize: "fill" } });
    expect(await size(fill.data)).toMatchObject({ width: 100, height: 40 });
    const webp = await bucket.download("img/blue.png", { transform: { width: 50, format: "webp" as never } });
    expect(webp.data?.type).toBe("image/webp");

    const publicUrl = bucket.getPublicUrl("img/blue.png", { transform: { width: 80, quality: 50 } }).data.publicUrl;
    const res = await fetch(publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-transformations")).toBe("width:80,resizing_type:fill,quality:50");
  });

  it("signs a URL with its transformation, which the query cannot change", async () => {
    const bucket = stack.service().storage.from("assets");
    await bucket.upload("img/signed.png", png, { contentType: "image/png", upsert: true });
    const { data, error } = await bucket.createSignedUrl("img/signed.png", 60, {
      transform: { width: 40, height: 30 },
    });
    expect(error).toBeNull();
    expect(data?.signedUrl).toContain("/render/image/sign/assets/img/signed.png?token=");
    const res = await fetch(`${data?.signedUrl}&width=300`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-transformations")).toBe("height:30,width:40,resizing_type:fill");
    expect(res.headers.get("expires")).toBeTruthy();
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ width: 40, height: 30 });
  });

  it("refuses a source that is not an image, and bad options, as storage-api does", async () => {
    const bucket = stack.service().storage.from("assets");
    await bucket.upload("img/notes.txt", "not an image", { contentType: "text/plain" });
    const res = await fetch(`${stack.url}/storage/v1/render/image/public/assets/img/notes.txt?width=10`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      statusCode: "400",
      code: "InvalidRequest",
      message: "The source image is invalid or unsupported for rendering",
    });
    const bad = await fetch(`${stack.url}/storage/v1/render/image/public/assets/img/blue.png?resize=stretch`);
    expect(bad.status).toBe(400);
  });
});
