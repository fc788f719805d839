// EXPLAIN ANALYZE of the SQL the REST layer generates for one /rest/v1 read, run as
// a signed-in user (RLS applies), to see where a slow list spends its time.
//   npx tsx bench/scale/explain.ts [--db-url URL | --data-dir DIR] [--user EMAIL] [--count exact] \
//     [--range 0-24] products 'select=*,categories(id,name)&order=name.asc&offset=250000&limit=25'
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { withScope } from "../../stack/src/db/scope.js";
import type { RestRequest } from "../../stack/src/rest/http/context.js";
import { compileRead, findRelation } from "../../stack/src/rest/http/read.js";
import { parseQuery } from "../../stack/src/rest/parse/query.js";
import { planRead } from "../../stack/src/rest/plan/read.js";
import { loadSchemaCache } from "../../stack/src/rest/schema/index.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "db-url": { type: "string" },
    "data-dir": { type: "string" },
    user: { type: "string", default: "admin@example.com" },
    count: { type: "string" },
  },
});
const [table, query = ""] = positionals;
if (!table) throw new Error("usage: explain.ts [options] <table> '<query string>'");
const dbUrl =
  values["db-url"] ??
  (JSON.parse(readFileSync(path.resolve(values["data-dir"] ?? ".stack", "stack.json"), "utf8")) as { dbUrl: string })
    .dbUrl;

const pool = new pg.Pool({ connectionString: dbUrl, max: 1 });
try {
  const cache = await loadSchemaCache(pool, ["public"]);
  const relation = findRelation(cache, "public", table);
  const { maxRows, aggregatesEnabled } = cache.settings;
  const node = planRead(relation, { kind: "relation", relation }, parseQuery(query), {
    maxRows,
    aggregates: aggregatesEnabled,
  });
  const count = values.count as RestRequest["prefs"]["count"];
  const compiled = compileRead(node, { prefs: { count }, media: "json", cache } as unknown as RestRequest);
  const { rows } = await pool.query<{ id: string }>("select id from auth.users where email = $1", [values.user]);
  if (!rows[0]) throw new Error(`no user ${values.user}`);
  const claims = { sub: rows[0].id, role: "authenticated", email: values.user };
  const scope = {
    role: "authenticated",
    claims,
    method: "GET",
    path: `/${table}`,
    headers: {},
    searchPath: ["public"],
  };
  for (const statement of [compiled.main, compiled.planned?.query].filter((s) => s !== undefined)) {
    console.log(`${statement.text}\n${JSON.stringify(statement.values)}\n`);
    const text = statement.text.startsWith("explain") ? statement.text : `explain (analyze, buffers) ${statement.text}`;
    const plan = await withScope(pool, scope, (client) => client.query(text, statement.values), { rollback: true });
    console.log(plan.rows.map((r) => Object.values(r)[0]).join("\n"));
  }
} finally {
  await pool.end();
}
