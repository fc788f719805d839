// Vector buckets through supabase-js `storage.vectors`: every operation, its
// response shape, and each error of the protocol (PROTOCOL-VECTORS.md).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

const unit = (v: number[]) => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};

describe("vector buckets: storage.vectors", () => {
  let stack: TestStack;
  const vectors = () => stack.service().storage.vectors;
  /** A raw call, for bodies supabase-js would not send. */
  const raw = (op: string, body: string, token = stack.keys.serviceRole) =>
    fetch(`${stack.url}/storage/v1/vector/${op}`, {
      method: "POST",
      headers: { apikey: stack.keys.anon, authorization: `Bearer ${token}`, "content-type": "application/json" },
      body,
    });

  beforeAll(async () => {
    stack = await startTestStack({ projectDir: path.join(FIXTURES, "vectors") });
    const v = vectors();
    expect((await v.createBucket("docs")).error).toBeNull();
    const idx = await v.from("docs").createIndex({
      indexName: "cos",
      dataType: "float32",
      dimension: 3,
      distanceMetric: "cosine",
      metadataConfiguration: { nonFilterableMetadataKeys: ["body"] },
    });
    expect(idx.error).toBeNull();
    await v
      .from("docs")
      .createIndex({ indexName: "euc", dataType: "float32", dimension: 2, distanceMetric: "euclidean" });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("creates, gets, lists and deletes buckets, with quota and conflict errors", async () => {
    const v = vectors();
    expect(await v.createBucket("b-one")).toEqual({ data: {}, error: null });
    const got = await v.getBucket("b-one");
    expect(got.data?.vectorBucket.vectorBucketName).toBe("b-one");
    expect(Math.abs((got.data?.vectorBucket.creationTime ?? 0) - Date.now() / 1000)).toBeLessThan(60);

    const dup = await v.createBucket("b-one");
    expect(dup.error).toMatchObject({ status: 409, statusCode: "409", code: "ConflictException" });
    await v.createBucket("b-two");
    const over = await v.createBucket("b-three");
    expect(over.error).toMatchObject({ status: 400, code: "S3VectorMaxBucketsExceeded" });

    const page1 = await v.listBuckets({ prefix: "b-", maxResults: 1 });
    expect(page1.data?.vectorBuckets.map((b) => b.vectorBucketName)).toEqual(["b-one"]);
    const page2 = await v.listBuckets({ prefix: "b-", maxResults: 1, nextToken: page1.data?.nextToken });
    expect(page2.data).toEqual({ vectorBuckets: [{ vectorBucketName: "b-two", creationTime: expect.any(Number) }] });
    expect((await v.listBuckets({ prefix: "b_" })).data?.vectorBuckets).toEqual([]);

    expect(await v.deleteBucket("b-one")).toEqual({ data: {}, error: null });
    expect(await v.deleteBucket("b-one")).toEqual({ data: {}, error: null });
    expect((await v.getBucket("b-one")).error).toMatchObject({
      status: 404,
      code: "NotFoundException",
      message: 'resource "b-one" not found',
    });
    await v.deleteBucket("b-two");
  });

  it("creates, gets, lists and deletes indexes, and refuses a non-empty bucket's deletion", async () => {
    const v = vectors();
    await v.createBucket("idx-bucket");
    const bucket = v.from("idx-bucket");
    const spec = { dataType: "float32" as const, dimension: 4, distanceMetric: "euclidean" as const };
    expect(await bucket.createIndex({ indexName: "alpha", ...spec })).toEqual({ data: {}, error: null });
    expect((await bucket.createIndex({ indexName: "alpha", ...spec })).error).toMatchObject({
      status: 409,
      code: "ConflictException",
    });
    await bucket.createIndex({ indexName: "beta", ...spec });
    expect((await bucket.createIndex({ indexName: "gamma", ...spec })).error).toMatchObject({
      code: "S3VectorMaxIndexesExceeded",
    });

    const got = await bucket.getIndex("alpha");
    expect(got.data?.index).toMatchObject({
      indexName: "alpha",
      vectorBucketName: "idx-bucket",
      dataType: "float32",
      dimension: 4,
      distanceMetric: "euclidean",
      metadataConfiguration: null,
    });
    const list = await bucket.listIndexes({ maxResults: 1 });
    expect(list.data?.indexes.map((i) => i.indexName)).toEqual(["alpha"]);
    const rest = await bucket.listIndexes({ nextToken: list.data?.nextToken });
    expect(rest.data).toEqual({
      indexes: [{ indexName: "beta", vectorBucketName: "idx-bucket", creationTime: expect.any(Number) }],
    });
    expect((await v.from("no-such-bucket").listIndexes()).data).toEqual({ indexes: [] });

    expect((await v.deleteBucket("idx-bucket")).error).toMatchObject({ status: 400, code: "VectorBucketNotEmpty" });
    await bucket.index("alpha").putVectors({ vectors: [{ key: "a", data: { float32: [1, 2, 3, 4] } }] });
    expect(await bucket.deleteIndex("alpha")).toEqual({ data: {}, error: null });
    expect((await bucket.deleteIndex("alpha")).error).toMatchObject({ status: 404, code: "NotFoundException" });
    expect((await bucket.getIndex("alpha")).error).toMatchObject({ status: 404 });
    await bucket.deleteIndex("beta");
    expect(
      await stack.sql(
        "select 1 from storage_vectors.vectors v join storage.vector_indexes i on i.id = v.index_id where i.bucket_id = 'idx-bucket'",
      ),
    ).toEqual([]);
    expect((await v.deleteBucket("idx-bucket")).error).toBeNull();
  });

  it("refuses index definitions outside the schema", async () => {
    const bucket = vectors().from("docs");
    const base = { indexName: "bad", dataType: "float32" as const, dimension: 3, distanceMetric: "cosine" as const };
    for (const wrong of [
      { ...base, indexName: "A" },
      { ...base, dimension: 0 },
      { ...base, dimension: 4097 },
      { ...base, distanceMetric: "dotproduct" as const },
      { ...base, metadataConfiguration: { nonFilterableMetadataKeys: [] } },
    ]) {
      expect((await bucket.createIndex(wrong)).error).toMatchObject({ status: 400, code: "InvalidRequest" });
    }
    expect((await vectors().from("nowhere").createIndex(base)).error).toMatchObject({
      status: 404,
      code: "NotFoundException",
    });
  });

  it("puts (upserts), gets and deletes vectors", async () => {
    const index = vectors().from("docs").index("cos");
    const put = await index.putVectors({
      vectors: [
        { key: "x", data: { float32: [1, 0, 0] }, metadata: { kind: "axis", n: 1, body: "long text" } },
        { key: "y", data: { float32: [0, 1, 0] }, metadata: { kind: "axis", n: 2 } },
        { key: "xy", data: { float32: [0.5, 0.5, 0] }, metadata: { kind: "mix", tags: ["a", "b"], n: 3 } },
      ],
    });
    expect(put).toEqual({ data: {}, error: null });
    await index.putVectors({
      vectors: [{ key: "y", data: { float32: [0, 0.25, 0] }, metadata: { kind: "axis", n: 20 } }],
    });

    const got = await index.getVectors({ keys: ["y", "missing", "x"], returnData: true, returnMetadata: true });
    expect(got.data?.vectors).toEqual([
      { key: "y", data: { float32: [0, 0.25, 0] }, metadata: { kind: "axis", n: 20 } },
      { key: "x", data: { float32: [1, 0, 0] }, metadata: { kind: "axis", n: 1, body: "long text" } },
    ]);
    expect((await index.getVectors({ keys: ["x"] })).data?.vectors).toEqual([{ key: "x" }]);

    await index.putVectors({ vectors: [{ key: "gone", data: { float32: [1, 1, 1] } }] });
    expect(await index.deleteVectors({ keys: ["gone", "never-there"] })).toEqual({ data: {}, error: null });
    expect((await index.getVectors({ keys: ["gone"] })).data?.vectors).toEqual([]);
    const q = await index.queryVectors({ queryVector: { float32: [1, 1, 1] }, topK: 10 });
    expect(q.data?.vectors.map((v) => v.key)).not.toContain("gone");
  });

  it("lists vectors in pages and in disjoint segments that cover the index", async () => {
    const index = vectors().from("docs").index("euc");
    const keys = Array.from({ length: 25 }, (_, i) => `k${String(i).padStart(2, "0")}`);
    await index.putVectors({ vectors: keys.map((key, i) => ({ key, data: { float32: [i, 0] }, metadata: { i } })) });

    const seen: string[] = [];
    let nextToken: string | undefined;
    do {
      const page = await index.listVectors({ maxResults: 10, nextToken });
      expect(page.error).toBeNull();
      seen.push(...(page.data?.vectors.map((v) => v.key) ?? []));
      nextToken = page.data?.nextToken;
    } while (nextToken);
    expect(seen).toEqual(keys);

    const first = await index.listVectors({ maxResults: 1, returnData: true, returnMetadata: true });
    expect(first.data?.vectors).toEqual([{ key: "k00", data: { float32: [0, 0] }, metadata: { i: 0 } }]);

    const segments = await Promise.all(
      [0, 1, 2].map((segmentIndex) => index.listVectors({ segmentCount: 3, segmentIndex, maxResults: 1000 })),
    );
    const bySegment = segments.map((s) => s.data?.vectors.map((v) => v.key) ?? []);
    expect(bySegment.flat().sort()).toEqual(keys);
    expect(bySegment.every((s) => s.length < keys.length)).toBe(true);

    expect((await index.listVectors({ segmentCount: 3 })).error).toMatchObject({
      status: 400,
      code: "InvalidParameter",
      message: "segmentCount and segmentIndex must be provided together",
    });
    await expect(index.listVectors({ segmentCount: 17, segmentIndex: 0 })).rejects.toThrow(/segmentCount/);
    expect((await index.listVectors({ maxResults: 1001 })).error).toMatchObject({ code: "InvalidRequest" });
  });

  it("queries the exact nearest neighbours, cosine and euclidean, closest first", async () => {
    const cos = vectors().from("docs").index("cos");
    const res = await cos.queryVectors({
      queryVector: { float32: [1, 0.1, 0] },
      topK: 2,
      returnDistance: true,
      returnMetadata: true,
    });
    expect(res.error).toBeNull();
    expect(res.data?.distanceMetric).toBe("cosine");
    expect(res.data?.vectors.map((v) => v.key)).toEqual(["x", "xy"]);
    const [x] = res.data?.vectors ?? [];
    expect(x.distance).toBeCloseTo(1 - unit([1, 0.1, 0])[0], 6);
    expect(x.metadata).toEqual({ kind: "axis", n: 1, body: "long text" });

    const bare = await cos.queryVectors({ queryVector: { float32: [0, 1, 0] }, topK: 1 });
    expect(bare.data?.vectors).toEqual([{ key: "y" }]);

    const l2 = await vectors()
      .from("docs")
      .index("euc")
      .queryVectors({ queryVector: { float32: [6.4, 0] }, topK: 3, returnDistance: true });
    expect(l2.data?.distanceMetric).toBe("euclidean");
    expect(l2.data?.vectors.map((v) => [v.key, Number(v.distance?.toFixed(4))])).toEqual([
      ["k06", 0.4],
      ["k07", 0.6],
      ["k05", 1.4],
    ]);
  });

  it("applies every filter operator inside the search", async () => {
    const l2 = vectors().from("docs").index("euc");
    const near = async (filter: Record<string, unknown>, topK = 3) =>
      (await l2.queryVectors({ queryVector: { float32: [0, 0] }, topK, filter })).data?.vectors.map((v) => v.key);
    // The nearest rows fail the filter; the search must keep going, not return fewer.
    expect(await near({ i: { $gte: 20 } })).toEqual(["k20", "k21", "k22"]);
    expect(await near({ i: 7 })).toEqual(["k07"]);
    expect(await near({ i: { $eq: 7 } })).toEqual(["k07"]);
    expect(await near({ i: { $ne: 0 } }, 1)).toEqual(["k01"]);
    expect(await near({ i: { $gt: 3, $lt: 6 } })).toEqual(["k04", "k05"]);
    expect(await near({ i: { $lte: 1 } })).toEqual(["k00", "k01"]);
    expect(await near({ i: { $in: [9, 3, "4"] } })).toEqual(["k03", "k09"]);
    expect(await near({ i: { $nin: [0, 1, 2] } }, 1)).toEqual(["k03"]);
    expect(await near({ i: { $exists: false } })).toEqual([]);
    expect(await near({ $or: [{ i: 2 }, { $and: [{ i: { $gt: 10 } }, { i: { $lt: 12 } }] }] })).toEqual(["k02", "k11"]);

    const cos = vectors().from("docs").index("cos");
    const tagged = await cos.queryVectors({ queryVector: { float32: [0, 1, 0] }, topK: 5, filter: { tags: "b" } });
    expect(tagged.data?.vectors.map((v) => v.key)).toEqual(["xy"]);
    const notB = await cos.queryVectors({
      queryVector: { float32: [0, 1, 0] },
      topK: 5,
      filter: { tags: { $nin: ["b"] }, kind: { $exists: true } },
    });
    expect(notB.data?.vectors).toEqual([]);
    const axes = await cos.queryVectors({
      queryVector: { float32: [0, 1, 0] },
      topK: 5,
      filter: { kind: { $in: ["axis"] } },
    });
    expect(axes.data?.vectors.map((v) => v.key)).toEqual(["y", "x"]);
  });

  it("refuses malformed filters and non-filterable keys", async () => {
    const cos = vectors().from("docs").index("cos");
    const query = (filter: unknown) =>
      cos.queryVectors({ queryVector: { float32: [1, 0, 0] }, topK: 1, filter: filter as Record<string, never> });
    for (const bad of [
      {},
      { $and: [] },
      { $and: true },
      { $or: [{ a: 1 }], b: 2 },
      { a: { $regex: "x" } },
      { a: { $gt: "5" } },
      { a: { $in: [] } },
      { a: null },
      { a: { nested: 1 } },
      { $not: { a: 1 } },
    ]) {
      expect((await query(bad)).error, JSON.stringify(bad)).toMatchObject({ status: 400, code: "InvalidRequest" });
    }
    expect((await query({ $or: [{ kind: "x" }, { body: { $exists: true } }] })).error).toMatchObject({
      status: 400,
      code: "InvalidParameter",
      message: 'Metadata key "body" is configured as non-filterable',
    });
  });

  it("answers bad vectors, sizes and names with the protocol's errors, never a 500", async () => {
    const bucket = vectors().from("docs");
    const cos = bucket.index("cos");
    const put = (v: unknown) => cos.putVectors({ vectors: [v as { key: string; data: { float32: number[] } }] });

    expect((await put({ key: "d", data: { float32: [1, 2] } })).error).toMatchObject({
      status: 400,
      code: "InvalidParameter",
      message: expect.stringContaining("expects 3"),
    });
    expect((await cos.queryVectors({ queryVector: { float32: [1, 2, 3, 4] }, topK: 1 })).error).toMatchObject({
      code: "InvalidParameter",
    });
    // NaN and Infinity: JSON carries NaN as null; 1e999 parses as Infinity.
    expect((await put({ key: "n", data: { float32: [Number.NaN, 1, 1] } })).error).toMatchObject({
      code: "InvalidRequest",
    });
    const inf = await raw(
      "PutVectors",
      '{"vectorBucketName":"docs","indexName":"cos","vectors":[{"key":"i","data":{"float32":[1e999,1,1]}}]}',
    );
    expect(inf.status).toBe(400);
    expect(await inf.json()).toMatchObject({ statusCode: "400", code: "InvalidRequest" });
    expect((await put({ key: "big", data: { float32: [1e39, 1, 1] } })).error).toMatchObject({
      code: "InvalidParameter",
    });
    expect((await put({ key: "zero", data: { float32: [0, 0, 0] } })).error).toMatchObject({
      code: "InvalidParameter",
    });

    const many = Array.from({ length: 501 }, (_, i) => ({ key: `m${i}`, data: { float32: [1, 1, i] } }));
    await expect(cos.putVectors({ vectors: many })).rejects.toThrow(/between 1 and 500/);
    const tooMany = await raw(
      "PutVectors",
      JSON.stringify({ vectorBucketName: "docs", indexName: "cos", vectors: many }),
    );
    expect(await tooMany.json()).toMatchObject({ statusCode: "400", code: "InvalidRequest" });
    expect((await cos.getVectors({ keys: Array.from({ length: 101 }, (_, i) => `g${i}`) })).error).toMatchObject({
      code: "InvalidRequest",
    });
    expect((await cos.queryVectors({ queryVector: { float32: [1, 0, 0] }, topK: 101 })).error).toMatchObject({
      code: "InvalidRequest",
    });
    const noTopK = { queryVector: { float32: [1, 0, 0] } } as unknown as Parameters<typeof cos.queryVectors>[0];
    expect((await cos.queryVectors(noTopK)).error).toMatchObject({
      code: "InvalidRequest",
      message: expect.stringContaining("topK"),
    });

    expect(
      (await put({ key: "dup", data: { float32: [1, 1, 1] }, metadata: { big: "x".repeat(2100) } })).error,
    ).toMatchObject({
      code: "InvalidParameter",
      message: "Invalid record for key 'dup': Filterable metadata must have at most 2048 bytes",
    });
    // Non-filterable metadata may be larger, up to 40 KiB in all.
    expect(
      (await put({ key: "long", data: { float32: [1, 1, 1] }, metadata: { body: "x".repeat(30_000) } })).error,
    ).toBeNull();
    expect(
      (await put({ key: "huge", data: { float32: [1, 1, 1] }, metadata: { body: "x".repeat(41_000) } })).error,
    ).toMatchObject({
      code: "InvalidParameter",
      message: expect.stringContaining("Total metadata"),
    });
    const keys51 = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    expect((await put({ key: "wide", data: { float32: [1, 1, 1] }, metadata: keys51 })).error).toMatchObject({
      code: "InvalidParameter",
    });
    expect((await put({ key: "nest", data: { float32: [1, 1, 1] }, metadata: { a: { b: 1 } } })).error).toMatchObject({
      code: "InvalidRequest",
    });
    const twice = await cos.putVectors({
      vectors: [
        { key: "same", data: { float32: [1, 1, 1] } },
        { key: "same", data: { float32: [1, 2, 1] } },
      ],
    });
    expect(twice.error).toMatchObject({ code: "InvalidParameter", message: "Request must not contain duplicate keys" });

    expect(
      (await bucket.index("nope").putVectors({ vectors: [{ key: "a", data: { float32: [1] } }] })).error,
    ).toMatchObject({ status: 404, code: "NotFoundException" });
    expect(
      (
        await vectors()
          .from("nowhere")
          .index("cos")
          .queryVectors({ queryVector: { float32: [1, 0, 0] }, topK: 1 })
      ).error,
    ).toMatchObject({ status: 404 });
    expect((await bucket.index("nope").deleteVectors({ keys: ["a"] })).error).toMatchObject({ status: 404 });
    expect((await bucket.index("nope").getVectors({ keys: ["a"] })).error).toMatchObject({ status: 404 });
    expect((await bucket.index("nope").listVectors()).error).toMatchObject({ status: 404 });

    const invalidJson = await raw("GetVectorBucket", "{not json");
    expect(invalidJson.status).toBe(400);
    expect(await invalidJson.json()).toMatchObject({ statusCode: "400", code: "InvalidRequest" });
    const unknown = await raw("DescribeEverything", "{}");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ statusCode: "404", code: "InvalidRequest", error: "Not Found" });
  });

  it("lets only the service role in, as hosted storage does", async () => {
    const anon = await stack.anon().storage.vectors.listBuckets();
    expect(anon.error).toMatchObject({ status: 403, code: "AccessDenied", message: "Access denied: Invalid role" });
    const forged = await raw("ListVectorBuckets", "{}", `${stack.keys.serviceRole.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ code: "AccessDenied", error: "Unauthorized" });
    const opaque = await raw("ListVectorBuckets", "{}", "not-a-jwt");
    expect(await opaque.json()).toMatchObject({ statusCode: "403", code: "AccessDenied" });
    const secret = await fetch(`${stack.url}/storage/v1/vector/ListVectorBuckets`, {
      method: "POST",
      headers: {
        apikey: stack.keys.secret,
        authorization: `Bearer ${stack.keys.secret}`,
        "content-type": "application/json",
      },
      body: "{}",
    });
    expect(secret.status).toBe(200);
    expect(secret.headers.get("content-type")).toContain("application/json");
  });

  it("keeps acknowledged vectors across a restart (Postgres is the store; memory is rebuilt)", async () => {
    const index = vectors().from("docs").index("cos");
    await index.putVectors({
      vectors: [{ key: "durable", data: { float32: [0.2, 0.2, 0.9] }, metadata: { kind: "d" } }],
    });
    const rows = await stack.sql<{ key: string; n: number }>(
      "select key, octet_length(data) as n from storage_vectors.vectors where key = 'durable'",
    );
    expect(rows).toEqual([{ key: "durable", n: 12 }]);
    // A second stack on the same database starts with nothing in memory.
    const { startStack } = await import("../src/stack.js");
    const again = await startStack({
      projectDir: path.join(FIXTURES, "vectors"),
      port: 0,
      databaseUrl: stack.dbUrl,
      dataDir: stack.ctx.dataDir,
    });
    try {
      const res = await fetch(`${again.url}/storage/v1/vector/QueryVectors`, {
        method: "POST",
        headers: {
          apikey: again.keys.serviceRole,
          authorization: `Bearer ${again.keys.serviceRole}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({
          vectorBucketName: "docs",
          indexName: "cos",
          queryVector: { float32: [0.2, 0.2, 0.9] },
          topK: 1,
          returnMetadata: true,
        }),
      });
      expect(await res.json()).toEqual({
        vectors: [{ key: "durable", metadata: { kind: "d" } }],
        distanceMetric: "cosine",
      });
    } finally {
      await again.stop();
    }
  });
});
