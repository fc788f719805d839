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

const here = path.dirname(fileURLToPath(import.meta.url));
const projectDir = path.resolve(here, "../../stack/test/fixtures/vectors");
const COUNT = Number(process.env.BENCH_VECTORS ?? 100_000);
const DIM = 384;
const TOP_K = 10;
const QUERIES = 200;
const BATCH = 500;
const CLUSTERS = 500;

/** Deterministic pseudo-random numbers (mulberry32), so every run measures the same data. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Unit vectors around CLUSTERS centres, like embeddings of texts on a few hundred topics. */
function dataset(): Float32Array {
  const rnd = random(42);
  const centres = Array.from({ length: CLUSTERS }, () => Array.from({ length: DIM }, () => rnd() - 0.5));
  const data = new Float32Array(COUNT * DIM);
  for (let i = 0; i < COUNT; i++) {
    const centre = centres[i % CLUSTERS];
    const row = data.subarray(i * DIM, (i + 1) * DIM);
    for (let j = 0; j < DIM; j++) row[j] = centre[j] + (rnd() - 0.5) * 0.6;
    const n = Math.hypot(...row);
    for (let j = 0; j < DIM; j++) row[j] = Math.round((row[j] / n) * 1e5) / 1e5;
  }
  return data;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The baseline: every cosine distance in float64, fully sorted. */
function bruteForce(data: Float32Array, norms: Float64Array, q: Float32Array): string[] {
  const qn = Math.hypot(...q);
  const scored: { i: number; d: number }[] = new Array(COUNT);
  for (let i = 0; i < COUNT; i++) {
    let dot = 0;
    const o = i * DIM;
    for (let j = 0; j < DIM; j++) dot += data[o + j] * q[j];
    scored[i] = { i, d: 1 - dot / (norms[i] * qn) };
  }
  scored.sort((a, b) => a.d - b.d);
  return scored.slice(0, TOP_K).map((s) => `v${s.i}`);
}

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

  const data = dataset();
  const norms = new Float64Array(COUNT);
  for (let i = 0; i < COUNT; i++) norms[i] = Math.hypot(...data.subarray(i * DIM, (i + 1) * DIM));

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

  const rnd = random(7);
  const queries = Array.from({ length: QUERIES }, () => {
    const base = data.subarray(Math.floor(rnd() * COUNT) * DIM);
    return Float32Array.from({ length: DIM }, (_, j) => base[j] + (rnd() - 0.5) * 0.05);
  });

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
    const truth = bruteForce(data, norms, q);
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
