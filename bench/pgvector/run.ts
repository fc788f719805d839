// pgvector through SQL: top-10 cosine over 100 000 × 384 with `ORDER BY embedding <=> $1
// LIMIT 10`, as an app's match function runs it, through the stack's exact hnsw index
// (docs/extensions-native.md) and with the index off (a sequential scan). Measured in the
// same run, on the same data and queries: the stack's vector-bucket search (QueryVectors,
// bench/vectors) and a brute-force scan in this process, which is also the ground truth
// for recall@10. Every SQL path is exact, so each recall must print 1.000.
// Run: npx tsx bench/pgvector/run.ts   (ports 55120/55121; BENCH_VECTORS=N for another size)
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@supabase/supabase-js";
import pg from "pg";
import WebSocket from "ws";
import { createLogger } from "../../stack/src/shared/log.js";
import { startStack } from "../../stack/src/stack.js";
import { bruteForce, dataset, norms as normsOf, percentile, queriesNear } from "../lib/vector-data.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const COUNT = Number(process.env.BENCH_VECTORS ?? 100_000);
const DIM = 384;
const TOP_K = 10;
const QUERIES = Number(process.env.BENCH_QUERIES ?? 100);
const CLUSTERS = 500;
const BATCH = 500;

const literal = (v: ArrayLike<number>) => `[${Array.from(v).join(",")}]`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-bench-pgvector-"));
let started = performance.now();
const stack = await startStack({
  projectDir: path.join(here, "project"),
  dataDir,
  port: Number(process.env.BENCH_API_PORT ?? 55120),
  dbPort: Number(process.env.BENCH_DB_PORT ?? 55121),
  log: createLogger("bench"),
});
const startMs = performance.now() - started;
const db = new pg.Client({ connectionString: stack.dbUrl });
await db.connect();
try {
  const data = dataset(COUNT, DIM, CLUSTERS);
  const norms = normsOf(data, COUNT, DIM);
  const queries = queriesNear(data, COUNT, DIM, QUERIES);

  started = performance.now();
  for (let from = 0; from < COUNT; from += BATCH) {
    const ids: number[] = [];
    const vectors: string[] = [];
    for (let i = from; i < Math.min(COUNT, from + BATCH); i++) {
      ids.push(i);
      vectors.push(literal(data.subarray(i * DIM, (i + 1) * DIM)));
    }
    await db.query(
      "insert into public.items (id, embedding) select * from unnest($1::int[], $2::extensions.vector[])",
      [ids, vectors],
    );
  }
  const insertSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  await db.query(
    "create index items_embedding_idx on public.items using hnsw (embedding extensions.vector_cosine_ops)",
  );
  const indexSeconds = (performance.now() - started) / 1000;
  await db.query("analyze public.items");

  const sql = "select id from public.items order by embedding operator(extensions.<=>) $1::extensions.vector limit 10";
  const plan = (await db.query(`explain ${sql}`, [literal(queries[0])])).rows.map((r) => r["QUERY PLAN"]).join(" ");
  if (!plan.includes("items_embedding_idx")) throw new Error(`the planner did not use the index: ${plan}`);

  const measure = async (run: (q: Float32Array) => Promise<number[]>) => {
    const ms: number[] = [];
    const found: number[][] = [];
    for (const q of queries) {
      const t = performance.now();
      found.push(await run(q));
      ms.push(performance.now() - t);
    }
    return { ms: ms.sort((a, b) => a - b), found };
  };
  const viaSql = (q: Float32Array) =>
    db.query<{ id: number }>(sql, [literal(q)]).then((r) => r.rows.map((row) => row.id));
  const indexed = await measure(viaSql);
  await db.query("set enable_indexscan = off");
  const scanned = await measure(viaSql);
  await db.query("reset enable_indexscan");

  // The stack's vector buckets on the same vectors (bench/vectors measures them in depth).
  const supabase = createClient(stack.url, stack.keys.serviceRole, {
    auth: { persistSession: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  await supabase.storage.vectors.createBucket("bench");
  const bucket = supabase.storage.vectors.from("bench");
  await bucket.createIndex({ indexName: "docs", dataType: "float32", dimension: DIM, distanceMetric: "cosine" });
  const index = bucket.index("docs");
  for (let from = 0; from < COUNT; from += BATCH) {
    const batch = [];
    for (let i = from; i < Math.min(COUNT, from + BATCH); i++) {
      batch.push({ key: String(i), data: { float32: Array.from(data.subarray(i * DIM, (i + 1) * DIM)) } });
    }
    const { error } = await index.putVectors({ vectors: batch });
    if (error) throw error;
  }
  await index.queryVectors({ queryVector: { float32: Array.from(queries[0]) }, topK: TOP_K });
  const buckets = await measure(async (q) => {
    const { data: res, error } = await index.queryVectors({ queryVector: { float32: Array.from(q) }, topK: TOP_K });
    if (error) throw error;
    return res.vectors.map((v) => Number(v.key));
  });

  const baseline = await measure(async (q) => bruteForce(data, norms, DIM, q, TOP_K));
  const recall = (found: number[][]) => {
    let hits = 0;
    found.forEach((ids, n) => {
      const truth = new Set(baseline.found[n]);
      hits += ids.filter((id) => truth.has(id)).length;
    });
    return (hits / (QUERIES * TOP_K)).toFixed(3);
  };
  const row = (name: string, m: { ms: number[]; found: number[][] }) =>
    `${name.padEnd(52)} p50 ${percentile(m.ms, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(m.ms, 95)
      .toFixed(1)
      .padStart(7)} ms   recall@${TOP_K} ${recall(m.found)}`;
  console.log(
    `\npgvector: ${COUNT} × ${DIM}, cosine, top ${TOP_K}, ${QUERIES} queries (load ${os.loadavg()[0].toFixed(1)})`,
  );
  console.log(
    `stack start (vector.so cached or built): ${startMs.toFixed(0)} ms; native extensions ready: ${stack.native.prepared.join(", ")}`,
  );
  console.log(
    `insert ${COUNT} rows: ${insertSeconds.toFixed(1)} s; create hnsw index (exact, GiST-based): ${indexSeconds.toFixed(1)} s`,
  );
  console.log(row("SQL ORDER BY <=> LIMIT 10, hnsw index (exact)", indexed));
  console.log(row("SQL ORDER BY <=> LIMIT 10, sequential scan", scanned));
  console.log(row("stack vector bucket QueryVectors (HTTP)", buckets));
  console.log(row("baseline: brute force in this process", baseline));
} finally {
  await db.end();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
