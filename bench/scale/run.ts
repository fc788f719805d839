// Performance at scale (issue 6): the console's list queries through /rest/v1 with
// supabase-js, signed in as the demo admin (RLS applies), on the large data set of
// `npm run seed:large`. Each operation is issued the way @refinedev/supabase's getList
// does it: select with the reference embeds, count, order, range.
//   npx tsx bench/scale/run.ts [--url http://127.0.0.1:55080] [--data-dir DIR] [--seconds 2]
// Without --url it uses the stack of <data-dir>/stack.json (default ./.stack); when
// none runs there, it starts one on that data dir (ports 55080/55081) and stops it after.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import ws from "ws";
import { WELL_KNOWN } from "../../stack/src/config/index.js";
import { createLogger } from "../../stack/src/shared/log.js";
import { type RunningStack, startStack } from "../../stack/src/stack.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const { values } = parseArgs({
  options: { url: { type: "string" }, "data-dir": { type: "string" }, seconds: { type: "string" } },
});
/** Time budget per operation; each runs at least MIN_SAMPLES times. */
const BUDGET_MS = Number(values.seconds ?? 2) * 1000;
const MIN_SAMPLES = 5;
const MAX_SAMPLES = 40;

type Count = "exact" | "planned" | "estimated";

interface Operation {
  name: string;
  target?: number;
  run: (db: SupabaseClient) => PromiseLike<{ error: unknown; count: number | null; data: unknown[] | null }>;
}

/** A PostgREST filter as supabase-js `.filter(column, operator, value)` sends it. */
type Filter = [column: string, operator: string, value: string];

/** getList of @refinedev/supabase: select with count, then filters, order and range. */
const list =
  (
    table: string,
    select: string,
    count: Count,
    order: { column: string; ascending: boolean },
    offset = 0,
    filters: Filter[] = [],
  ) =>
  (db: SupabaseClient) => {
    let q = db.from(table).select(select, { count });
    for (const [column, operator, value] of filters) q = q.filter(column, operator, value);
    return q.order(order.column, { ascending: order.ascending }).range(offset, offset + 24);
  };

const PRODUCTS = "*,categories(id,name)";
const byName = { column: "name", ascending: true };
/** What the console's data provider sends for "sort by Category": order=categories(name).asc */
const byCategory = { column: "categories(name)", ascending: true };
const products = (count: Count, offset = 0, order = byName, filters: Filter[] = []) =>
  list("products", PRODUCTS, count, order, offset, filters);
const search = (text: string): Filter => ["search", "wfts(english)", text];
const byFullName = { column: "full_name", ascending: true };

const OPERATIONS: Operation[] = [
  { name: "products page 1, count=exact", run: products("exact") },
  { name: "products page 1, count=planned", run: products("planned") },
  { name: "products page 1, count=estimated", run: products("estimated") },
  { name: "page change offset 25, exact", target: 150, run: products("exact", 25) },
  { name: "page change offset 25, estimated", target: 150, run: products("estimated", 25) },
  { name: "page change offset 2 500, estimated", target: 150, run: products("estimated", 2500) },
  { name: "page change offset 250 000, estimated", target: 150, run: products("estimated", 250000) },
  {
    name: "filter status=archived, estimated",
    run: products("estimated", 0, byName, [["status", "in", "(archived)"]]),
  },
  { name: "filter category=3, estimated", run: products("estimated", 0, byName, [["category_id", "eq", "3"]]) },
  { name: "sort by category name, estimated", run: products("estimated", 0, byCategory) },
  { name: "sort by category name offset 2 500", run: products("estimated", 2500, byCategory) },
  { name: 'search "kettle", exact', target: 300, run: products("exact", 0, byName, [search("kettle")]) },
  { name: 'search "kettle", estimated', target: 300, run: products("estimated", 0, byName, [search("kettle")]) },
  {
    name: 'search "oak kettle", estimated',
    target: 300,
    run: products("estimated", 0, byName, [search("oak kettle")]),
  },
  { name: "customers page 1, estimated", run: list("customers", "*", "estimated", byFullName) },
  {
    name: 'customers search "maya", estimated',
    target: 300,
    run: list("customers", "*", "estimated", byFullName, 0, [search("maya")]),
  },
  {
    name: "orders page 1, estimated",
    run: list("orders", "*,customers(id,full_name)", "estimated", { column: "placed_at", ascending: false }),
  },
];

interface Figures {
  p50: number;
  p99: number;
  samples: number;
  total: number | null;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(db: SupabaseClient, op: Operation): Promise<Figures> {
  const first = await op.run(db); // warm: plan cache, shared buffers
  if (first.error) throw new Error(`${op.name}: ${JSON.stringify(first.error)}`);
  if (!first.data?.length) throw new Error(`${op.name}: no rows; is the large data set loaded?`);
  const times: number[] = [];
  const start = performance.now();
  while (times.length < MAX_SAMPLES && (times.length < MIN_SAMPLES || performance.now() - start < BUDGET_MS)) {
    const at = performance.now();
    const { error } = await op.run(db);
    times.push(performance.now() - at);
    if (error) throw new Error(`${op.name}: ${JSON.stringify(error)}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), samples: times.length, total: first.count };
}

function runningStackUrl(dataDir: string): string | undefined {
  const file = path.join(dataDir, "stack.json");
  if (!existsSync(file)) return undefined;
  const info = JSON.parse(readFileSync(file, "utf8")) as { pid: number; url: string };
  try {
    process.kill(info.pid, 0);
    return info.url;
  } catch {
    return undefined;
  }
}

const dataDir = path.resolve(values["data-dir"] ?? path.join(ROOT, ".stack"));
let started: RunningStack | undefined;
let url = values.url ?? runningStackUrl(dataDir);
if (!url) {
  console.log(`starting a stack on ${dataDir} …`);
  started = await startStack({
    projectDir: ROOT,
    dataDir,
    port: 55080,
    dbPort: 55081,
    log: createLogger("bench"),
  });
  url = started.url;
}

try {
  const db = createClient(url, WELL_KNOWN.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
  const { error } = await db.auth.signInWithPassword({ email: "admin@example.com", password: "opsdesk-demo" });
  if (error) throw new Error(`sign-in as the demo admin failed: ${error.message}`);

  console.log(`${url}/rest/v1 as admin@example.com, ${BUDGET_MS / 1000} s per operation\n`);
  const head = `${"operation".padEnd(42)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"n".padStart(4)} ${"total".padStart(9)}  target`;
  console.log(head);
  console.log("-".repeat(head.length + 6));
  for (const op of OPERATIONS) {
    const f = await measure(db, op);
    const verdict = op.target === undefined ? "" : `${f.p50 <= op.target ? "ok" : "MISSED"} (≤ ${op.target} ms)`;
    console.log(
      `${op.name.padEnd(42)} ${f.p50.toFixed(1).padStart(8)} ${f.p99.toFixed(1).padStart(8)} ${String(f.samples).padStart(4)} ${String(f.total ?? "-").padStart(9)}  ${verdict}`,
    );
  }
} finally {
  await started?.stop();
}
