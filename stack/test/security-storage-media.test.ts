// What hostile uploads and downloads get from Storage (docs/security.md "Object media
// types"): a Content-Type is parsed for real, so a second type cannot hide in a
// parameter past the bucket's check; only the canonical type is stored and served;
// every download says nosniff and sandboxes itself; rows stored before keep being
// served safely; Range and copy/move refuse what does not fit; partial uploads of a
// killed stack do not stay.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskStore } from "../src/storage/disk.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

let PNG: Buffer;
const HTML = Buffer.from("<script>document.title = 'owned'</script>");

describe("storage media types, download headers, ranges and transfers", () => {
  let stack: TestStack;
  let service: Record<string, string>;

  const url = (p: string) => `${stack.url}/storage/v1${p}`;
  const upload = (bucket: string, key: string, type: string | undefined, body: Buffer = PNG) =>
    fetch(url(`/object/${bucket}/${key}`), {
      method: "POST",
      headers: { ...service, ...(type === undefined ? {} : { "content-type": type }), "x-upsert": "true" },
      body: new Uint8Array(body),
    });
  const storedType = async (bucket: string, key: string) =>
    (
      await stack.sql<{ t: string | null }>(
        "select metadata->>'mimetype' as t from storage.objects where bucket_id = $1 and name = $2",
        [bucket, key],
      )
    )[0]?.t;

  beforeAll(async () => {
    PNG = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    stack = await startTestStack({ projectDir: path.join(FIXTURES, "storage") });
    service = { apikey: stack.keys.serviceRole, authorization: `Bearer ${stack.keys.serviceRole}` };
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it.each([
    ["a second type in a parameter", "image/png;x=,text/html"],
    ["two types separated by a comma", "image/png, text/html"],
    ["a parameter named twice", "image/png; charset=utf-8; charset=latin1"],
    ["no subtype", "image"],
    ["a parameter without a value", "image/png; charset"],
  ])("refuses %s with storage-api's 415, storing nothing, in every bucket", async (_, type) => {
    for (const bucket of ["limited", "assets"]) {
      const key = `refused-${randomUUID()}.png`;
      const res = await upload(bucket, key, type);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        statusCode: "415",
        code: "InvalidMimeType",
        error: "invalid_mime_type",
        message: "Invalid Content-Type header",
      });
      expect(await storedType(bucket, key)).toBeUndefined();
    }
  });

  it.each([
    ["upper case", "TEXT/HTML"],
    ["surrounding spaces", "  text/html  "],
    ["a harmless parameter", "Text/Html; charset=utf-8"],
  ])("matches the bucket's allowed types against the parsed type (%s)", async (_, type) => {
    const res = await upload("limited", `html-${randomUUID()}.png`, type);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: "415", message: "mime type text/html is not supported" });
  });

  it("stores and serves only the canonical type: the essence and its charset", async () => {
    const key = `canon-${randomUUID()}.png`;
    const res = await upload("limited", key, 'IMAGE/PNG ; Charset="UTF-8"; name=x.html; q="a;b"');
    expect(res.status).toBe(200);
    expect(await storedType("limited", key)).toBe("image/png;charset=utf-8");
    const plain = `plain-${randomUUID()}.txt`;
    expect((await upload("assets", plain, "text/plain", Buffer.from("hi"))).status).toBe(200);
    expect(await storedType("assets", plain)).toBe("text/plain");
    const none = `none-${randomUUID()}.bin`;
    expect((await upload("assets", none, undefined, Buffer.from("hi"))).status).toBe(200);
    expect(await storedType("assets", none)).toBe("application/octet-stream");
  });

  it("sends nosniff and a sandbox on every download: public, authenticated, signed, rendered", async () => {
    const key = `safe-${randomUUID()}.png`;
    expect((await upload("assets", key, "image/png")).status).toBe(200);
    const { data: signed } = await stack.service().storage.from("assets").createSignedUrl(key, 60);
    const { data: signedRender } = await stack
      .service()
      .storage.from("assets")
      .createSignedUrl(key, 60, { transform: { width: 1 } });
    const downloads = [
      fetch(url(`/object/public/assets/${key}`)),
      fetch(url(`/object/authenticated/assets/${key}`), { headers: service }),
      fetch(url(`/object/assets/${key}`), { headers: service }),
      fetch(signed?.signedUrl ?? ""),
      fetch(url(`/render/image/public/assets/${key}?width=1`)),
      fetch(signedRender?.signedUrl ?? ""),
    ];
    for (const res of await Promise.all(downloads)) {
      expect(res.status, res.url).toBe(200);
      expect(res.headers.get("x-content-type-options"), res.url).toBe("nosniff");
      expect(res.headers.get("content-security-policy"), res.url).toBe("default-src 'none'; sandbox");
      expect(res.headers.get("content-type"), res.url).toMatch(/^image\//);
    }
  });

  it("serves rows stored before with a hostile type safely", async () => {
    const hostile = `old-${randomUUID()}.png`;
    const html = `old-${randomUUID()}.html`;
    expect((await upload("assets", hostile, "image/png", HTML)).status).toBe(200);
    expect((await upload("assets", html, "image/png", HTML)).status).toBe(200);
    await stack.sql(
      `update storage.objects set metadata = jsonb_set(metadata, '{mimetype}', to_jsonb($2::text))
       where bucket_id = 'assets' and name = $1`,
      [hostile, "image/png;x=,text/html"],
    );
    await stack.sql(
      `update storage.objects set metadata = jsonb_set(metadata, '{mimetype}', to_jsonb($2::text))
       where bucket_id = 'assets' and name = $1`,
      [html, "text/html; charset=utf-8"],
    );
    const a = await fetch(url(`/object/public/assets/${hostile}`));
    expect(a.headers.get("content-type")).toBe("application/octet-stream");
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    const b = await fetch(url(`/object/public/assets/${html}`));
    expect(b.headers.get("content-type")).toBe("text/plain");
    expect(b.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  });

  it("answers 416 to a Range it cannot satisfy, numbers too large included", async () => {
    const key = `range-${randomUUID()}.txt`;
    expect((await upload("assets", key, "text/plain", Buffer.from("0123456789"))).status).toBe(200);
    const get = (range: string) => fetch(url(`/object/public/assets/${key}`), { headers: { range } });
    for (const range of [
      "bytes=0-99999999999999999999999999",
      "bytes=99999999999999999999999999-",
      `bytes=-${"9".repeat(400)}`,
      `bytes=${"1".repeat(5000)}-`,
      "bytes=-0",
      "bytes=10-12",
      "bytes=8-4",
      "items=0-1",
    ]) {
      const res = await get(range);
      expect(res.status, range).toBe(416);
      expect(await res.json(), range).toMatchObject({ statusCode: "416", code: "InvalidRange" });
    }
    const ok = await get("bytes=8-99");
    expect(ok.status).toBe(206);
    expect(await ok.text()).toBe("89");
    expect(ok.headers.get("content-range")).toBe("bytes 8-9/10");
  });

  it("copies and moves into another bucket only what that bucket would accept as an upload", async () => {
    const storage = stack.service().storage;
    const big = `big-${randomUUID()}.png`;
    const html = `page-${randomUUID()}.html`;
    const small = `small-${randomUUID()}.png`;
    expect((await upload("assets", big, "image/png", Buffer.alloc(2048, 1))).status).toBe(200);
    expect((await upload("assets", html, "text/html", HTML)).status).toBe(200);
    expect((await upload("assets", small, "image/png")).status).toBe(200);

    for (const op of ["copy", "move"] as const) {
      const tooBig = await storage.from("assets")[op](big, `${op}-${big}`, { destinationBucket: "limited" });
      expect(tooBig.error, op).toMatchObject({ statusCode: "413" });
      const wrongType = await storage.from("assets")[op](html, `${op}-${html}`, { destinationBucket: "limited" });
      expect(wrongType.error, op).toMatchObject({ statusCode: "415" });
      expect(await storedType("limited", `${op}-${big}`)).toBeUndefined();
      expect(await storedType("limited", `${op}-${html}`)).toBeUndefined();
    }
    // Nothing was moved away from the source either.
    expect(await storedType("assets", big)).toBe("image/png");
    expect((await storage.from("assets").copy(small, `copied-${small}`, { destinationBucket: "limited" })).error).toBe(
      null,
    );
    expect((await storage.from("assets").move(small, `moved-${small}`, { destinationBucket: "limited" })).error).toBe(
      null,
    );
  });
});

describe("partial uploads of a stopped stack", () => {
  it("are swept at start: a killed writer's file goes, a live writer's stays", async () => {
    const dataDir = path.join(os.tmpdir(), `opsdesk-sweep-${randomUUID()}`);
    const tmp = path.join(dataDir, "storage", ".tmp");
    mkdirSync(tmp, { recursive: true });
    // A process that starts writing an upload and is killed with SIGKILL half-way.
    const writer = spawn(
      process.execPath,
      [
        "-e",
        `const fs = require("node:fs"); const f = require("node:path").join(${JSON.stringify(tmp)}, process.pid + "-upload");
         fs.writeFileSync(f, Buffer.alloc(65536)); process.stdout.write("written"); setInterval(() => {}, 1000);`,
      ],
      { stdio: ["ignore", "pipe", "ignore"] },
    );
    await new Promise<void>((resolve) => writer.stdout.once("data", () => resolve()));
    const killed = new Promise((resolve) => writer.once("exit", resolve));
    writer.kill("SIGKILL");
    await killed;
    writeFileSync(path.join(tmp, "legacy-untagged-name"), "x");
    writeFileSync(path.join(tmp, `${process.pid}-in-progress`), "x");
    expect(readdirSync(tmp)).toHaveLength(3);

    const store = new DiskStore(dataDir);
    expect(await store.sweepTemporary()).toBe(2);
    expect(readdirSync(tmp)).toEqual([`${process.pid}-in-progress`]);
  });
});
