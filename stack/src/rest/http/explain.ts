// `Accept: application/vnd.pgrst.plan+json|text`: instead of its result, a request
// answers with the EXPLAIN of the statement it would run, as PostgREST does when
// pgrst.db_plan_enabled is on.
import { withScope } from "../../db/scope.js";
import { rollsBack } from "../schema/settings.js";
import type { SqlQuery } from "../sql/index.js";
import type { RestRequest, RestResponse } from "./context.js";
import { scopeFor } from "./context.js";
import { planMedia } from "./negotiate.js";

export async function explainResponse(r: RestRequest, query: SqlQuery, readOnly: boolean): Promise<RestResponse> {
  const plan = planMedia(String(r.headers.accept ?? ""));
  const options = [`format ${plan.format}`, ...plan.options].join(", ");
  const rows = await withScope(
    r.ctx.db.api,
    scopeFor(r, readOnly),
    async (client) => (await client.query(`explain (${options}) ${query.text}`, query.values)).rows,
    { rollback: rollsBack(r.cache.settings, r.prefs.tx) },
  );
  const lines = rows.map((row) => row["QUERY PLAN"]);
  const body = plan.format === "json" ? JSON.stringify(lines[0]) : lines.join("\n");
  return {
    status: 200,
    headers: { "content-type": `application/vnd.pgrst.plan+${plan.format}; for="${plan.for}"; charset=utf-8` },
    body,
  };
}
