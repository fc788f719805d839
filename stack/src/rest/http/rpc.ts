// /rpc/<fn>: POST with a JSON body, GET/HEAD with query arguments. Results are read
// like a table (select, filters, order, range, embeds) from the call's CTE.
import { withScope } from "../../db/index.js";
import { pgrst } from "../errors.js";
import { parseQuery } from "../parse/query.js";
import { planRead } from "../plan/read.js";
import {
  isReadOnlyCall,
  RPC_CTE,
  resultRelation,
  rpcFromBody,
  rpcFromQuery,
  rpcSingleObject,
  SCALAR_COLUMN,
} from "../plan/rpc.js";
import { callCte } from "../sql/index.js";
import type { RestRequest, RestResponse } from "./context.js";
import { scopeFor } from "./context.js";
import { compileRead, readResponse, runRead } from "./read.js";

export async function handleRpc(r: RestRequest, name: string): Promise<RestResponse> {
  const isRead = r.method === "GET" || r.method === "HEAD";
  if (!isRead && r.method !== "POST") throw pgrst(405, "PGRST101", `Cannot use the ${r.method} method on RPC`);
  const parsed = parseQuery(r.query, { rpcRead: isRead });
  const { call, query } = isRead
    ? rpcFromQuery(r.cache, r.schema, name, parsed)
    : {
        call:
          r.prefs.params === "single-object"
            ? rpcSingleObject(r.cache, r.schema, name, r.body)
            : rpcFromBody(r.cache, r.schema, name, r.body),
        query: parsed,
      };
  const { fn } = call;
  // A void result has nothing to select; the call still runs through the same path.
  const shaped = fn.returnKind === "void" ? { ...query, select: [] } : query;
  const node = planRead(resultRelation(fn), { kind: "cte", name: RPC_CTE }, shaped, {
    maxRows: r.ctx.config.api.max_rows,
    ...(r.range && { range: r.range }),
  });
  const compiled = compileRead(node, r, {
    with: (b) => callCte(b, call),
    ...(fn.returnKind === "scalar" && { scalar: SCALAR_COLUMN }),
  });
  const readOnly = isRead || isReadOnlyCall(fn);
  const result = await withScope(r.ctx.db.api, scopeFor(r, readOnly), (client) => runRead(client, compiled), {
    rollback: r.prefs.tx === "rollback",
  });
  if (fn.returnKind === "void") return { status: 204, headers: {}, ...(result.gucs && { gucs: result.gucs }) };
  return readResponse(r, compiled, result, { singleValue: !fn.returnsSet });
}
