// POST (insert/upsert), PATCH and DELETE on a table.
import { withScope } from "../../db/index.js";
import { pgrst } from "../errors.js";
import { parseQuery } from "../parse/query.js";
import { planDelete, planInsert, planReturning, planUpdate, writeConditions } from "../plan/mutate.js";
import type { MutationPlan } from "../plan/types.js";
import { mutationReadSql, mutationSql, SqlBuilder } from "../sql/index.js";
import type { RestRequest, RestResponse } from "./context.js";
import { scopeFor } from "./context.js";
import { CONTENT_TYPES } from "./negotiate.js";
import { findRelation, outputNames } from "./read.js";
import { checkMaxAffected, csvHeader, preferenceApplied, requireSingleRow, unwrapSingle } from "./respond.js";

export async function handleTableWrite(r: RestRequest, name: string): Promise<RestResponse> {
  const relation = findRelation(r.cache, r.schema, name);
  const q = parseQuery(r.query);
  const maxRows = r.ctx.config.api.max_rows;
  let plan: MutationPlan;
  if (r.method === "POST") plan = planInsert(relation, q, r.body, r.prefs);
  else if (r.method === "PATCH") plan = planUpdate(relation, q, r.body, writeConditions(relation, q, maxRows));
  else if (r.method === "DELETE") plan = planDelete(relation, writeConditions(relation, q, maxRows));
  else throw pgrst(405, "PGRST117", `Unsupported HTTP method: ${r.method}`);

  const representation = r.prefs.return === "representation";
  const headersOnly = r.prefs.return === "headers-only" && r.method === "POST";
  const returning = representation ? planReturning(relation, q) : undefined;
  const b = new SqlBuilder();
  const noop =
    plan.kind !== "delete" && plan.body.columns.length === 0 && (plan.kind === "update" || plan.body.json === "[]");
  const text = returning
    ? mutationReadSql(b, plan, returning, r.media === "csv")
    : mutationSql(b, plan, headersOnly ? "pk" : "none");

  const outcome = noop
    ? { affected: 0, body: "[]", location: undefined }
    : await withScope(
        r.ctx.db.api,
        scopeFor(r, false),
        async (client) => {
          const res = await client.query(text, b.values);
          const affected = returning ? Number(res.rows[0].page) : (res.rowCount ?? 0);
          checkMaxAffected(r.prefs, affected);
          if (returning && r.media === "object") requireSingleRow(affected);
          const body: string | undefined = returning ? res.rows[0].body : undefined;
          const first = headersOnly ? res.rows[0] : undefined;
          const location = first
            ? `/${name}?${relation.pk.map((c) => `${c}=eq.${encodeURIComponent(String(first[c]))}`).join("&")}`
            : undefined;
          return { affected, body, location };
        },
        { rollback: r.prefs.tx === "rollback" },
      );

  const total = r.prefs.count ? String(outcome.affected) : "*";
  const headers: Record<string, string> = {};
  if (r.method === "PATCH" && outcome.affected > 0) headers["content-range"] = `0-${outcome.affected - 1}/${total}`;
  else headers["content-range"] = `*/${total}`;
  if (outcome.location) headers.location = outcome.location;
  const applied = preferenceApplied(r.prefs, [
    "resolution",
    "missing",
    "return",
    "count",
    "tx",
    "handling",
    "maxAffected",
  ]);
  if (applied) headers["preference-applied"] = applied;
  const created = r.method === "POST";
  if (!returning) return { status: created ? 201 : 204, headers };
  let body = outcome.body ?? "[]";
  if (r.media === "object") body = unwrapSingle(body);
  else if (r.media === "csv") body = `${csvHeader(outputNames(returning))}\n${body}`;
  headers["content-type"] = CONTENT_TYPES[r.media === "openapi" ? "json" : r.media];
  return { status: created ? 201 : 200, headers, body };
}
