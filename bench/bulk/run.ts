// Bulk actions (issue 14 item 8): a status change and a delete of 500 rows, as the console
// sends them now (one bulk_write call, src/providers/rowWrites.ts) against the old way
// measured in the same run (one PATCH or DELETE per row, four at a time, as the console
// did before), signed in as the demo admin, through /rest/v1 under RLS. Target: ≤ 1 s for
// 500 rows. Also a delete of 500 rows of which 5 are refused (still used), to show what
// finding the refused rows costs.
//   npx tsx bench/bulk/run.ts [--url URL] [--runs 5] [--rows 500]
// Without --url it starts a fresh stack with the demo seed in a temporary folder.
import { mkdtempSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import ws from "ws";
import { writeRows } from "../../src/providers/rowWrites";
import { findResource, getResource, setLiveResources } from "../../src/resources";
import { DEMO_RESOURCES } from "../../src/schema/demoSchema";
import { WELL_KNOWN } from "../../stack/src/config/index.js";
import { createLogger } from "../../stack/src/shared/log.js";
import { freePort } from "../../stack/src/shared/net.js";
import { type RunningStack, removeDataDir, startStack } from "../../stack/src/stack.js";

// The demo's resources as the console generates them (src/schema/demoSchema.ts).
setLiveResources([...DEMO_RESOURCES]);
const products = getResource("products");
const categories = getResource("categories");

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const { values } = parseArgs({
  options: {
    url: { type: "string" },
    runs: { type: "string", default: "5" },
    rows: { type: "string", default: "500" },
  },
});
const RUNS = Number(values.runs);
const ROWS = Number(values.rows);
const TARGET_MS = 1000;
/** How many per-row requests the old console had in flight at once. */
const OLD_CONCURRENCY = 4;

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: ws as never },
};

/** The old way: one request per row, `OLD_CONCURRENCY` at a time. */
async function perRow<T>(items: T[], write: (item: T) => PromiseLike<{ error: unknown }>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const { error } = await write(items[next++]);
      if (error) throw new Error(`a per-row write failed: ${JSON.stringify(error)}`);
    }
  };
  await Promise.all(Array.from({ length: OLD_CONCURRENCY }, worker));
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

let started: RunningStack | undefined;
let dataDir: string | undefined;
let url = values.url;
if (!url) {
  dataDir = mkdtempSync(path.join(tmpdir(), "opsdesk-bench-bulk-"));
  console.log(`starting a stack with the demo seed on ${dataDir} …`);
  started = await startStack({
    projectDir: ROOT,
    dataDir,
    port: await freePort(),
    dbPort: await freePort(),
    log: createLogger("bench"),
  });
  url = started.url;
}

try {
  const service = createClient(url, started?.keys.serviceRole ?? WELL_KNOWN.serviceRoleKey, clientOptions);
  const admin = createClient(url, started?.keys.anon ?? WELL_KNOWN.anonKey, clientOptions);
  const { error } = await admin.auth.signInWithPassword({ email: "admin@example.com", password: "opsdesk-demo" });
  if (error) throw new Error(`sign-in as the demo admin failed: ${error.message}`);
  const [category] = await insertOrFail<{ id: number }>(service, "categories", [{ name: `Bench bulk ${Date.now()}` }]);

  /** Fresh draft products, priced, so each may become active. */
  const draftProducts = (run: string) =>
    insertOrFail<{ id: number; name: string; version: number }>(
      service,
      "products",
      Array.from({ length: ROWS }, (_, i) => ({
        sku: `BENCH-${run}-${i}`.toUpperCase(),
        name: `Bench ${run} ${i}`,
        price: 5,
        category_id: category.id,
      })),
      "id, name, version",
    );
  const unusedCategories = (run: string) =>
    insertOrFail<{ id: number }>(
      service,
      "categories",
      Array.from({ length: ROWS }, (_, i) => ({ name: `Bench ${run} ${i}` })),
    );

  const figures = new Map<string, number[]>();
  const record = (name: string, ms: number) => figures.set(name, [...(figures.get(name) ?? []), ms]);
  const expectAll = (outcome: { changed: unknown[]; refused: unknown[] }, changed: number) => {
    if (outcome.changed.length !== changed)
      throw new Error(`expected ${changed} rows written: ${JSON.stringify(outcome.refused.slice(0, 3))}`);
  };

  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(" ");
  console.log(`${url}/rest/v1 as admin@example.com, ${ROWS} rows, ${RUNS} runs`);
  console.log(`load average (1, 5, 15 min) at the start: ${load()} on ${cpus().length} cores\n`);

  for (let run = 0; run < RUNS; run++) {
    const tag = `${Date.now().toString(36)}${run}`.toUpperCase();
    // Status change: per row (old) and one call (new), each on its own fresh rows.
    const oldRows = await draftProducts(`${tag}o`);
    record(
      "status change, per row",
      await timed(() =>
        perRow(oldRows, (row) =>
          admin.from("products").update({ status: "active", version: row.version }).eq("id", row.id).select("id"),
        ),
      ),
    );
    const newRows = await draftProducts(`${tag}n`);
    record(
      "status change, one call",
      await timed(async () =>
        expectAll(
          await writeRows(
            admin,
            products,
            { action: "update", records: newRows, values: { status: "active" } },
            findResource,
          ),
          ROWS,
        ),
      ),
    );

    // Delete of rows nothing uses.
    const oldCategories = await unusedCategories(`${tag}do`);
    record(
      "delete, per row",
      await timed(() =>
        perRow(oldCategories, (row) => admin.from("categories").delete().eq("id", row.id).select("id")),
      ),
    );
    const newCategories = await unusedCategories(`${tag}dn`);
    record(
      "delete, one call",
      await timed(async () =>
        expectAll(
          await writeRows(
            admin,
            categories,
            { action: "delete", ids: newCategories.map((row) => row.id) },
            findResource,
          ),
          ROWS,
        ),
      ),
    );

    // Delete where 5 rows are still used: the database halves down to them, in the same call.
    const mixed = await unusedCategories(`${tag}dm`);
    const used = [0.1, 0.3, 0.5, 0.7, 0.9].map((at) => mixed[Math.floor(at * ROWS)]);
    await insertOrFail(
      service,
      "products",
      used.map((row, i) => ({ sku: `BENCH-${tag}U-${i}`, name: "Keeps its category", price: 1, category_id: row.id })),
    );
    record(
      "delete, one call, 5 refused",
      await timed(async () =>
        expectAll(
          await writeRows(admin, categories, { action: "delete", ids: mixed.map((row) => row.id) }, findResource),
          ROWS - used.length,
        ),
      ),
    );
  }

  const head = `${"operation".padEnd(30)} ${"median ms".padStart(10)} ${"runs".padStart(5)}  target (${ROWS} rows ≤ ${TARGET_MS} ms)`;
  console.log(head);
  console.log("-".repeat(head.length));
  for (const [name, samples] of figures) {
    const ms = median(samples);
    const oneCall = name.includes("one call");
    const baseline = figures.get(`${name.split(",")[0]}, per row`);
    const versus = oneCall && baseline ? `  ${(median(baseline) / ms).toFixed(1)}× faster than per row` : "";
    const verdict = oneCall ? (ms <= TARGET_MS ? "ok" : "MISSED") : "(baseline)";
    console.log(
      `${name.padEnd(30)} ${ms.toFixed(0).padStart(10)} ${String(samples.length).padStart(5)}  ${verdict}${versus}`,
    );
  }
  console.log(`\nload average (1, 5, 15 min) at the end: ${load()}`);
} finally {
  await started?.stop();
  if (dataDir) await removeDataDir(dataDir);
}

async function insertOrFail<T>(
  client: SupabaseClient,
  table: string,
  rows: Record<string, unknown>[],
  columns = "id",
): Promise<T[]> {
  const { data, error } = await client.from(table).insert(rows).select(columns);
  if (error) throw new Error(`insert into ${table} failed: ${error.message}`);
  return data as T[];
}
