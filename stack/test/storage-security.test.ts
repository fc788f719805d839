// Storage's guarantees: RLS decides as the caller, limits hold before bytes land,
// keys cannot escape the data folder, a refused upload leaves nothing behind.
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

/** Sends the path byte for byte: fetch() would normalise `..` and `%2e%2e` away. */
function rawRequest(
  baseUrl: string,
  method: string,
  rawPath: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, method, path: rawPath, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => {
        text += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe("storage: access control, limits and safety", () => {
  let stack: TestStack;
  const alice = randomUUID();
  const bob = randomUUID();
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startTestStack({ projectDir: path.join(FIXTURES, "storage") });
    const iat = Math.floor(Date.now() / 1000);
    for (const [name, sub] of [
      ["alice", alice],
      ["bob", bob],
    ]) {
      tokens[name] = await stack.ctx.jwt.sign({
        sub,
        role: "authenticated",
        aud: "authenticated",
        iat,
        exp: iat + 3600,
      });
    }
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const rows = async (bucket: string, name: string) =>
    stack.sql("select id, owner from storage.objects where bucket_id = $1 and name = $2", [bucket, name]);

  it("lets a user write, read, list and delete in their own folder and refuses another user", async () => {
    const a = stack.asUser(tokens.alice).storage.from("docs");
    const b = stack.asUser(tokens.bob).storage.from("docs");

    const up = await a.upload(`${alice}/report.txt`, "alice's", { contentType: "text/plain" });
    expect(up.error).toBeNull();
    expect(await rows("docs", `${alice}/report.txt`)).toEqual([{ id: up.data?.id, owner: alice }]);
    expect(await (await a.download(`${alice}/report.txt`)).data?.text()).toBe("alice's");
    expect((await a.list(alice)).data?.map((e) => e.name)).toEqual(["report.txt"]);

    const intrude = await b.upload(`${alice}/evil.txt`, "bob's", { contentType: "text/plain" });
    expect(intrude.error).toMatchObject({ statusCode: "403", message: expect.stringContaining("row-level security") });
    expect(await rows("docs", `${alice}/evil.txt`)).toEqual([]);
    expect((await b.download(`${alice}/report.txt`)).error).toMatchObject({ statusCode: "404" });
    expect((await b.info(`${alice}/report.txt`)).error).toMatchObject({ statusCode: "404" });
    expect((await b.list(alice)).data).toEqual([]);
    expect((await b.createSignedUrl(`${alice}/report.txt`, 60)).error).toMatchObject({ statusCode: "404" });
    expect((await b.remove([`${alice}/report.txt`])).data).toEqual([]);
    const steal = await b.move(`${alice}/report.txt`, `${bob}/stolen.txt`);
    expect(steal.error).toMatchObject({ statusCode: "404" });
    const overwrite = await b.upload(`${alice}/report.txt`, "x", { contentType: "text/plain", upsert: true });
    expect(overwrite.error).toMatchObject({ statusCode: "403" });
    expect(await (await a.download(`${alice}/report.txt`)).data?.text()).toBe("alice's");

    // Moving into someone else's folder fails the UPDATE policy's WITH CHECK.
    const push = await a.move(`${alice}/report.txt`, `${bob}/gift.txt`);
    expect(push.error).toMatchObject({ statusCode: "403" });
    expect((await a.move(`${alice}/report.txt`, `${alice}/renamed.txt`)).error).toBeNull();
    expect((await a.copy(`${alice}/renamed.txt`, `${alice}/copy.txt`)).error).toBeNull();
    expect((await a.copy(`${alice}/renamed.txt`, `${bob}/copy.txt`)).error).toMatchObject({ statusCode: "403" });
    const removed = await a.remove([`${alice}/renamed.txt`, `${alice}/copy.txt`]);
    expect(removed.data).toHaveLength(2);
  });

  it("keeps anon out of a bucket without policies and lets the service role bypass RLS", async () => {
    const anon = await stack.anon().storage.from("docs").upload("x.txt", "x", { contentType: "text/plain" });
    expect(anon.error).toMatchObject({ statusCode: "403" });
    const svc = await stack.service().storage.from("docs").upload("anywhere/x.txt", "x", { contentType: "text/plain" });
    expect(svc.error).toBeNull();
    expect((await stack.anon().storage.createBucket("mine")).error).toMatchObject({ statusCode: "403" });
  });

  it("refuses bad or expired JWTs with storage's error shape", async () => {
    const iat = Math.floor(Date.now() / 1000) - 7200;
    const expired = await stack.ctx.jwt.sign({ sub: alice, role: "authenticated", iat, exp: iat + 60 });
    const res = await stack.asUser(expired).storage.from("docs").download(`${alice}/x`);
    expect(res.error).toMatchObject({ statusCode: "403", message: expect.stringContaining("exp") });
  });

  it("enforces the bucket size limit before storing (413) and leaves nothing behind", async () => {
    const files = stack.service().storage.from("limited");
    const big = "x".repeat(1025);
    const raw = await files.upload("big.txt", big, { contentType: "text/plain" });
    expect(raw.error).toMatchObject({ statusCode: "413", message: "The object exceeded the maximum allowed size" });
    const multi = await files.upload("big2.txt", new Blob([big], { type: "text/plain" }));
    expect(multi.error).toMatchObject({ statusCode: "413" });
    // Chunked body: no Content-Length to check up front, the byte counter stops it.
    const chunked = await fetch(`${stack.url}/storage/v1/object/limited/big3.txt`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${stack.keys.serviceRole}`,
        apikey: stack.keys.anon,
        "content-type": "text/plain",
      },
      body: new ReadableStream({
        start(c) {
          for (let i = 0; i < 4; i++) c.enqueue(new TextEncoder().encode("y".repeat(400)));
          c.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(400);
    expect(await chunked.json()).toMatchObject({ statusCode: "413", code: "EntityTooLarge" });
    expect(
      await stack.sql("select name from storage.objects where bucket_id = 'limited' and name like 'big%'"),
    ).toEqual([]);
    expect(filesUnder(path.join(stack.ctx.dataDir, "storage", "limited"))).toEqual([]);
    expect(filesUnder(path.join(stack.ctx.dataDir, "storage", ".tmp"))).toEqual([]);
    expect((await files.upload("small.txt", "x".repeat(1024), { contentType: "text/plain" })).error).toBeNull();
  });

  it("enforces allowed MIME types with wildcards (415)", async () => {
    const files = stack.service().storage.from("limited");
    const gif = await files.upload("a.gif", new Blob([new Uint8Array([1])], { type: "image/gif" }));
    expect(gif.error).toBeNull();
    const pdf = await files.upload("a.pdf", Buffer.from("%PDF"), { contentType: "application/pdf" });
    expect(pdf.error).toMatchObject({ statusCode: "415", message: "mime type application/pdf is not supported" });
    expect(await rows("limited", "a.pdf")).toEqual([]);
  });

  it("refuses traversal, absolute, NUL and invalid UTF-8 keys and never writes outside the data dir", async () => {
    const headers = {
      apikey: stack.keys.serviceRole,
      authorization: `Bearer ${stack.keys.serviceRole}`,
      "content-type": "text/plain",
    };
    const attempts = [
      "/storage/v1/object/assets/../../../escape.txt",
      "/storage/v1/object/assets/a/../../escape.txt",
      "/storage/v1/object/assets/%2e%2e/%2e%2e/escape.txt",
      "/storage/v1/object/assets/%2E%2E%2Fescape.txt",
      "/storage/v1/object/assets//etc/escape.txt",
      "/storage/v1/object/assets/%2Fetc%2Fescape.txt",
      "/storage/v1/object/assets/nul%00.txt",
      "/storage/v1/object/assets/bad%ff%fe.txt",
      "/storage/v1/object/assets/a/./b.txt",
      "/storage/v1/object/%2e%2e/escape.txt",
      "/storage/v1/object/assets/back%5C..%5Cescape.txt",
    ];
    for (const attempt of attempts) {
      const res = await rawRequest(stack.url, "POST", attempt, headers, "pwned");
      expect(res.status, attempt).toBe(400);
      // Invalid UTF-8 is refused by the router itself (Fastify's 400), before storage.
      expect(Number(JSON.parse(res.body).statusCode), attempt).toBe(400);
      const get = await rawRequest(stack.url, "GET", attempt, headers);
      expect(get.status, attempt).toBe(400);
    }
    const move = await stack.service().storage.from("limited").move("small.txt", "../../escape.txt");
    expect(move.error).toMatchObject({ statusCode: "400" });
    const dataDir = stack.ctx.dataDir;
    expect(existsSync(path.join(dataDir, "escape.txt"))).toBe(false);
    expect(existsSync(path.join(path.dirname(dataDir), "escape.txt"))).toBe(false);
    expect(filesUnder(dataDir).filter((f) => f.includes("escape") || f.includes("pwned"))).toEqual([]);
    expect(await stack.sql("select name from storage.objects where name like '%escape%'")).toEqual([]);
  });

  it("keeps names with unusual but legal characters intact on disk and in the API", async () => {
    const files = stack.service().storage.from("assets");
    const name = "weird/.hidden/ünïcødé (1) & file*.txt";
    expect((await files.upload(name, "odd", { contentType: "text/plain" })).error).toBeNull();
    expect(await (await files.download(name)).data?.text()).toBe("odd");
    expect((await files.list("weird/.hidden")).data?.map((e) => e.name)).toEqual(["ünïcødé (1) & file*.txt"]);
    const root = path.join(stack.ctx.dataDir, "storage");
    for (const file of filesUnder(root)) expect(file.startsWith(root + path.sep)).toBe(true);
  });

  it("measures 5 MB upload and download throughput", async () => {
    const files = stack.service().storage.from("assets");
    const bytes = Buffer.alloc(5 * 1024 * 1024, 7);
    const t0 = performance.now();
    expect((await files.upload("bench/5mb.bin", bytes, { contentType: "application/octet-stream" })).error).toBeNull();
    const t1 = performance.now();
    const { data } = await files.download("bench/5mb.bin");
    const back = Buffer.from(await (data as Blob).arrayBuffer());
    const t2 = performance.now();
    expect(back.equals(bytes)).toBe(true);
    const mbps = (ms: number) => (5 / (ms / 1000)).toFixed(1);
    console.log(
      `storage 5 MB: upload ${(t1 - t0).toFixed(0)} ms (${mbps(t1 - t0)} MB/s), download ${(t2 - t1).toFixed(0)} ms (${mbps(t2 - t1)} MB/s)`,
    );
  });
});
