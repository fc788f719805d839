// /rpc/<fn>: POST with a JSON body, GET/HEAD with query arguments. Results are read
// like a table (select, filters, order, range, embeds) from the call's CTE.
import { withScope } from "../../db/scope.js";
import { REST_ERRORS } from "../errors.js";
import { parseQuery } from "../parse/query.js";
import { planRead } from "../plan/read.js";
import {
  type BodyMedia,
  isReadOnlyCall,
  RPC_CTE,
  resultRelation,
  rpcFromBody,
  rpcFromQuery,
  rpcSingleObject,
  SCALAR_COLUMN,
} from "../plan/rpc.js";
import { rollsBack } from "../schema/settings.js";
import { callCte } from "../sql/index.js";
import type { RestRequest, RestResponse } from "./context.js";
import { readLimits, scopeFor } from "./context.js";
import { explainResponse } from "./explain.js";
import { compileRead, readResponse, runRead } from "./read.js";
import { checkMaxAffected } from "./respond.js";

/** The kind of body a POST carries, from its Content-Type (JSON unless it says otherwise). */
function bodyMedia(contentType: string | string[] | undefined): BodyMedia {
  const type = String(contentType ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase();
  if (type === "text/plain") return "text";
  if (type === "text/xml") return "xml";
  if (type === "application/octet-stream") return "octet";
  return "json";
}

export async function handleRpc(r: RestRequest, name: string): Promise<RestResponse> {
  const isRead = r.method === "GET" || r.method === "HEAD";
  if (!isRead && r.method !== "POST") throw REST_ERRORS.rpcMethod(r.method);
  const parsed = parseQuery(r.query, { rpcRead: isRead });
  const { call, query } = isRead
    ? rpcFromQuery(r.cache, r.schema, name, parsed)
    : {
        call:
          r.prefs.params === "single-object"
            ? rpcSingleObject(r.cache, r.schema, name, r.body)
            : rpcFromBody(r.cache, r.schema, name, r.body, bodyMedia(r.headers["content-type"])),
        query: parsed,
      };
  const { fn } = call;
  // A void result has nothing to select; the call still runs through the same path.
  const shaped = fn.returnKind === "void" ? { ...query, select: [] } : query;
  const node = planRead(resultRelation(fn), { kind: "cte", name: RPC_CTE }, shaped, readLimits(r));
  const compiled = compileRead(node, r, {
    with: (b) => callCte(b, call),
    ...(fn.returnKind === "scalar" && { scalar: SCALAR_COLUMN }),
  });
  const readOnly = isRead || isReadOnlyCall(fn);
  if (r.media === "plan") return explainResponse(r, compiled.main, readOnly);
  const strictMaxAffected = r.prefs.handling === "strict" && r.prefs.maxAffected !== undefined;
  if (strictMaxAffected && !fn.returnsSet) {
    throw REST_ERRORS.maxAffectedNeedsSet();
  }
  const result = await withScope(
    r.ctx.db.api,
    scopeFor(r, readOnly),
    async (client) => {
      const read = await runRead(client, compiled);
      // Thrown inside the transaction: what the function wrote is rolled back.
      checkMaxAffected(r.prefs, read.page);
      return read;
    },
    { rollback: rollsBack(r.cache.settings, r.prefs.tx) },
  );
  if (fn.returnKind === "void") return { status: 204, headers: {}, ...(result.gucs && { gucs: result.gucs }) };
  return readResponse(r, compiled, result, { singleValue: !fn.returnsSet });
}
