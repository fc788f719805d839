// Vector search: top-10 QueryVectors latency over 100 000 vectors of 384 dimensions
// (cosine), through supabase-js `storage.vectors` against the stack, end to end.
// Baseline, measured in the same run on the same data and queries: a brute-force
// scan in this process (float64 dot products over every vector, full ranking), which
// is also the ground truth for recall@10. The stack's search is exact, so its
// recall must print 1.000; the target is p50 ≤ 20 ms.
// Run: npx tsx bench/vectors/run.ts   (ports 55110/55111; BENCH_VECTORS=N for another size)
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { createLogger } from "../../stack/src/shared/log.js";
import { startStack } from "../../stack/src/stack.js";
import { bruteForce, dataset, norms as normsOf, percentile, queriesNear } from "../lib/vector-data.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const projectDir = path.resolve(here, "../../stack/test/fixtures/vectors");
const COUNT = Number(process.env.BENCH_VECTORS ?? 100_000);
const DIM = 384;
const TOP_K = 10;
const QUERIES = 200;
const BATCH = 500;
const CLUSTERS = 500;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-bench-vectors-"));
const stack = await startStack({
  projectDir,
  dataDir,
  port: Number(process.env.BENCH_API_PORT ?? 55110),
  dbPort: Number(process.env.BENCH_DB_PORT ?? 55111),
  log: createLogger("bench"),
});
try {
  const supabase = createClient(stack.url, stack.keys.serviceRole, {
    auth: { persistSession: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const vectors = supabase.storage.vectors;
  await vectors.createBucket("bench");
  const bucket = vectors.from("bench");
  await bucket.createIndex({ indexName: "docs", dataType: "float32", dimension: DIM, distanceMetric: "cosine" });
  const index = bucket.index("docs");

  const data = dataset(COUNT, DIM, CLUSTERS);
  const norms = normsOf(data, COUNT, DIM);

  let started = performance.now();
  for (let from = 0; from < COUNT; from += BATCH) {
    const batch = [];
    for (let i = from; i < Math.min(COUNT, from + BATCH); i++) {
      batch.push({
        key: `v${i}`,
        data: { float32: Array.from(data.subarray(i * DIM, (i + 1) * DIM)) },
        metadata: { cluster: i % CLUSTERS },
      });
    }
    const { error } = await index.putVectors({ vectors: batch });
    if (error) throw error;
  }
  const putSeconds = (performance.now() - started) / 1000;

  const queries = queriesNear(data, COUNT, DIM, QUERIES);

  // The first query builds the in-memory copy from Postgres (as after a restart).
  started = performance.now();
  const first = await index.queryVectors({ queryVector: { float32: Array.from(queries[0]) }, topK: TOP_K });
  if (first.error) throw first.error;
  const loadMs = performance.now() - started;

  const stackMs: number[] = [];
  const found: string[][] = [];
  for (const q of queries) {
    const t = performance.now();
    const { data: res, error } = await index.queryVectors({ queryVector: { float32: Array.from(q) }, topK: TOP_K });
    stackMs.push(performance.now() - t);
    if (error) throw error;
    found.push(res.vectors.map((v) => v.key));
  }
  const filteredMs: number[] = [];
  for (const q of queries.slice(0, 50)) {
    const t = performance.now();
    const { error } = await index.queryVectors({
      queryVector: { float32: Array.from(q) },
      topK: TOP_K,
      filter: { cluster: { $lt: 50 } },
    });
    filteredMs.push(performance.now() - t);
    if (error) throw error;
  }

  const baseMs: number[] = [];
  let hits = 0;
  queries.forEach((q, n) => {
    const t = performance.now();
    const truth = bruteForce(data, norms, DIM, q, TOP_K).map((i) => `v${i}`);
    baseMs.push(performance.now() - t);
    const got = new Set(found[n]);
    hits += truth.filter((k) => got.has(k)).length;
  });

  for (const list of [stackMs, filteredMs, baseMs]) list.sort((a, b) => a - b);
  const row = (name: string, ms: number[]) =>
    `${name.padEnd(44)} p50 ${percentile(ms, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(ms, 99).toFixed(1).padStart(7)} ms`;
  console.log(
    `\nvectors: ${COUNT} × ${DIM} float32, cosine, top ${TOP_K}, ${QUERIES} queries (load ${os.loadavg()[0].toFixed(1)})`,
  );
  console.log(
    `put ${COUNT} vectors in batches of ${BATCH}: ${putSeconds.toFixed(1)} s (${Math.round(COUNT / putSeconds)} vectors/s)`,
  );
  console.log(`first query (builds memory from Postgres): ${loadMs.toFixed(0)} ms`);
  console.log(row("stack QueryVectors (HTTP, supabase-js)", stackMs));
  console.log(row("stack QueryVectors, filter cluster < 50", filteredMs));
  console.log(row("baseline: brute force in this process", baseMs));
  console.log(`recall@${TOP_K} against the baseline: ${(hits / (QUERIES * TOP_K)).toFixed(3)} (exact search: 1.000)`);
  console.log(`target p50 ≤ 20 ms: ${percentile(stackMs, 50) <= 20 ? "met" : "NOT met"}`);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
