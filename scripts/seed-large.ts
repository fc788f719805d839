// `npm run seed:large [-- --db-url URL | --data-dir DIR]`: loads the large data set
// of scripts/seed-large.sql (1 000 000 products, 100 000 customers, 200 000 orders)
// into the running local stack's database, step by step in one transaction, then
// vacuums and analyzes the tables so the planner and index-only scans see the new data.
// The database defaults to the one in <data-dir>/stack.json (default ./.stack).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";

const SQL_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "seed-large.sql");
const TABLES = ["public.products", "public.customers", "public.orders", "public.order_items"];

interface Step {
  label: string;
  sql: string;
}

/** The file's `-- step: <label>` lines start the steps; what precedes the first is commentary. */
function splitSteps(text: string): Step[] {
  const steps: Step[] = [];
  for (const line of text.split("\n")) {
    const label = /^-- step: (.+)$/.exec(line)?.[1];
    if (label) steps.push({ label, sql: "" });
    else if (steps.length > 0) steps[steps.length - 1].sql += `${line}\n`;
  }
  return steps;
}

function databaseUrl(): string {
  const { values } = parseArgs({ options: { "db-url": { type: "string" }, "data-dir": { type: "string" } } });
  const explicit = values["db-url"] ?? process.env.DATABASE_URL;
  if (explicit) return explicit;
  const file = path.resolve(values["data-dir"] ?? ".stack", "stack.json");
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as { dbUrl: string }).dbUrl;
  } catch {
    throw new Error(`No running stack found (${file}): start one with "npm run stack", or pass --db-url.`);
  }
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(), application_name: "opsdesk-seed-large" });
  await client.connect();
  const started = performance.now();
  try {
    await client.query("begin");
    for (const step of splitSteps(readFileSync(SQL_FILE, "utf8"))) {
      const at = performance.now();
      process.stdout.write(`${step.label} … `);
      await client.query(step.sql);
      process.stdout.write(`${seconds(at)}\n`);
    }
    process.stdout.write("commit … ");
    const at = performance.now();
    await client.query("commit");
    process.stdout.write(`${seconds(at)}\n`);
  } catch (err) {
    process.stdout.write("failed\n");
    await client.query("rollback").catch(() => {});
    await client.end();
    throw err;
  }
  for (const table of TABLES) {
    const at = performance.now();
    process.stdout.write(`vacuum analyze ${table} … `);
    await client.query(`vacuum (analyze) ${table}`);
    process.stdout.write(`${seconds(at)}\n`);
  }
  const { rows } = await client.query<Record<"products" | "customers" | "orders" | "items", string>>(
    `select (select count(*) from public.products) as products, (select count(*) from public.customers) as customers,
            (select count(*) from public.orders) as orders, (select count(*) from public.order_items) as items`,
  );
  await client.end();
  const counts = rows[0];
  console.log(
    `\nLoaded ${counts.products} products, ${counts.customers} customers, ${counts.orders} orders, ${counts.items} order items in ${seconds(started)}.`,
  );
}

main().catch((err: Error) => {
  console.error(`seed:large: ${err.message}`);
  process.exit(1);
});
