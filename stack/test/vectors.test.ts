// Vector buckets through supabase-js `storage.vectors`: every operation, its
// response shape (PROTOCOL-VECTORS.md); its errors are in vectors-errors.test.ts.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES } from "./harness.js";
import { vectorStack } from "./vectors-setup.js";

const unit = (v: number[]) => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};

describe("vector buckets: storage.vectors", () => {
  const env = vectorStack();
  const vectors = () => env.stack.service().storage.vectors;

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
      await env.stack.sql(
        "select 1 from storage_vectors.vectors v join storage.vector_indexes i on i.id = v.index_id where i.bucket_id = 'idx-bucket'",
      ),
    ).toEqual([]);
    expect((await v.deleteBucket("idx-bucket")).error).toBeNull();
  });

  it("serves a recreated index with its new settings and none of the old vectors", async () => {
    const v = vectors();
    await v.createBucket("again-bucket");
    const bucket = v.from("again-bucket");
    const index = bucket.index("again");
    await bucket.createIndex({ indexName: "again", dataType: "float32", dimension: 2, distanceMetric: "euclidean" });
    await index.putVectors({ vectors: [{ key: "old", data: { float32: [1, 0] } }] });
    expect((await index.queryVectors({ queryVector: { float32: [1, 0] }, topK: 1 })).data?.vectors).toEqual([
      { key: "old" },
    ]);
    await bucket.deleteIndex("again");
    await bucket.createIndex({ indexName: "again", dataType: "float32", dimension: 3, distanceMetric: "cosine" });
    expect((await index.putVectors({ vectors: [{ key: "new", data: { float32: [0, 1, 0] } }] })).error).toBeNull();
    expect((await index.queryVectors({ queryVector: { float32: [0, 1, 1] }, topK: 5 })).data).toEqual({
      vectors: [{ key: "new" }],
      distanceMetric: "cosine",
    });
    await bucket.deleteIndex("again");
    await v.deleteBucket("again-bucket");
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

  it("keeps acknowledged vectors across a restart (Postgres is the store; memory is rebuilt)", async () => {
    const index = vectors().from("docs").index("cos");
    await index.putVectors({
      vectors: [{ key: "durable", data: { float32: [0.2, 0.2, 0.9] }, metadata: { kind: "d" } }],
    });
    const rows = await env.stack.sql<{ key: string; n: number }>(
      "select key, octet_length(data) as n from storage_vectors.vectors where key = 'durable'",
    );
    expect(rows).toEqual([{ key: "durable", n: 12 }]);
    // A second stack on the same database starts with nothing in memory.
    const { startStack } = await import("../src/stack.js");
    const again = await startStack({
      projectDir: path.join(FIXTURES, "vectors"),
      port: 0,
      databaseUrl: env.stack.dbUrl,
      dataDir: env.stack.ctx.dataDir,
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
