// `npm run resources:scaffold -- <table> [--url URL] [--key SERVICE_KEY]`
// Writes src/resources/<table>.ts from the stack's OpenAPI document; never overwrites.
import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { WELL_KNOWN } from "../stack/src/index.ts";
import { type OpenApiTable, scaffoldDefinition } from "./scaffold-resource-lib.ts";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { url: { type: "string" }, key: { type: "string" } },
});
const table = positionals[0];
if (!table || !/^[a-z_][a-z0-9_]*$/.test(table))
  fail("Usage: npm run resources:scaffold -- <table> [--url URL] [--key KEY]");

const url = values.url ?? process.env.SUPABASE_URL ?? "http://127.0.0.1:54321";
const key = values.key ?? process.env.SUPABASE_SERVICE_ROLE_KEY ?? WELL_KNOWN.serviceRoleKey;
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const target = path.join(root, "src", "resources", `${table}.ts`);
if (existsSync(target)) fail(`${path.relative(root, target)} already exists; not overwriting it.`);

const response = await fetch(`${url}/rest/v1/`, { headers: { apikey: key, Authorization: `Bearer ${key}` } }).catch(
  (err: Error) => fail(`Could not reach ${url}: ${err.message}. Is the stack running (npm run stack)?`),
);
if (!response.ok) fail(`GET ${url}/rest/v1/ answered ${response.status}: ${await response.text()}`);
const spec = (await response.json()) as { definitions?: Record<string, OpenApiTable> };
const definition = spec.definitions?.[table];
if (!definition) fail(`No table "${table}" in the API (known: ${Object.keys(spec.definitions ?? {}).join(", ")}).`);

writeFileSync(target, scaffoldDefinition(table, definition));
try {
  execFileSync(path.join(root, "node_modules", ".bin", "biome"), ["format", "--write", target], { stdio: "ignore" });
} catch {
  // Formatting is a nicety; the file is valid either way.
}
process.stdout.write(`Wrote ${path.relative(root, target)}. Add it to src/resources/index.ts to get its screens.\n`);
