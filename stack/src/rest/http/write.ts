// POST (insert/upsert), PUT (single-row upsert), PATCH and DELETE on a table.
import { withScope } from "../../db/scope.js";
import { REST_ERRORS } from "../errors.js";
import { parseQuery } from "../parse/query.js";
import {
  payloadKeyMismatch,
  planDelete,
  planInsert,
  planPut,
  planReturning,
  planUpdate,
  writeConditions,
} from "../plan/mutate.js";
import type { MutationPlan } from "../plan/types.js";
import { rollsBack } from "../schema/settings.js";
import {
  INSERTED_COLUMN,
  mutationReadSql,
  mutationSql,
  RESPONSE_GUC_COLUMNS,
  SqlBuilder,
  tracksInserted,
} from "../sql/index.js";
import type { RestRequest, RestResponse } from "./context.js";
import { scopeFor } from "./context.js";
import { explainResponse } from "./explain.js";
import { CONTENT_TYPES, mediaOf } from "./negotiate.js";
import { findRelation, outputNames } from "./read.js";
import { checkMaxAffected, csvHeader, preferenceApplied, requireSingleRow, unwrapSingle } from "./respond.js";
import { gucsOf, type ResponseGucs } from "./response-gucs.js";

interface Outcome {
  affected: number;
  /** Rows an upsert inserted rather than updated, when the statement can tell. */
  inserted?: number;
  body?: string;
  location?: string;
  gucs?: ResponseGucs;
}

/**
 * 201 when a row was created. An upsert that may update (merge-duplicates, PUT)
 * answers 200 when it inserted nothing, as PostgREST does; ignore-duplicates stays 201.
 */
function writeStatus(r: RestRequest, plan: MutationPlan, outcome: Outcome, representation: boolean): number {
  const created = outcome.inserted === undefined ? plan.kind === "insert" : outcome.inserted > 0;
  if (r.method === "PUT") return representation ? (created ? 201 : 200) : 204;
  if (r.method !== "POST") return representation ? 200 : 204;
  return created || !tracksInserted(plan) ? 201 : 200;
}

export async function handleTableWrite(r: RestRequest, name: string): Promise<RestResponse> {
  const relation = findRelation(r.cache, r.schema, name);
  const q = parseQuery(r.query);
  const maxRows = r.cache.settings.maxRows;
  let plan: MutationPlan;
  if (r.method === "POST") plan = planInsert(relation, q, r.body, r.prefs);
  else if (r.method === "PATCH") plan = planUpdate(relation, q, r.body, writeConditions(relation, q, maxRows));
  else if (r.method === "DELETE") plan = planDelete(relation, writeConditions(relation, q, maxRows));
  else if (r.method === "PUT") plan = planPut(relation, q, r.body, maxRows);
  else throw REST_ERRORS.unsupportedMethod(r.method);

  const representation = r.prefs.return === "representation";
  const headersOnly = r.prefs.return === "headers-only" && r.method === "POST";
  const returning = representation ? planReturning(relation, q, r.cache.settings.aggregatesEnabled) : undefined;
  const b = new SqlBuilder();
  const noop =
    plan.kind !== "delete" && plan.body.columns.length === 0 && (plan.kind === "update" || plan.body.json === "[]");
  const text = returning
    ? mutationReadSql(b, plan, returning, { csv: r.media === "csv", stripNulls: r.stripNulls })
    : mutationSql(b, plan, headersOnly ? "pk" : "none");

  if (r.media === "plan") return explainResponse(r, { text, values: b.values }, false);
  const tracked = tracksInserted(plan);
  const outcome: Outcome = noop
    ? { affected: 0, body: "[]", ...(tracked && { inserted: 0 }) }
    : await withScope(
        r.ctx.db.api,
        scopeFor(r, false),
        async (client): Promise<Outcome> => {
          const res = await client.query(text, b.values);
          const affected = returning ? Number(res.rows[0].page) : (res.rowCount ?? 0);
          // PUT wrote nothing: the payload's key is not the URL's (rolled back with the error).
          if (r.method === "PUT" && affected !== 1) {
            throw payloadKeyMismatch();
          }
          checkMaxAffected(r.prefs, affected);
          if (returning && r.media === "object") requireSingleRow(affected);
          const first = headersOnly ? res.rows[0] : undefined;
          // A representation read already carries the settings; a bare DML statement cannot.
          const settingsRow = returning ? res.rows[0] : (await client.query(`select ${RESPONSE_GUC_COLUMNS}`)).rows[0];
          const gucs = gucsOf(settingsRow);
          return {
            affected,
            ...(returning && { body: res.rows[0].body as string }),
            ...(tracked && {
              inserted: returning
                ? Number(res.rows[0].inserted)
                : res.rows.filter((row) => row[INSERTED_COLUMN]).length,
            }),
            ...(first && {
              location: `/${name}?${relation.pk.map((c) => `${c}=eq.${encodeURIComponent(String(first[c]))}`).join("&")}`,
            }),
            ...(gucs && { gucs }),
          };
        },
        { rollback: rollsBack(r.cache.settings, r.prefs.tx) },
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
  const status = writeStatus(r, plan, outcome, Boolean(returning));
  const gucs = outcome.gucs ? { gucs: outcome.gucs } : {};
  if (!returning) return { status, headers, ...gucs };
  let body = outcome.body ?? "[]";
  if (r.media === "object") body = unwrapSingle(body);
  else if (r.media === "csv") body = `${csvHeader(outputNames(returning))}\n${body}`;
  headers["content-type"] = CONTENT_TYPES[r.media === "openapi" ? "json" : mediaOf(r)];
  return { status, headers, body, ...gucs };
}
