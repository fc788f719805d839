// The vector API's errors through supabase-js `storage.vectors`: bad definitions,
// bad vectors, sizes over the limits, unknown names, malformed filters, and callers
// other than the service role — each with the protocol's status and code, never a 500.
import { describe, expect, it } from "vitest";
import { type VectorEnv, vectorStack } from "./vectors-setup.js";

describe("vector buckets: errors", () => {
  const env = vectorStack();
  const vectors = () => env.stack.service().storage.vectors;
  const raw: VectorEnv["raw"] = (...args) => env.raw(...args);

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
    const anon = await env.stack.anon().storage.vectors.listBuckets();
    expect(anon.error).toMatchObject({ status: 403, code: "AccessDenied", message: "Access denied: Invalid role" });
    const forged = await raw("ListVectorBuckets", "{}", `${env.stack.keys.serviceRole.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ code: "AccessDenied", error: "Unauthorized" });
    const opaque = await raw("ListVectorBuckets", "{}", "not-a-jwt");
    expect(await opaque.json()).toMatchObject({ statusCode: "403", code: "AccessDenied" });
    const secret = await fetch(`${env.stack.url}/storage/v1/vector/ListVectorBuckets`, {
      method: "POST",
      headers: {
        apikey: env.stack.keys.secret,
        authorization: `Bearer ${env.stack.keys.secret}`,
        "content-type": "application/json",
      },
      body: "{}",
    });
    expect(secret.status).toBe(200);
    expect(secret.headers.get("content-type")).toContain("application/json");
  });
});
