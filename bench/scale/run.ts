// Performance at scale (issues 6, 14, 18): the console's list, search and palette calls
// through /rest/v1 with supabase-js, signed in as the demo admin (RLS applies), on the
// large data set of `npm run seed:large`. Lists are issued the way @refinedev/supabase's
// getList does it (select with the reference embeds, count, order, range), searches the
// way src/providers/searchRpc.ts does. Each figure prints beside its target, and beside
// the way it was done before where that is measured in the same run; the load average
// opens and closes the table (the machine is shared: read figures against it).
//   npx tsx bench/scale/run.ts [--url http://127.0.0.1:55080] [--data-dir DIR] [--seconds 2]
// Without --url it uses the stack of <data-dir>/stack.json (default ./.stack); when
// none runs there, it starts one on that data dir (ports 55080/55081) and stops it after.
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
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
type Answer = { error: unknown; count: number | null; data: unknown[] | null };

interface Operation {
  name: string;
  target?: number;
  /** The same thing measured the way it was done before, in this run, to compare against. */
  baseline?: string;
  run: (db: SupabaseClient) => PromiseLike<Answer>;
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

/**
 * A list's search as the console's data provider sends it (src/providers/searchRpc.ts):
 * the page from search_<resource> and its count from search_count, at the same time.
 */
const searchList =
  (resource: string, q: string, options: { filters?: unknown[]; sort?: string; descending?: boolean } = {}) =>
  async (db: SupabaseClient): Promise<Answer> => {
    const filters = options.filters ?? [];
    const [page, count] = await Promise.all([
      db.rpc(`search_${resource}`, { q, filters, sort: options.sort ?? null, descending: options.descending ?? false }),
      db.rpc("search_count", { resource, q, filters }),
    ]);
    const total = (count.data as { total: number } | null)?.total ?? null;
    return { error: page.error ?? count.error, count: total, data: page.data as unknown[] | null };
  };

/** The palette's one request per pause in typing. */
const palette =
  (q: string) =>
  async (db: SupabaseClient): Promise<Answer> => {
    const { data, error } = await db.rpc("search_all", { q });
    return { error, count: (data as unknown[] | null)?.length ?? null, data: data as unknown[] | null };
  };

const PRODUCTS = "*,categories(id,name)";
const byName = { column: "name", ascending: true };
/** What the console sent for "sort by Category" before category_name: order=categories(name).asc */
const byCategoryJoin = { column: "categories(name)", ascending: true };
/** …and what it sends now. */
const byCategoryName = { column: "category_name", ascending: true };
const products = (count: Count, offset = 0, order = byName, filters: Filter[] = []) =>
  list("products", PRODUCTS, count, order, offset, filters);
/** The table's own full-text search as the console sent it before the search functions. */
const tableSearch = (words: string): Filter => [
  "search",
  "fts(simple)",
  words
    .split(" ")
    .map((w) => `${w}:*`)
    .join(" & "),
];
const byFullName = { column: "full_name", ascending: true };

const BEFORE_SEARCH = "table search";
const BEFORE_SORT = "sort by categories(name)";
const OPERATIONS: Operation[] = [
  { name: "products page 1, count=exact", run: products("exact") },
  { name: "products page 1, count=planned", run: products("planned") },
  { name: "products page 1, count=estimated", run: products("estimated") },
  { name: "page change offset 25, exact", run: products("exact", 25) },
  { name: "page change offset 25, estimated", target: 150, run: products("estimated", 25) },
  { name: "page change offset 2 500, estimated", target: 150, run: products("estimated", 2500) },
  { name: "page change offset 250 000, estimated", run: products("estimated", 250000) },
  {
    name: "filter status=archived, estimated",
    target: 80,
    run: products("estimated", 0, byName, [["status", "in", "(archived)"]]),
  },
  {
    name: "filter status=draft, estimated",
    target: 80,
    run: products("estimated", 0, byName, [["status", "in", "(draft)"]]),
  },
  { name: "filter category=3, estimated", run: products("estimated", 0, byName, [["category_id", "eq", "3"]]) },
  { name: BEFORE_SORT, run: products("estimated", 0, byCategoryJoin) },
  { name: "sort by category_name", target: 100, baseline: BEFORE_SORT, run: products("estimated", 0, byCategoryName) },
  { name: "sort by category_name offset 2 500", target: 100, run: products("estimated", 2500, byCategoryName) },
  { name: `${BEFORE_SEARCH} "kettle"`, run: products("estimated", 0, byName, [tableSearch("kettle")]) },
  {
    name: 'search common word "kettle"',
    target: 120,
    baseline: `${BEFORE_SEARCH} "kettle"`,
    run: searchList("products", "kettle"),
  },
  { name: 'search title prefix "classic"', target: 120, run: searchList("products", "classic") },
  { name: `${BEFORE_SEARCH} "oak kettle"`, run: products("estimated", 0, byName, [tableSearch("oak kettle")]) },
  {
    name: 'search "oak kettle"',
    target: 150,
    baseline: `${BEFORE_SEARCH} "oak kettle"`,
    run: searchList("products", "oak kettle"),
  },
  { name: 'search SKU "BEA-0735811"', target: 150, run: searchList("products", "BEA-0735811") },
  { name: 'search SKU fragment "735811"', target: 150, run: searchList("products", "735811") },
  { name: 'search no match "aquarium"', target: 150, run: searchList("products", "aquarium") },
  {
    name: 'search "kettle", status=archived',
    target: 150,
    run: searchList("products", "kettle", { filters: [{ field: "status", operator: "in", value: ["archived"] }] }),
  },
  {
    name: 'search "kettle" by price desc',
    target: 150,
    run: searchList("products", "kettle", { sort: "price", descending: true }),
  },
  { name: "customers page 1, estimated", run: list("customers", "*", "estimated", byFullName) },
  { name: 'customers search "garc"', target: 150, run: searchList("customers", "garc") },
  { name: 'customers search "amir"', target: 150, run: searchList("customers", "amir") },
  {
    name: "orders page 1, estimated",
    run: list("orders", "*,customers(id,full_name)", "estimated", { column: "placed_at", ascending: false }),
  },
  { name: 'orders search "000123"', target: 150, run: searchList("orders", "000123") },
  { name: 'orders search customer "amir"', target: 150, run: searchList("orders", "amir") },
  { name: 'palette "amir"', target: 200, run: palette("amir") },
  { name: 'palette "kettle"', target: 200, run: palette("kettle") },
  { name: 'palette "BEA-07"', target: 200, run: palette("BEA-07") },
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
  if (!first.data?.length && !op.name.includes("no match")) {
    throw new Error(`${op.name}: no rows; is the large data set loaded?`);
  }
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

  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(" ");
  console.log(`${url}/rest/v1 as admin@example.com, ${BUDGET_MS / 1000} s per operation`);
  console.log(`load average (1, 5, 15 min) at the start: ${load()} on ${cpus().length} cores\n`);
  const head = `${"operation".padEnd(42)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"n".padStart(4)} ${"total".padStart(9)}  target`;
  console.log(head);
  console.log("-".repeat(head.length + 24));
  const p50s = new Map<string, number>();
  for (const op of OPERATIONS) {
    const f = await measure(db, op);
    p50s.set(op.name, f.p50);
    const verdict = op.target === undefined ? "" : `${f.p50 <= op.target ? "ok" : "MISSED"} (≤ ${op.target} ms)`;
    const before = op.baseline === undefined ? undefined : p50s.get(op.baseline);
    const versus = before === undefined ? "" : `  ${(f.p50 / before).toFixed(2)}× of "${op.baseline}"`;
    console.log(
      `${op.name.padEnd(42)} ${f.p50.toFixed(1).padStart(8)} ${f.p99.toFixed(1).padStart(8)} ${String(f.samples).padStart(4)} ${String(f.total ?? "-").padStart(9)}  ${verdict}${versus}`,
    );
  }
  console.log(`\nload average (1, 5, 15 min) at the end: ${load()}`);
} finally {
  await started?.stop();
}
