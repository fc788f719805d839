// The vector test stacks: a fixture project with small quotas, bucket `docs` with a
// 3-dimension cosine index `cos` (metadata key `body` non-filterable) and a
// 2-dimension euclidean index `euc`, and raw calls for bodies supabase-js would not send.
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

export interface VectorEnv {
  stack: TestStack;
  raw(op: string, body: string, token?: string): Promise<Response>;
}

/** Starts the stack before the file's tests and stops it after. */
export function vectorStack(): VectorEnv {
  const env: VectorEnv = {
    stack: undefined as unknown as TestStack,
    raw: (op, body, token = env.stack.keys.serviceRole) =>
      fetch(`${env.stack.url}/storage/v1/vector/${op}`, {
        method: "POST",
        headers: { apikey: env.stack.keys.anon, authorization: `Bearer ${token}`, "content-type": "application/json" },
        body,
      }),
  };
  beforeAll(async () => {
    env.stack = await startTestStack({ projectDir: path.join(FIXTURES, "vectors") });
    const v = env.stack.service().storage.vectors;
    expect((await v.createBucket("docs")).error).toBeNull();
    const cos = await v.from("docs").createIndex({
      indexName: "cos",
      dataType: "float32",
      dimension: 3,
      distanceMetric: "cosine",
      metadataConfiguration: { nonFilterableMetadataKeys: ["body"] },
    });
    expect(cos.error).toBeNull();
    const euc = await v
      .from("docs")
      .createIndex({ indexName: "euc", dataType: "float32", dimension: 2, distanceMetric: "euclidean" });
    expect(euc.error).toBeNull();
  });
  afterAll(async () => {
    await env.stack?.stop();
  });
  return env;
}
